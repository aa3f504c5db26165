/**
 * Instants for tests that find their data through a filter on time (today's orders, this
 * month's list, an earnings period), built to stay inside the period filtered on at any
 * hour: "now + 3 hours" is tomorrow after 9 pm, and next month on the last evening of a
 * month. Days and months are the service zone's (wrangler.toml SERVICE_TIME_ZONE), the
 * zone the browser tests run in (playwright.config.ts) and the one a viewer without a tz
 * cookie gets.
 */
import { DEFAULT_TIME_ZONE, dayIn, dayRange, monthIn, monthRange, type Range } from '../../src/domain/time';

export const SERVICE_ZONE = DEFAULT_TIME_ZONE;

const MINUTE = 60_000;

/** Today in the service zone: 'yyyy-MM-dd' and its instants [start, end). */
export function serviceToday(now = Date.now()): Range & { day: string } {
  const day = dayIn(SERVICE_ZONE, now);
  return { day, ...dayRange(day, SERVICE_ZONE) };
}

/** This month in the service zone: 'yyyy-MM' and its instants [start, end). */
export function serviceMonth(now = Date.now()): Range & { month: string } {
  const month = monthIn(SERVICE_ZONE, now);
  return { month, ...monthRange(month, SERVICE_ZONE) };
}

/**
 * `offset` ms from now, kept inside today (between its first and its last minute): for an
 * order that a list of today, or of this month, must show whatever the hour.
 */
export function todayAt(offset: number, now = Date.now()): number {
  const { start, end } = serviceToday(now);
  return Math.min(Math.max(now + offset, start), end - MINUTE);
}

/** Today's last minute: an order delivered then heads the list of today (latest delivery first). */
export const todaysLastMinute = (now = Date.now()) => serviceToday(now).end - MINUTE;

/** This month's last minute: an order delivered then heads this month's list, 50 to a page. */
export const monthsLastMinute = (now = Date.now()) => serviceMonth(now).end - MINUTE;

/**
 * The day `day` names as it reads at `before` or at `after` (an instant taken around the
 * request): what a file name or heading dated by the server "today" may say, when the
 * request can cross midnight.
 */
export function daysAround(before: number, after = Date.now()): string[] {
  return [...new Set([dayIn(SERVICE_ZONE, before), dayIn(SERVICE_ZONE, after)])];
}
