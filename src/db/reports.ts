/**
 * The admin earnings report (spec 1 §2.11, §7.7), computed in SQL over the orders
 * completed in a range of days (the range is taken in the service time zone by the
 * caller). Rules in src/domain/earnings.ts; the platform fee follows fees.ts platformFee.
 */
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { COMPLETED_STATUSES } from '../domain/orderStatus';
import type { EarningsRow } from '../domain/earnings';
import type { Range } from '../domain/time';
import type { Db } from './client';
import { couriers, orders, restaurants, users } from './schema';

/** fees.ts platformFee in SQL: fee + tip − courier pay; the whole fee before any pay is set. */
const platformFee = sql<number>`case when ${orders.courierPayCents} is null then ${orders.deliveryFeeCents}
  else ${orders.deliveryFeeCents} + ${orders.tipCents} - ${orders.courierPayCents} end`;
/** What the courier is paid for the order, as the courier's own earnings count it (spec 3 §2.16). */
const courierTotal = sql<number>`coalesce(${orders.courierPayCents}, ${orders.deliveryFeeCents})`;

/**
 * Orders completed in the range. The range walks orders_completed_report_idx; the status
 * check is written `+status` so SQLite keeps it a filter on that index rather than
 * choosing a status index and reading every completed order of the year.
 */
function completedIn(range: Range): SQL {
  return and(inArray(sql`+${orders.status}`, [...COMPLETED_STATUSES]), gte(orders.completedAt, range.start), lt(orders.completedAt, range.end))!;
}

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
      basePayCents: sql<number>`sum(${courierTotal} - ${orders.tipCents})`.as('base_pay_cents'),
      tipsCents: sql<number>`sum(${orders.tipCents})`.as('tips_cents'),
      totalCents: sql<number>`sum(${courierTotal})`.as('total_cents'),
    })
    .from(orders)
    // Orders without a courier are left out of the courier summary (spec 1 §2.11).
    .where(and(where, isNotNull(orders.courierId)))
    .groupBy(orders.courierId)
    .as('by_courier');
  const byRestaurant = db
    .select({
      restaurantId: orders.restaurantId,
      orders: sql<number>`count(*)`.as('orders'),
      orderTotalCents: sql<number>`sum(${orders.amountCents})`.as('order_total_cents'),
      platformFeeCents: sql<number>`sum(${platformFee})`.as('platform_fee_cents'),
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
        totalPlatformRevenueCents: sql<number>`coalesce(sum(${platformFee}), 0)`,
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
      platformFeeCents: platformFee,
    })
    .from(orders)
    .leftJoin(couriers, eq(couriers.id, orders.courierId))
    .leftJoin(users, eq(users.id, couriers.userId))
    .where(and(completedIn(range), after))
    .orderBy(asc(orders.completedAt), asc(orders.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

