/** What the minute's dispatcher alerts name (issue 29): orders by number, restaurant and courier. */
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { AlertOrder } from '../domain/live';
import type { Db } from './client';
import { couriers, orders, users } from './schema';

const named = { orderId: orders.id, orderNumber: orders.orderNumber, restaurantName: orders.restaurantName };

/**
 * The orders just marked missed (`missedIds`) with their couriers, and the offers to a zone
 * that went unanswered in the minute ending `unansweredBy` (offered in the minute before
 * it), in one round trip.
 */
export async function ordersToAlert(db: Db, missedIds: readonly number[], unansweredBy: number): Promise<{ missed: AlertOrder[]; unanswered: AlertOrder[] }> {
  const [missed, unanswered] = await db.batch([
    db
      .select({ ...named, courierName: users.name })
      .from(orders)
      .leftJoin(couriers, eq(couriers.id, orders.courierId))
      .leftJoin(users, eq(users.id, couriers.userId))
      .where(inArray(orders.id, [...missedIds]))
      .orderBy(asc(orders.pickupTime)),
    db
      .select(named)
      .from(orders)
      .where(and(eq(orders.status, 'pending_courier'), gt(orders.updatedAt, unansweredBy - 60_000), lte(orders.updatedAt, unansweredBy)))
      .orderBy(asc(orders.pickupTime)),
  ]);
  return { missed, unanswered };
}
