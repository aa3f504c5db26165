/**
 * A courier's earnings over a period (spec 3-courier-area.md §2.17, §3.6): completed orders counted on
 * the day they were completed (decision D21), totals summed in SQL, the rows
 * newest first. Per order: total = courierPay (else the delivery fee), tip = 100% of the
 * tip, base pay = the rest (src/domain/courierEarnings.ts deliveryEarnings).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { deliveryEarnings } from '../domain/courierEarnings';
import { formatMoney } from '../domain/money';
import type { Range } from '../domain/time';
import type { Db } from './client';
import { completedIn, courierEarnedCents } from './completedOrders';
import { orders } from './schema';

/** Rows shown for one period; the summary always covers the whole period. */
export const EARNINGS_ROW_LIMIT = 500;

const iso = (time: number | null) => (time == null ? null : new Date(time).toISOString());

export async function courierEarnings(db: Db, courierId: number, range: Range) {
  const inPeriod = and(eq(orders.courierId, courierId), completedIn(range));
  const total = sql<number>`coalesce(sum(${courierEarnedCents}), 0)`;
  const [[summary], rows] = await db.batch([
    db
      .select({ total, tips: sql<number>`coalesce(sum(${orders.tipCents}), 0)`, count: sql<number>`count(*)` })
      .from(orders)
      .where(inPeriod),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        completedAt: orders.completedAt,
        createdAt: orders.createdAt,
        restaurantName: orders.restaurantName,
        courierPayCents: orders.courierPayCents,
        deliveryFeeCents: orders.deliveryFeeCents,
        tipCents: orders.tipCents,
      })
      .from(orders)
      .where(inPeriod)
      .orderBy(desc(orders.completedAt), desc(orders.id))
      .limit(EARNINGS_ROW_LIMIT),
  ]);
  return {
    summary: {
      totalEarnings: formatMoney(summary.total),
      totalBasePay: formatMoney(summary.total - summary.tips),
      totalTips: formatMoney(summary.tips),
      ordersCount: summary.count,
    },
    orders: rows.map((row) => {
      const earned = deliveryEarnings(row);
      return {
        id: row.id,
        orderNumber: row.orderNumber,
        deliveredAt: iso(row.completedAt),
        createdAt: iso(row.createdAt),
        restaurantName: row.restaurantName,
        basePay: formatMoney(earned.basePay),
        tipAmount: formatMoney(earned.tip),
        totalPay: formatMoney(earned.total),
      };
    }),
  };
}
