/**
 * The admin earnings report (spec 1-foundations-and-admin.md §2.11, §7.7), computed in SQL over the orders
 * completed in a range of days (the range is taken in the service time zone by the
 * caller). Rules in src/domain/earnings.ts; their SQL forms in ./completedOrders.ts.
 */
import { and, asc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { EarningsRow } from '../domain/earnings';
import type { Range } from '../domain/time';
import type { Db } from './client';
import { completedIn, courierEarnedCents, platformFeeCents } from './completedOrders';
import { couriers, orders, restaurants, users } from './schema';

export interface EarningsSummary {
  totalOrders: number;
  totalOrdersAmountCents: number;
  totalCourierPayCents: number;
  totalPlatformRevenueCents: number;
}

export interface CourierEarnings {
  courierId: number;
  courierName: string | null;
  orders: number;
  basePayCents: number;
  tipsCents: number;
  totalCents: number;
}

export interface RestaurantEarnings {
  restaurantId: number;
  restaurantName: string;
  orders: number;
  orderTotalCents: number;
  platformFeeCents: number;
}

/** The summary cards, both summary tabs and a page of rows (none by default), in one round trip. */
export async function earningsOverview(
  db: Db,
  range: Range,
  page: { limit: number; offset: number } = { limit: 0, offset: 0 },
): Promise<{ summary: EarningsSummary; couriers: CourierEarnings[]; restaurants: RestaurantEarnings[]; rows: EarningsRow[] }> {
  const where = completedIn(range);
  // Each summary is summed from the index first and named afterwards: a few hundred name
  // lookups instead of one per order of the month.
  const byCourier = db
    .select({
      courierId: orders.courierId,
      orders: sql<number>`count(*)`.as('orders'),
      basePayCents: sql<number>`sum(${courierEarnedCents} - ${orders.tipCents})`.as('base_pay_cents'),
      tipsCents: sql<number>`sum(${orders.tipCents})`.as('tips_cents'),
      totalCents: sql<number>`sum(${courierEarnedCents})`.as('total_cents'),
    })
    .from(orders)
    // Orders without a courier are left out of the courier summary (spec 1-foundations-and-admin.md §2.11).
    .where(and(where, isNotNull(orders.courierId)))
    .groupBy(orders.courierId)
    .as('by_courier');
  const byRestaurant = db
    .select({
      restaurantId: orders.restaurantId,
      orders: sql<number>`count(*)`.as('orders'),
      orderTotalCents: sql<number>`sum(${orders.amountCents})`.as('order_total_cents'),
      platformFeeCents: sql<number>`sum(${platformFeeCents})`.as('platform_fee_cents'),
    })
    .from(orders)
    .where(where)
    .groupBy(orders.restaurantId)
    .as('by_restaurant');
  const [[summary], courierRows, restaurantRows, rows] = await db.batch([
    db
      .select({
        totalOrders: sql<number>`count(*)`,
        totalOrdersAmountCents: sql<number>`coalesce(sum(${orders.amountCents}), 0)`,
        totalCourierPayCents: sql<number>`coalesce(sum(${orders.courierPayCents}), 0)`,
        totalPlatformRevenueCents: sql<number>`coalesce(sum(${platformFeeCents}), 0)`,
      })
      .from(orders)
      .where(where),
    db
      .select({
        courierId: sql<number>`${byCourier.courierId}`,
        courierName: users.name,
        orders: byCourier.orders,
        basePayCents: byCourier.basePayCents,
        tipsCents: byCourier.tipsCents,
        totalCents: byCourier.totalCents,
      })
      .from(byCourier)
      .leftJoin(couriers, eq(couriers.id, byCourier.courierId))
      .leftJoin(users, eq(users.id, couriers.userId))
      .orderBy(asc(sql`coalesce(${users.name}, '') collate nocase`), asc(byCourier.courierId)),
    // Grouped by business and named as it is called now (orders always belong to a business).
    db
      .select({
        restaurantId: byRestaurant.restaurantId,
        restaurantName: restaurants.name,
        orders: byRestaurant.orders,
        orderTotalCents: byRestaurant.orderTotalCents,
        platformFeeCents: byRestaurant.platformFeeCents,
      })
      .from(byRestaurant)
      .innerJoin(restaurants, eq(restaurants.id, byRestaurant.restaurantId))
      .orderBy(asc(sql`${restaurants.name} collate nocase`), asc(byRestaurant.restaurantId)),
    earningsRows(db, range, page),
  ]);
  return { summary, couriers: courierRows, restaurants: restaurantRows, rows };
}

/** Where the previous batch of rows ended (keyset: stable and cheap at any depth). */
export interface EarningsCursor {
  completedAt: number;
  id: number;
}

/** Report rows in the order they were completed: a page by offset, or a batch after a cursor (a query: await it or batch it). */
export function earningsRows(db: Db, range: Range, page: { limit: number; offset?: number; after?: EarningsCursor }) {
  const after = page.after
    ? or(gt(orders.completedAt, page.after.completedAt), and(eq(orders.completedAt, page.after.completedAt), gt(orders.id, page.after.id)))
    : undefined;
  return db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      completedAt: sql<number>`${orders.completedAt}`,
      restaurantName: orders.restaurantName,
      courierId: orders.courierId,
      courierName: users.name,
      amountCents: orders.amountCents,
      deliveryFeeCents: orders.deliveryFeeCents,
      tipCents: orders.tipCents,
      courierPayCents: orders.courierPayCents,
    })
    .from(orders)
    .leftJoin(couriers, eq(couriers.id, orders.courierId))
    .leftJoin(users, eq(users.id, couriers.userId))
    .where(and(completedIn(range), after))
    .orderBy(asc(orders.completedAt), asc(orders.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}
