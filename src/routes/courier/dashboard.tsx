/** Courier dashboard (spec 3 §2.4). */
import { and, asc, eq, not, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { orders } from '../../db/schema';
import { courierStatusLabel, FINISHED_STATUSES } from '../../domain/orderStatus';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { Badge, EmptyState, Time } from '../../views/components/ui';
import { courierPage } from './page';

const dashboard = new Hono<AppEnv>();

dashboard.get('/', requirePage('courier'), (c) => {
  const courierId = c.var.user!.courierId;
  return courierPage(c, {
    title: 'Dashboard',
    partials: {
      'your-orders': {
        render: async () => {
          const mine = courierId
            ? await c.var.db
                .select()
                .from(orders)
                .where(and(eq(orders.courierId, courierId), not(inArray(orders.status, [...FINISHED_STATUSES]))))
                .orderBy(asc(orders.pickupTime))
            : [];
          return (
            <section aria-labelledby="your-orders-heading">
              <h2 id="your-orders-heading" className="mb-3 text-lg font-semibold">
                Your Orders ({mine.length})
              </h2>
              {mine.length === 0 ? (
                <EmptyState>No orders assigned to you.</EmptyState>
              ) : (
                <ul className="space-y-3">
                  {mine.map((order) => (
                    <li key={order.id} className="card p-4">
                      <div className="flex items-center justify-between gap-2">
                        <span className="font-semibold">{order.restaurantName}</span>
                        <Badge tone="violet">{courierStatusLabel(order.status)}</Badge>
                      </div>
                      <p className="mt-1 text-sm text-slate-600">{order.restaurantAddress}</p>
                      <p className="mt-1 text-sm">
                        Pick-Up: <Time value={order.pickupTime} /> · Drop-Off: <Time value={order.deliveryTime} />
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        },
      },
    },
    body: (slot) => slot('your-orders'),
  });
});

export default dashboard;
