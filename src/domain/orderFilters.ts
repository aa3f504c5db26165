/**
 * The order lists' filter (spec 1-foundations-and-admin.md §2.8, spec 2-business-area.md §2.6): a status tab, a month or a day of
 * delivery time, and the summary line describing it. Shared by the admin and business
 * lists and by GET /api/orders.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { findTab, statusWords, type StatusTab } from './orderStatus';
import { dayIn, dayRange, isDay, isMonth, monthIn, monthLabel, monthRange, type Range } from './time';

export interface ListFilterInput {
  status?: string | null;
  month?: string | null;
  day?: string | null;
}

export interface ListFilter<K extends string = string> {
  tab: StatusTab<K>;
  /** 'yyyy-MM' */
  month: string;
  /** 'yyyy-MM-dd', or null for the whole month */
  day: string | null;
  range: Range;
}

/**
 * Reads a filter, defaulting to All and the current month in the viewer's zone. Future
 * months and days fall back to the current ones: they cannot be picked (spec 1-foundations-and-admin.md §5.3).
 */
export function resolveListFilter<T extends StatusTab>(input: ListFilterInput, tabs: readonly T[], zone: string, now = Date.now()): ListFilter<T['key']> {
  const today = dayIn(zone, now);
  const thisMonth = monthIn(zone, now);
  const day = isDay(input.day) && input.day <= today ? input.day : null;
  const month = day ? day.slice(0, 7) : isMonth(input.month) && input.month <= thisMonth ? input.month : thisMonth;
  return {
    tab: findTab(tabs, input.status),
    month,
    day,
    range: day ? dayRange(day, zone) : monthRange(month, zone),
  };
}

/** Sums per-status counts into per-tab counts. */
export function countTabs<T extends StatusTab>(tabs: readonly T[], byStatus: Partial<Record<string, number>>): Record<T['key'], number> {
  const total = Object.values(byStatus).reduce<number>((sum, count) => sum + (count ?? 0), 0);
  return Object.fromEntries(
    tabs.map((tab) => [tab.key, tab.statuses ? tab.statuses.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0) : total]),
  ) as Record<T['key'], number>;
}

/** 'Showing 12 orders with status pending courier for November 2026'. */
export function describeListFilter(count: number, filter: Pick<ListFilter, 'tab' | 'month' | 'day'>): string {
  let text = `Showing ${count} orders`;
  if (filter.tab.statuses) text += ` with status ${statusWords(filter.tab.key)}`;
  if (filter.day) text += ` for ${formatInTimeZone(new Date(`${filter.day}T12:00:00Z`), 'UTC', 'MMM d, yyyy')}`;
  else text += ` for ${monthLabel(filter.month)}`;
  return text;
}
