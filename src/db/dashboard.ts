/**
 * Numbers for the dashboards. Totals come from restaurant_order_totals (kept by
 * triggers), so no dashboard scans the orders table however large it grows.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_STATUSES } from '../domain/orderStatus';
import type { Db } from './client';
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

/** The bell's counts (spec 1-foundations-and-admin.md §2.5): served from the (status, delivery_time) index. */
export async function notificationCounts(db: Db): Promise<{ newOrders: number; awaitingCourier: number }> {
  const rows = await db
    .select({ status: orders.status, count: sql<number>`count(*)` })
    .from(orders)
    .where(inArray(orders.status, [...NOTIFICATION_STATUSES]))
    .groupBy(orders.status);
  const count = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return { newOrders: count('new'), awaitingCourier: count('pending_courier') };
}
