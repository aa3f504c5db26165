/**
 * The shared test database starts crowded, on purpose. Before any test runs, the demo
 * businesses get more orders than any of their screens shows at once, dated where a test
 * that leans on them would look for its own: delivered in today's and this month's last
 * minute (the head of the orders lists, 50 to a page), picked up a day ago (the head of the
 * dashboard's 100 active orders), and completed every day of the last two months (every
 * earnings period near today).
 *
 * So a test that finds its data in a list of a shared demo account fails on every run, in
 * whatever order the suites run, rather than on the day enough other suites happened to
 * run before it (issue 11). Tests make accounts of their own (factories.ts) or filter on a
 * period of their own (periods.ts) instead.
 *
 * The Tampa zone's offers are not crowded: a hundred offers make every page of every
 * Tampa courier take seconds to render, and the suites render the demo couriers' pages
 * often. Tests of offers make a zone of their own (factories.ts insertServiceArea).
 */
import type { Db } from '../../src/db/client';
import { monthsLastMinute, todaysLastMinute } from './clock';
import { insertCourier, insertOrders } from './factories';

/** More than a page of orders (50) and than a dashboard's active orders (100). */
const CROWD = 120;
const DAY = 86_400_000;

export async function crowdSharedAccounts(db: Db, now = Date.now()): Promise<void> {
  const dayAgo = now - DAY;
  const waiting = Array.from({ length: CROWD }, (_, i) => ({
    customerName: 'Crowd Customer',
    pickupTime: dayAgo + i,
    deliveryTime: i % 2 ? todaysLastMinute(now) : monthsLastMinute(now),
  }));
  await insertOrders(db, 'pharmacy', waiting);
  const { courier } = await insertCourier(db);
  const completed = Array.from({ length: 61 }, (_, day) => {
    const completedAt = now - day * DAY;
    return {
      customerName: 'Crowd Customer',
      status: 'delivered' as const,
      courierId: courier.id,
      courierPayCents: 30_00,
      pickupTime: completedAt - DAY,
      deliveryTime: completedAt,
      completedAt,
    };
  });
  await insertOrders(db, 'bistro', [...waiting, ...completed]);
}
