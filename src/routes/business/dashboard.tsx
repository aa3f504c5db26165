/** Business dashboard (spec 2 §2.4) at /restaurant and /dashboard. */
import { and, asc, eq, inArray, not } from 'drizzle-orm';
import { Hono } from 'hono';
import { businessTotals } from '../../db/dashboard';
import { orders } from '../../db/schema';
import { formatUsd } from '../../domain/money';
import { FINISHED_STATUSES } from '../../domain/orderStatus';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { Card, EmptyState, Money, PageHeader, StatusBadge, Time } from '../../views/components/ui';
import { BusinessLayout } from '../../views/layouts/BusinessLayout';
import { respond } from '../../views/render';

const dashboard = new Hono<AppEnv>();

dashboard.get('/', requirePage('restaurant'), (c) => {
  const db = c.var.db;
  const restaurantId = c.var.user!.restaurantId;
  return respond(
    c,
    {
      totals: {
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
      },
      'active-orders': {
        render: async () => {
          const active = restaurantId
            ? await db
                .select()
                .from(orders)
                .where(and(eq(orders.restaurantId, restaurantId), not(inArray(orders.status, [...FINISHED_STATUSES]))))
                .orderBy(asc(orders.pickupTime))
                .limit(100)
            : [];
          if (active.length === 0) return <EmptyState>No active orders.</EmptyState>;
          return (
            <ul className="space-y-3">
              {active.map((order) => (
                <li key={order.id} className="card p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="font-semibold">
                      Order #{order.orderNumber} <span className="font-normal text-slate-500">· Internal Order #{order.internalOrderNumber}</span>
                    </div>
                    <StatusBadge status={order.status} />
                  </div>
                  <p className="mt-1 text-sm">
                    {order.customerName} · {order.customerAddress}
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    Pickup <Time value={order.pickupTime} /> · Delivery <Time value={order.deliveryTime} /> · <Money cents={order.amountCents} />
                  </p>
                </li>
              ))}
            </ul>
          );
        },
      },
    },
    (slot) => (
      <BusinessLayout title="Dashboard">
        <PageHeader
          title="Dashboard"
          actions={
            <a href="/restaurant/create-order" className="btn btn-primary">
              Create New Order
            </a>
          }
        />
        {slot('totals')}
        <h2 className="mt-8 mb-3 text-lg font-semibold">Active orders</h2>
        {slot('active-orders')}
      </BusinessLayout>
    ),
  );
});

export default dashboard;
