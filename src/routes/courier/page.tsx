/** Every courier page has the layout and the active-orders indicator, a partial polled every 5 s. */
import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { courierActiveOrderCount } from '../../db/dashboard';
import { versionTag } from '../../db/versions';
import type { AppEnv } from '../../env';
import { CourierLayout } from '../../views/layouts/CourierLayout';
import { respond, type PartialSpec } from '../../views/render';

function ActiveOrdersIndicator({ count, href }: { count: number; href: string }) {
  if (count === 0) return <span className="text-sm text-slate-500">No Active Orders</span>;
  return (
    <a href={href} className="flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1.5 text-sm font-medium text-emerald-800">
      <span className="relative flex h-2.5 w-2.5">
        <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-75" />
        <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-emerald-500" />
      </span>
      {count} Active Order{count === 1 ? '' : 's'}
    </a>
  );
}

export function courierPage(
  c: Context<AppEnv>,
  options: { title: string; partials?: Record<string, PartialSpec>; body: (slot: (name: string) => ReactNode) => ReactNode },
): Promise<Response> {
  const db = c.var.db;
  const courierId = c.var.user!.courierId;
  const indicator: PartialSpec = {
    poll: 5000,
    etag: () => versionTag(db, ['orders'], 'courier-active', courierId),
    render: async () => (
      <ActiveOrdersIndicator count={courierId ? await courierActiveOrderCount(db, courierId) : 0} href={`${c.var.courierBase}/dashboard`} />
    ),
    fallback: <span className="text-sm text-slate-500">Loading...</span>,
  };
  return respond(c, { ...options.partials, 'active-indicator': indicator }, (slot) => (
    <CourierLayout title={options.title} indicator={slot('active-indicator')}>
      {options.body(slot)}
    </CourierLayout>
  ));
}
