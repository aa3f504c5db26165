/**
 * Numbers for the dashboards. Totals come from restaurant_order_totals (kept by
 * triggers), so no dashboard scans the orders table however large it grows.
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { NOTIFICATION_STATUSES } from '../domain/orderStatus';
import type { Db } from './client';
import { needsPerson } from './dispatchQueue';
import { couriers, orders, restaurantOrderTotals, restaurants, users } from './schema';

const t = restaurantOrderTotals;

export interface OrderTotals {
  ordersCount: number;
  activeCount: number;
  completedCount: number;
  completedAmountCents: number;
  completedDeliveryFeeCents: number;
  completedTipCents: number;
  completedCourierPayCents: number;
}

const totalsColumns = {
  ordersCount: sql<number>`coalesce(sum(${t.ordersCount}), 0)`,
  activeCount: sql<number>`coalesce(sum(${t.activeCount}), 0)`,
  completedCount: sql<number>`coalesce(sum(${t.completedCount}), 0)`,
  completedAmountCents: sql<number>`coalesce(sum(${t.completedAmountCents}), 0)`,
  completedDeliveryFeeCents: sql<number>`coalesce(sum(${t.completedDeliveryFeeCents}), 0)`,
  completedTipCents: sql<number>`coalesce(sum(${t.completedTipCents}), 0)`,
  completedCourierPayCents: sql<number>`coalesce(sum(${t.completedCourierPayCents}), 0)`,
};

export interface AdminDashboardStats {
  orders: OrderTotals;
  activeCouriers: number;
  activeRestaurants: number;
}

/** Spec 1 §2.6, in one round trip. */
export async function adminDashboardStats(db: Db): Promise<AdminDashboardStats> {
  const [[orderTotals], [courierCount], [restaurantCount]] = await db.batch([
    db.select(totalsColumns).from(t),
    db
      .select({ count: sql<number>`count(*)` })
      .from(couriers)
      .innerJoin(users, eq(users.id, couriers.userId))
      .where(eq(users.isActive, true)),
    db
      .select({ count: sql<number>`count(*)` })
      .from(restaurants)
      .innerJoin(users, eq(users.id, restaurants.userId))
      .where(eq(users.isActive, true)),
  ]);
  return { orders: orderTotals, activeCouriers: courierCount.count, activeRestaurants: restaurantCount.count };
}

/** Spec 2 §2.4: one business's totals. */
export async function businessTotals(db: Db, restaurantId: number): Promise<OrderTotals> {
  const [row] = await db.select(totalsColumns).from(t).where(eq(t.restaurantId, restaurantId));
  return row;
}

export interface NotificationCounts {
  newOrders: number;
  awaitingCourier: number;
  /** The queue's orders given back by their courier, missed, or not delivered (issue 29). */
  declined: number;
  missed: number;
  failed: number;
}

/**
 * The bell's counts (spec 1-foundations-and-admin.md §2.5), served from the (status,
 * delivery_time) index, and the queue's orders that went wrong (issue 29), counted as the
 * queue finds them, in one round trip.
 */
export async function notificationCounts(db: Db, now: number): Promise<NotificationCounts> {
  const wentWrong = sql<'failed' | 'missed' | 'declined'>`case when ${orders.deliveryFailedAt} is not null then 'failed' else ${orders.status} end`;
  const [rows, problems] = await db.batch([
    db
      .select({ status: orders.status, count: sql<number>`count(*)` })
      .from(orders)
      .where(inArray(orders.status, [...NOTIFICATION_STATUSES]))
      .groupBy(orders.status),
    db
      .select({ kind: wentWrong, count: sql<number>`count(*)` })
      .from(orders)
      .where(and(needsPerson(now), or(isNotNull(orders.deliveryFailedAt), inArray(orders.status, ['missed_pickup', 'courier_rejected']))))
      .groupBy(wentWrong),
  ]);
  const count = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  const problem = (kind: string) => problems.find((row) => row.kind === kind)?.count ?? 0;
  return {
    newOrders: count('new'),
    awaitingCourier: count('pending_courier'),
    declined: problem('courier_rejected'),
    missed: problem('missed_pickup'),
    failed: problem('failed'),
  };
}
