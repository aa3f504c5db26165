/**
 * Orders per status among all orders due in a range: what the admin's tab counts are made of,
 * read from order_hour_counts (kept by the triggers of migration 0028) for the whole hours
 * of the range and from orders only for the minutes left at either end (a range in a time
 * zone whose offset is not whole hours). A month costs its 720 hours, not its orders.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Range } from '../../domain/time';
import type { Db } from '../client';
import { orderHourCounts, orders } from '../schema';

/** The bucket of order_hour_counts: delivery_time / this, as the migration's triggers divide it. */
export const ORDER_COUNT_BUCKET_MS = 3_600_000;

export interface StatusCount {
  status: string;
  count: number;
}

const ordersDueIn = (start: number, end: number) =>
  sql`select ${orders.status} as status, 1 as n from ${orders} where ${orders.deliveryTime} >= ${start} and ${orders.deliveryTime} < ${end}`;

/** (status, n) rows whose n sum to the orders per status due in the range (all orders with null). */
function dueInHours(range: Range | null): SQL {
  const hours = sql`select ${orderHourCounts.status} as status, ${orderHourCounts.orders} as n from ${orderHourCounts}`;
  const parts: SQL[] = [];
  if (!range) parts.push(hours);
  else {
    const firstHour = Math.ceil(range.start / ORDER_COUNT_BUCKET_MS);
    const endHour = Math.floor(range.end / ORDER_COUNT_BUCKET_MS);
    if (firstHour >= endHour) parts.push(ordersDueIn(range.start, range.end));
    else {
      parts.push(sql`${hours} where ${orderHourCounts.hour} >= ${firstHour} and ${orderHourCounts.hour} < ${endHour}`);
      if (range.start < firstHour * ORDER_COUNT_BUCKET_MS) parts.push(ordersDueIn(range.start, firstHour * ORDER_COUNT_BUCKET_MS));
      if (endHour * ORDER_COUNT_BUCKET_MS < range.end) parts.push(ordersDueIn(endHour * ORDER_COUNT_BUCKET_MS, range.end));
    }
  }
  return sql.join(parts, sql` union all `);
}

/** The query (await it or batch it): orders per status due in the range, or among all orders with null. */
export function statusCountsFromHours(db: Db, range: Range | null) {
  // Statuses whose orders all moved on keep a row of 0: left out, as a count over orders would.
  return db.all<StatusCount>(sql`select status, sum(n) as count from (${dueInHours(range)}) group by status having sum(n) > 0`);
}

/** A scalar subquery: how many orders due in the range have one of these statuses. */
export const countFromHours = (range: Range | null, statuses: readonly string[]): SQL =>
  sql`(select coalesce(sum(n), 0) from (${dueInHours(range)}) where status in (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )}))`;

/** Whether a filter is every order of a range (nothing else narrows it): what the hours can count. */
export const countableFromHours = (narrowing: Record<string, unknown>): boolean => Object.values(narrowing).every((condition) => condition == null);
