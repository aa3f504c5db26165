/**
 * What a courier earns (spec 3-courier-area.md §2.16–2.17, §9): the one formula per order, used by the
 * workflow's summary, the order preview's estimate and the earnings page (its SQL sums
 * mirror it in src/db/completedOrders.ts); and the earnings periods: today, the last 7 or
 * 30 days (the default), or a custom range. Days are the service time zone's
 * (decision D21); a custom range may give days (inclusive) or exact instants.
 */
import type { Cents } from './money';
import type { EarningsPeriod } from './schemas/courier';
import { addDays, dayIn, dayRange, isDay, type Range } from './time';

export interface Earnings {
  basePay: Cents;
  tip: Cents;
  total: Cents;
}

/**
 * What the courier earns on an order (spec 3-courier-area.md §9): the total is courierPay, else the
 * delivery fee; 100% of the tip is theirs, and base pay is the rest.
 */
export function deliveryEarnings(order: { courierPayCents: Cents | null; deliveryFeeCents: Cents; tipCents: Cents | null }): Earnings {
  const total = order.courierPayCents ?? order.deliveryFeeCents;
  const tip = order.tipCents ?? 0;
  return { basePay: total - tip, tip, total };
}

export const DEFAULT_EARNINGS_PERIOD: EarningsPeriod = '30days';

const PERIOD_DAYS: Record<EarningsPeriod, number> = { today: 1, '7days': 7, '30days': 30 };

export interface EarningsQuery {
  period?: EarningsPeriod | 'custom';
  startDate?: string;
  endDate?: string;
}

/** The instants a query covers; null when a custom range ends before it starts. */
export function earningsRange(query: EarningsQuery, zone: string, now: number): Range | null {
  const today = dayIn(zone, now);
  if (query.startDate || query.endDate) {
    const start = query.startDate
      ? isDay(query.startDate)
        ? dayRange(query.startDate, zone).start
        : Date.parse(query.startDate)
      : dayRange(today, zone).start;
    const end = query.endDate ? (isDay(query.endDate) ? dayRange(query.endDate, zone).end : Date.parse(query.endDate)) : dayRange(today, zone).end;
    return start <= end ? { start, end } : null;
  }
  const period = query.period && query.period !== 'custom' ? query.period : DEFAULT_EARNINGS_PERIOD;
  return dayRange(addDays(today, 1 - PERIOD_DAYS[period]), zone, today);
}
