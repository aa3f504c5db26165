/**
 * The admin earnings report (spec 1-foundations-and-admin.md §2.11, §7.7), computed in SQL over the orders
 * completed in a range of days (the range is taken in the service time zone by the
 * caller). Rules in src/domain/earnings.ts; their SQL forms in ./completedOrders.ts.
 */
import { and, asc, count, eq, exists, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { EarningsRow } from '../domain/earnings';
import type { Range } from '../domain/time';
import type { RunnableQuery } from 'drizzle-orm/runnable-query';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';
import { completedIn, courierEarnedCents, platformFeeCents } from './completedOrders';
import { couriers, earningsHourlyTotals, orders, restaurants, users } from './schema';

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

const HOUR_MS = 3_600_000;

/**
 * A range cut where earnings_hourly_totals can answer it: its whole hours (hour numbers,
 * `end` exclusive), and the minutes before the first and after the last, which are summed
 * from orders. A day of a zone a whole number of hours from UTC has no such minutes.
 */
export function wholeHoursOf(range: Range): { hours: { first: number; end: number }; before: Range; after: Range } {
  const first = Math.ceil(range.start / HOUR_MS);
  const end = Math.floor(range.end / HOUR_MS);
  if (first >= end) return { hours: { first, end: first }, before: range, after: { start: range.end, end: range.end } };
  return { hours: { first, end }, before: { start: range.start, end: first * HOUR_MS }, after: { start: end * HOUR_MS, end: range.end } };
}

/**
 * The summary cards in one statement: the range's whole hours from the totals the triggers
 * keep (a few hundred rows for a month, however many orders it holds), the minutes at
 * either end from the orders themselves (a query: await it or batch it).
 */
export function earningsSummary(db: Db, range: Range) {
  const { hours, before, after } = wholeHoursOf(range);
  const totals = earningsHourlyTotals;
  // Each part's columns are named after it: a part's column is written bare in the sums below.
  const named = (part: string, sums: { orders: SQL; amountCents: SQL; courierPayCents: SQL; platformFeeCents: SQL }) => ({
    orders: sql<number>`${sums.orders}`.as(`${part}_orders`),
    amountCents: sql<number>`coalesce(${sums.amountCents}, 0)`.as(`${part}_amount_cents`),
    courierPayCents: sql<number>`coalesce(${sums.courierPayCents}, 0)`.as(`${part}_courier_pay_cents`),
    platformFeeCents: sql<number>`coalesce(${sums.platformFeeCents}, 0)`.as(`${part}_platform_fee_cents`),
  });
  const whole = db
    .select(
      named('whole', {
        orders: sql`coalesce(sum(${totals.ordersCount}), 0)`,
        amountCents: sql`sum(${totals.amountCents})`,
        courierPayCents: sql`sum(${totals.courierPayCents})`,
        platformFeeCents: sql`sum(${totals.platformFeeCents})`,
      }),
    )
    .from(totals)
    .where(and(gte(totals.hour, hours.first), lt(totals.hour, hours.end)))
    .as('whole');
  const edge = (part: string, edgeRange: Range) =>
    db
      .select(
        named(part, {
          orders: sql`count(*)`,
          amountCents: sql`sum(${orders.amountCents})`,
          courierPayCents: sql`sum(${orders.courierPayCents})`,
          platformFeeCents: sql`sum(${platformFeeCents})`,
        }),
      )
      .from(orders)
      .where(completedIn(edgeRange))
      .as(part);
  const head = edge('head', before);
  const tail = edge('tail', after);
  const sum = (column: keyof typeof whole._.selectedFields) => sql<number>`${whole[column]} + ${head[column]} + ${tail[column]}`;
  return db
    .select({
      totalOrders: sum('orders'),
      totalOrdersAmountCents: sum('amountCents'),
      totalCourierPayCents: sum('courierPayCents'),
      totalPlatformRevenueCents: sum('platformFeeCents'),
    })
    .from(whole)
    .crossJoin(head)
    .crossJoin(tail);
}

/** The summary cards and a page of rows (none by default), in one round trip. */
export async function earningsOverview(
  db: Db,
  range: Range,
  page: { limit: number; offset: number } = { limit: 0, offset: 0 },
): Promise<{ summary: EarningsSummary; rows: EarningsRow[] }> {
  const [[summary], rows] = await db.batch([earningsSummary(db, range), earningsRows(db, range, page)]);
  return { summary, rows };
}

/** A page of a summary tab, and how many rows the whole tab has. */
export interface SummaryPage<Row> {
  rows: Row[];
  total: number;
}

type PageOf = { limit: number; offset: number };

export type SummaryTabRead<Row> = (db: Db, range: Range, page: PageOf) => Promise<SummaryPage<Row>>;

/**
 * Whether a courier or business (its id column, and the column of orders naming it)
 * completed an order in the range: one look into the index on that column and completed_at.
 */
function completedAnyIn(db: Db, ordersColumn: SQLiteColumn, id: SQLiteColumn, range: Range) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(eq(ordersColumn, id), completedIn(range))),
  );
}

