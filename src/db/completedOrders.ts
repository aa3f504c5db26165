/**
 * The earnings rules in SQL, for the sums that must be computed in the database: the admin
 * report (src/db/reports.ts) and a courier's own earnings (src/db/earnings.ts). Each
 * mirrors one function of src/domain; rows read one by one use those functions instead.
 */
import { and, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { COMPLETED_STATUSES } from '../domain/orderStatus';
import type { Range } from '../domain/time';
import { orders } from './schema';

/**
 * Orders completed in the range (counted on the day they were completed, D21). The range
 * walks an index on completed_at (orders_completed_report_idx, or the courier's own); the
 * status check is written `+status` so SQLite keeps it a filter on that index rather than
 * choosing a status index and reading every completed order of the year.
 */
export function completedIn(range: Range): SQL {
  return and(inArray(sql`+${orders.status}`, [...COMPLETED_STATUSES]), gte(orders.completedAt, range.start), lt(orders.completedAt, range.end))!;
}

/** courierEarnings.ts deliveryEarnings `total`: the courier's pay, else the delivery fee. */
export const courierEarnedCents = sql<number>`coalesce(${orders.courierPayCents}, ${orders.deliveryFeeCents})`;

/** fees.ts platformFee: fee + tip − courier pay; the whole fee before any pay is set. */
export const platformFeeCents = sql<number>`case when ${orders.courierPayCents} is null then ${orders.deliveryFeeCents}
  else ${orders.deliveryFeeCents} + ${orders.tipCents} - ${orders.courierPayCents} end`;
