/**
 * Times on screen (spec 1-foundations-and-admin.md §2.8, 2 §9.7, 3 §9): shown in the viewer's time zone, which
 * the browser reports; America/New_York (the service area's zone) until it is known.
 * Filters turn a month or day in a zone into [start, end) instants for SQL.
 */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

export const DEFAULT_TIME_ZONE = 'America/New_York';

export type TimeInput = Date | string | number | null | undefined;

export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** 'N/A' when missing, 'Invalid date' when it cannot be read (spec 1-foundations-and-admin.md §2.8). */
export function formatIn(value: TimeInput, zone: string, pattern: string): string {
  if (value == null || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return formatInTimeZone(date, zone, pattern);
}

export const formatTime = (value: TimeInput, zone: string) => formatIn(value, zone, 'h:mm a');
export const formatDateTime = (value: TimeInput, zone: string) => formatIn(value, zone, 'MMM d, yyyy h:mm a');

/** "yyyy-MM-dd" of an instant in a zone. */
export function dayIn(zone: string, at: Date | number = Date.now()): string {
  return formatInTimeZone(new Date(at), zone, 'yyyy-MM-dd');
}

/** "yyyy-MM" of an instant in a zone. */
export function monthIn(zone: string, at: Date | number = Date.now()): string {
  return formatInTimeZone(new Date(at), zone, 'yyyy-MM');
}

export interface Range {
  /** inclusive, epoch ms */
  start: number;
  /** exclusive, epoch ms */
  end: number;
}

// Years 2000–2099, as instants (schemas/common.ts): a year like 0999 has no sane range in any zone.
const MONTH = /^(20\d{2})-(0[1-9]|1[0-2])$/;
const DAY = /^(20\d{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const isMonth = (value: unknown): value is string => typeof value === 'string' && MONTH.test(value);
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The days asked for when they make a range that has begun, else the last `days` days up to today (the report pages' default). */
export function chosenOrRecentDays(asked: { from?: string; to?: string }, today: string, days: number): { from: string; to: string } {
  const { from, to } = asked;
  return isDay(from) && isDay(to) && from <= to && to <= today ? { from, to } : { from: addDays(today, 1 - days), to: today };
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The instants of one calendar month in a zone. */
export function monthRange(month: string, zone: string): Range {
  return {
    start: fromZonedTime(`${month}-01T00:00:00`, zone).getTime(),
    end: fromZonedTime(`${nextMonth(month)}-01T00:00:00`, zone).getTime(),
  };
}

/** The instants of days from..to inclusive in a zone (a single day when to is omitted). */
export function dayRange(from: string, zone: string, to: string = from): Range {
  return {
    start: fromZonedTime(`${from}T00:00:00`, zone).getTime(),
    end: fromZonedTime(`${addDays(to, 1)}T00:00:00`, zone).getTime(),
  };
}

/** "Nov 5, 2026" from "2026-11-05". */
export const dayLabel = (day: string) => formatInTimeZone(new Date(`${day}T12:00:00Z`), 'UTC', 'MMM d, yyyy');

/** "November 2026" from "2026-11" (summary lines: ' for <Month yyyy>'). */
export function monthLabel(month: string, pattern: 'MMMM yyyy' | 'MMM yyyy' = 'MMMM yyyy'): string {
  return formatInTimeZone(new Date(`${month}-15T12:00:00Z`), 'UTC', pattern);
}

/** Milliseconds as the largest whole unit (spec 1-foundations-and-admin.md §4.7): under 1 minute is 'now'. */
export function relativeAge(then: number, now: number): { unit: 'now' | 'minutes' | 'hours' | 'days'; value: number } {
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  if (minutes < 1) return { unit: 'now', value: 0 };
  if (minutes < 60) return { unit: 'minutes', value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', value: hours };
  return { unit: 'days', value: Math.floor(hours / 24) };
}

/** 'just now', '5 minutes ago', '2 hours ago', '3 days ago' (spec 1-foundations-and-admin.md §4.7), in English. */
export function agoText(then: number, now: number): string {
  const { unit, value } = relativeAge(then, now);
  if (unit === 'now') return 'just now';
  const word = { minutes: 'minute', hours: 'hour', days: 'day' }[unit];
  return `${value} ${word}${value === 1 ? '' : 's'} ago`;
}
