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

function completedIn(range: Range): SQL {
  return and(inArray(orders.status, [...COMPLETED_STATUSES]), gte(orders.completedAt, range.start), lt(orders.completedAt, range.end))!;
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

/** The summary cards and both summary tabs, in one round trip. */
export async function earningsOverview(
  db: Db,
  range: Range,
): Promise<{ summary: EarningsSummary; couriers: CourierEarnings[]; restaurants: RestaurantEarnings[] }> {
  const where = completedIn(range);
  // Grouped by business; named as it is called now (an order keeps the name it was placed under).
  const restaurantName = sql<string>`coalesce(${restaurants.name}, max(${orders.restaurantName}))`;
  const [[summary], courierRows, restaurantRows] = await db.batch([
    db
      .select({
        totalOrders: sql<number>`count(*)`,
        totalOrdersAmountCents: sql<number>`coalesce(sum(${orders.amountCents}), 0)`,
        totalCourierPayCents: sql<number>`coalesce(sum(${orders.courierPayCents}), 0)`,
        totalPlatformRevenueCents: sql<number>`coalesce(sum(${platformFee}), 0)`,
      })
      .from(orders)
      .where(where),
    // Orders without a courier are left out of the courier summary (spec 1 §2.11).
    db
      .select({
        courierId: sql<number>`${orders.courierId}`,
        courierName: users.name,
        orders: sql<number>`count(*)`,
        basePayCents: sql<number>`sum(${courierTotal} - ${orders.tipCents})`,
        tipsCents: sql<number>`sum(${orders.tipCents})`,
        totalCents: sql<number>`sum(${courierTotal})`,
      })
      .from(orders)
      .leftJoin(couriers, eq(couriers.id, orders.courierId))
      .leftJoin(users, eq(users.id, couriers.userId))
      .where(and(where, isNotNull(orders.courierId)))
      .groupBy(orders.courierId)
      .orderBy(asc(sql`coalesce(${users.name}, '') collate nocase`), asc(orders.courierId)),
    db
      .select({
        restaurantId: orders.restaurantId,
        restaurantName,
        orders: sql<number>`count(*)`,
        orderTotalCents: sql<number>`sum(${orders.amountCents})`,
        platformFeeCents: sql<number>`sum(${platformFee})`,
      })
      .from(orders)
      .leftJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(where)
      .groupBy(orders.restaurantId)
      .orderBy(asc(sql`${restaurantName} collate nocase`), asc(orders.restaurantId)),
  ]);
  return { summary, couriers: courierRows, restaurants: restaurantRows };
}

/** Where the previous batch of rows ended (keyset: stable and cheap at any depth). */
export interface EarningsCursor {
  completedAt: number;
  id: number;
}

/** Report rows in the order they were completed: a page by offset, or a batch after a cursor. */
export async function earningsRows(db: Db, range: Range, page: { limit: number; offset?: number; after?: EarningsCursor }): Promise<EarningsRow[]> {
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
