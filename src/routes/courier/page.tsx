/**
 * Every courier page has the layout, the outbox's "Waiting to sync" badge (the CourierSync
 * island, which also sends what waits), and the active-orders indicator, a partial polled
 * every 5 s whose link opens the active delivery.
 */
import type { Context } from 'hono';
import type { ReactNode } from 'react';
import type { CourierView } from '../../../islands/lib/courier/types';
import { activeOrderSummary } from '../../db/orders/courier';
import { versionTag } from '../../db/versions';
import type { AppEnv } from '../../env';
import { openMapConfig } from '../../views/assets';
import { Island } from '../../views/Island';
import { CourierLayout } from '../../views/layouts/CourierLayout';
import { respond, type PartialSpec, type Regions, type Slot } from '../../views/render';

/** What the courier islands need to know about the page. */
export function courierView(c: Context<AppEnv>): CourierView {
  return {
    userId: c.var.user!.id,
    courierBase: c.var.courierBase,
    timeZone: c.var.timeZone,
    now: Date.now(),
    proximityCheck: c.env.PROXIMITY_CHECK !== 'off',
    openMap: openMapConfig(c.env),
  };
}

/** "N Active Order(s)" with a pulsing dot; the link opens the first one's workflow (spec 3-courier-area.md §2.3). */
function ActiveOrdersIndicator({ count, orderId, base }: { count: number; orderId: number | null; base: string }) {
  if (count === 0 || orderId == null) {
    return (
      <span className="text-sm text-slate-500" data-active-orders="0">
        No Active Orders
      </span>
    );
  }
  return (
    <a
      href={`${base}/dashboard?order=${orderId}`}
      data-open-order={orderId}
      data-active-orders={count}
      className="flex min-h-11 items-center gap-2 rounded-full bg-emerald-50 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-emerald-800"
    >
      <span className="relative flex h-2.5 w-2.5" aria-hidden="true">
        <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-75" />
        <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-emerald-500" />
      </span>
      {`${count} Active Order${count === 1 ? '' : 's'}`}
    </a>
  );
}

/** `body` may read (async): a page's own reads then run only for the whole page, not for a region's refresh. */
export function courierPage(
  c: Context<AppEnv>,
  options: { title: string; partials?: Regions; body: (slot: Slot) => ReactNode | Promise<ReactNode> },
): Promise<Response> {
  const db = c.var.db;
  const courierId = c.var.user!.courierId;
  const base = c.var.courierBase;
  const indicator: PartialSpec = {
    poll: 5000,
    etag: () => versionTag(db, ['orders'], 'courier-active', courierId),
    render: async () => {
      const active = courierId ? await activeOrderSummary(db, courierId) : { count: 0, firstId: null };
      return <ActiveOrdersIndicator count={active.count} orderId={active.firstId} base={base} />;
    },
    fallback: <span className="text-sm text-slate-500">Loading...</span>,
  };
  return respond(
    c,
    { ...options.partials, 'active-indicator': indicator },
    async (slot) => (
      <CourierLayout
        title={options.title}
        indicator={
          <div className="flex items-center gap-2">
            <Island name="CourierSync" props={{ userId: c.var.user!.id, signInUrl: `${base}/login`, courierBase: base }} />
            {slot('active-indicator')}
          </div>
        }
      >
        {await options.body(slot)}
      </CourierLayout>
    ),
    { title: options.title },
  );
}
