/** Every admin page has the layout and the notifications bell, a partial polled every 10 s. */
import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { BellIcon } from '../../shared/icons';
import { notificationCounts } from '../../db/dashboard';
import { minuteBucket, versionTag } from '../../db/versions';
import type { AppEnv } from '../../env';
import { NotificationBell } from '../../views/components/NotificationBell';
import { AdminLayout } from '../../views/layouts/AdminLayout';
import { respond, type PartialSpec, type Regions, type Slot } from '../../views/render';

export const BELL_POLL_MS = 10_000;

export function adminPage(c: Context<AppEnv>, options: { title: string; partials?: Regions; body: (slot: Slot) => ReactNode }): Promise<Response> {
  const db = c.var.db;
  const bell: PartialSpec = {
    poll: BELL_POLL_MS,
    // The minute: what the queue counts depends on the time (W9); a zone's autopilot decides what it counts (W12).
    etag: () => versionTag(db, ['orders', 'restaurants', 'zones'], 'bell', minuteBucket()),
    render: async () => <NotificationBell {...await notificationCounts(db, Date.now())} />,
    fallback: (
      <span className="btn btn-ghost h-9 w-9 px-0 text-slate-400" aria-hidden="true">
        <BellIcon />
      </span>
    ),
  };
  return respond(
    c,
    { ...options.partials, notifications: bell },
    (slot) => (
      <AdminLayout title={options.title} bell={slot('notifications')}>
        {options.body(slot)}
      </AdminLayout>
    ),
    { title: options.title },
  );
}
