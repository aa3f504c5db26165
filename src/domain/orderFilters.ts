/**
 * The order lists' filter (spec 1-foundations-and-admin.md §2.8, spec 2-business-area.md §2.6): a status tab, a month or a day of
 * delivery time, and the summary line describing it. Shared by the admin and business
 * lists and by GET /api/orders.
 *
 * The dispatcher's list also reaches past the spec's dates (decisions W1–W3): future
 * months and days, 'Upcoming' (every delivery from now on) and 'All dates' (what the
 * notifications bell counts), a search across dates, and the order it is sorted in.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { findTab, statusWords, type StatusTab } from './orderStatus';
import { addDays, dayIn, dayRange, isDay, isMonth, monthIn, monthLabel, monthRange, type Range } from './time';

/** The dates a list covers: the spec's month or day, or the dispatcher's wider choices. */
export const LIST_SPANS = ['upcoming', 'all'] as const;
export type ListSpan = (typeof LIST_SPANS)[number];
export const isListSpan = (value: unknown): value is ListSpan => (LIST_SPANS as readonly unknown[]).includes(value);

/** 'next': what needs the dispatcher next (open orders by pickup, soonest first); 'delivery': the spec's newest delivery first. */
export const LIST_SORTS = ['next', 'delivery'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const isListSort = (value: unknown): value is ListSort => (LIST_SORTS as readonly unknown[]).includes(value);

/** How far ahead the dispatcher's pickers reach: orders are scheduled up to a year out. */
export const FUTURE_DAYS = 366;

export interface ListFilterInput {
  status?: string | null;
  month?: string | null;
  day?: string | null;
  range?: string | null;
  q?: string | null;
  sort?: string | null;
}

export interface ListFilter<K extends string = string> {
  tab: StatusTab<K>;
  /** 'yyyy-MM' */
  month: string;
  /** 'yyyy-MM-dd', or null for the whole month */
  day: string | null;
  /** Set when the list covers more than a month or a day (a search covers all dates). */
  span: ListSpan | null;
  /** On deliveryTime; null for all dates. */
  range: Range | null;
  /** The search text, trimmed; null when none. */
  search: string | null;
  sort: ListSort;
}

export interface ListFilterOptions {
  /** The dispatcher's list: future dates, spans, search and sort (decision W1). */
  dispatch?: boolean;
  now?: number;
}

/** The last day a list's pickers reach: today, or a year ahead for the dispatcher. */
export function lastPickableDay(zone: string, options: ListFilterOptions = {}): string {
  const today = dayIn(zone, options.now ?? Date.now());
  return options.dispatch ? addDays(today, FUTURE_DAYS) : today;
}

/**
 * Reads a filter, defaulting to All and the current month in the viewer's zone. Days after
 * the last pickable one fall back to the current month (spec 1-foundations-and-admin.md §5.3
 * for the business; a year ahead for the dispatcher).
 */
export function resolveListFilter<T extends StatusTab>(
  input: ListFilterInput,
  tabs: readonly T[],
  zone: string,
  options: ListFilterOptions = {},
): ListFilter<T['key']> {
  const now = options.now ?? Date.now();
  const last = lastPickableDay(zone, { ...options, now });
  const thisMonth = monthIn(zone, now);
  const tab = findTab(tabs, input.status);
  const sort = options.dispatch && isListSort(input.sort) ? input.sort : options.dispatch ? 'next' : 'delivery';
  const search = options.dispatch ? normalizeSearch(input.q) : null;
  const span = search ? 'all' : options.dispatch && isListSpan(input.range) ? input.range : null;
  if (span) {
    return { tab, month: thisMonth, day: null, span, range: span === 'upcoming' ? { start: now, end: Number.MAX_SAFE_INTEGER } : null, search, sort };
  }
  const day = isDay(input.day) && input.day <= last ? input.day : null;
  const month = day ? day.slice(0, 7) : isMonth(input.month) && input.month <= last.slice(0, 7) ? input.month : thisMonth;
  return { tab, month, day, span: null, range: day ? dayRange(day, zone) : monthRange(month, zone), search, sort };
}

/** The longest search the list takes: an order number, a name or a phone, never a paragraph. */
export const SEARCH_MAX_LENGTH = 80;

function normalizeSearch(q: string | null | undefined): string | null {
  const text = (q ?? '').trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX_LENGTH);
  return text === '' ? null : text;
}

/** Sums per-status counts into per-tab counts. */
export function countTabs<T extends StatusTab>(tabs: readonly T[], byStatus: Partial<Record<string, number>>): Record<T['key'], number> {
  const total = Object.values(byStatus).reduce<number>((sum, count) => sum + (count ?? 0), 0);
  return Object.fromEntries(
    tabs.map((tab) => [tab.key, tab.statuses ? tab.statuses.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0) : total]),
  ) as Record<T['key'], number>;
}

const SPAN_WORDS: Record<ListSpan, string> = { upcoming: 'upcoming deliveries', all: 'all dates' };

/** 'Showing 12 orders with status pending courier for November 2026'. */
export function describeListFilter(count: number, filter: Pick<ListFilter, 'tab' | 'month' | 'day' | 'span' | 'search'>): string {
  let text = `Showing ${count} orders`;
  if (filter.search) text += ` matching "${filter.search}"`;
  if (filter.tab.statuses) text += ` with status ${statusWords(filter.tab.key)}`;
  if (filter.span) text += ` for ${SPAN_WORDS[filter.span]}`;
  else if (filter.day) text += ` for ${formatInTimeZone(new Date(`${filter.day}T12:00:00Z`), 'UTC', 'MMM d, yyyy')}`;
  else text += ` for ${monthLabel(filter.month)}`;
  return text;
}