/**
 * The Courier Summary tab's page and count: the couriers who completed an order in the
 * range, by name, each probed with one look into orders_courier_completed_idx (a few
 * thousand couriers, never the month's orders); only the page's couriers' orders are
 * summed. Orders without a courier are left out (spec 1-foundations-and-admin.md §2.11).
 */
export function courierSummaryQueries(db: Db, range: Range, page: PageOf) {
  const active = completedAnyIn(db, orders.courierId, couriers.id, range);
  const shown = db
    .select({ courierId: couriers.id, courierName: users.name })
    .from(couriers)
    .leftJoin(users, eq(users.id, couriers.userId))
    .where(active)
    .orderBy(asc(sql`coalesce(${users.name}, '') collate nocase`), asc(couriers.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('shown');
  const rows = db
    .select({
      courierId: shown.courierId,
      courierName: shown.courierName,
      orders: sql<number>`count(*)`,
      basePayCents: sql<number>`sum(${courierEarnedCents} - ${orders.tipCents})`,
      tipsCents: sql<number>`sum(${orders.tipCents})`,
      totalCents: sql<number>`sum(${courierEarnedCents})`,
    })
    .from(shown)
    // A cross join keeps SQLite's loop order as written: the page, then each one's orders by
    // the index. Joined "inner", it read the month's orders and looked each up in the page.
    .crossJoin(orders)
    .where(and(eq(orders.courierId, shown.courierId), completedIn(range)))
    .groupBy(shown.courierId)
    .orderBy(asc(sql`coalesce(${shown.courierName}, '') collate nocase`), asc(shown.courierId));
  return { rows, total: db.select({ total: count() }).from(couriers).where(active) };
}

/**
 * The Restaurant Summary tab's page and count: the businesses that completed an order in
 * the range, by their name now, each probed with one look into
 * orders_restaurant_completed_idx; only the page's businesses' orders are summed.
 */
export function restaurantSummaryQueries(db: Db, range: Range, page: PageOf) {
  const active = completedAnyIn(db, orders.restaurantId, restaurants.id, range);
  const shown = db
    .select({ restaurantId: restaurants.id, restaurantName: restaurants.name })
    .from(restaurants)
    .where(active)
    .orderBy(asc(sql`${restaurants.name} collate nocase`), asc(restaurants.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('shown');
  const rows = db
    .select({
      restaurantId: shown.restaurantId,
      restaurantName: shown.restaurantName,
      orders: sql<number>`count(*)`,
      orderTotalCents: sql<number>`sum(${orders.amountCents})`,
      platformFeeCents: sql<number>`sum(${platformFeeCents})`,
    })
    .from(shown)
    .crossJoin(orders) // the page first, as for couriers
    .where(and(eq(orders.restaurantId, shown.restaurantId), completedIn(range)))
    .groupBy(shown.restaurantId)
    .orderBy(asc(sql`${shown.restaurantName} collate nocase`), asc(shown.restaurantId));
  return { rows, total: db.select({ total: count() }).from(restaurants).where(active) };
}

/** A summary tab's page and its count, in one round trip. */
async function readTab<Row>(db: Db, queries: { rows: RunnableQuery<Row[], 'sqlite'>; total: RunnableQuery<Array<{ total: number }>, 'sqlite'> }) {
  const [rows, [{ total }]] = await db.batch([queries.rows, queries.total]);
  return { rows, total };
}

export const courierEarningsPage: SummaryTabRead<CourierEarnings> = (db, range, page) => readTab(db, courierSummaryQueries(db, range, page));

export const restaurantEarningsPage: SummaryTabRead<RestaurantEarnings> = (db, range, page) => readTab(db, restaurantSummaryQueries(db, range, page));

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
