/**
 * Business dashboard (spec 2-business-area.md §2.4) at /restaurant and /dashboard: totals from the
 * trigger-kept table, and the active orders with details and cancel. Both regions are
 * re-read every 5 s (the spec leaves the interval open; decision B3).
 */
import { Hono } from 'hono';
import { activeOrders } from '../../db/business';
import { businessTotals } from '../../db/dashboard';
import { ofBusiness, versionTag } from '../../db/versions';
import { formatUsd } from '../../domain/money';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { ActiveOrders } from '../../views/business/ActiveOrders';
import { Card, PageHeader } from '../../views/components/ui';
import { BusinessLayout } from '../../views/layouts/BusinessLayout';
import { respond } from '../../views/render';

const TITLE = 'Dashboard';

export const DASHBOARD_POLL_MS = 5000;
/** An active list longer than this is a job for Orders Management. */
const ACTIVE_LIMIT = 100;

const dashboard = new Hono<AppEnv>();

dashboard.get('/', requirePage('restaurant'), (c) => {
  const db = c.var.db;
  const restaurantId = c.var.user!.restaurantId;
  const etag = (region: string) => () => versionTag(db, ofBusiness(restaurantId, ['orders']), region, restaurantId, c.var.timeZone);
  return respond(
    c,
    {
      totals: {
        poll: DASHBOARD_POLL_MS,
        etag: etag('business-totals'),
        render: async () => {
          const totals = restaurantId ? await businessTotals(db, restaurantId) : null;
          const fees = totals?.completedDeliveryFeeCents ?? 0;
          const tips = totals?.completedTipCents ?? 0;
          return (
            <div className="grid gap-4 md:grid-cols-2">
              <Card title="Active Orders">
                <p className="text-3xl font-bold tabular-nums">{totals?.activeCount ?? 0}</p>
                <p className="text-sm text-slate-500">Out of {totals?.ordersCount ?? 0} total orders</p>
              </Card>
              <Card title="Delivered Orders Revenue">
                <p className="text-3xl font-bold tabular-nums">{formatUsd(totals?.completedAmountCents)}</p>
                <p className="text-sm text-slate-500">{totals?.completedCount ?? 0} completed orders</p>
                <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-slate-500">Service fees</dt>
                    <dd className="font-medium">{formatUsd(fees)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Tips</dt>
                    <dd className="font-medium">{formatUsd(tips)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Total payment to platform</dt>
                    <dd className="font-medium">{formatUsd(fees + tips)}</dd>
                  </div>
                </dl>
              </Card>
            </div>
          );
        },
        fallback: (
          <div className="grid gap-4 md:grid-cols-2" aria-label="Loading">
            <div className="skeleton h-32" />
            <div className="skeleton h-32" />
          </div>
        ),
      },
      'active-orders': {
        poll: DASHBOARD_POLL_MS,
        etag: etag('business-active'),
        render: async () => {
          if (!restaurantId) return <ActiveOrders orders={[]} activeCount={0} />;
          const [list, totals] = await Promise.all([activeOrders(db, restaurantId, ACTIVE_LIMIT), businessTotals(db, restaurantId)]);
          return <ActiveOrders orders={list} activeCount={totals.activeCount} />;
        },
      },
    },
    (slot) => (
      <BusinessLayout title={TITLE}>
        <PageHeader
          title="Dashboard"
          actions={
            <a href="/restaurant/create-order" className="btn btn-primary">
              Create New Order
            </a>
          }
        />
        {slot('totals')}
        <h2 className="mt-8 mb-3 text-lg font-semibold">Active Orders</h2>
        {slot('active-orders')}
      </BusinessLayout>
    ),
    { title: TITLE },
  );
});

export default dashboard;
