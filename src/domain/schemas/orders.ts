/** Order list query (GET /api/orders and the list pages) and shared order field schemas (spec 1-foundations-and-admin.md §5.8). */
import * as z from 'zod/mini';
import { ADMIN_TABS, BUSINESS_TABS, isOrderStatus } from '../orderStatus';
import { isListSort, isListSpan, SEARCH_MAX_LENGTH } from '../orderFilters';
import { isDay, isMonth } from '../time';
import { id, wholeNumber } from './common';

const TAB_KEYS: ReadonlySet<string> = new Set([...ADMIN_TABS, ...BUSINESS_TABS].map((tab) => tab.key));

/** An empty value (a GET form's blank field) means "not given"; anything else must be what the name says. */
const blankOr = (valid: (value: string) => boolean, message: string) =>
  z.optional(z.string().check(z.refine((value) => value === '' || valid(value), message)));

/** Optional filters and paging on top of the spec's "the order list". */
export const orderListQuerySchema = z.object({
  status: blankOr((value) => TAB_KEYS.has(value) || isOrderStatus(value), 'status must be a tab or an order status'),
  month: blankOr(isMonth, 'month must be yyyy-MM'),
  day: blankOr(isDay, 'day must be yyyy-MM-dd'),
  /** The dispatcher's wider dates (decision W1): every delivery from now on, or all dates. */
  range: blankOr(isListSpan, 'range must be upcoming or all'),
  /** The dispatcher's search across dates: order #, internal #, customer name, phone or address, restaurant, courier (W2). */
  q: z.optional(z.string().check(z.maxLength(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`))),
  sort: blankOr(isListSort, 'sort must be next or delivery'),
  page: z.optional(wholeNumber('page must be a whole number from 1 to 100000', 100_000)),
  pageSize: z.optional(wholeNumber('pageSize must be a whole number from 1 to 200', 200)),
});

/** POST /api/orders/:id/tracking-link: replace the order's tracking link, or one stop's (issue 16). */
export const trackingLinkRenewSchema = z.strictObject({ stopId: z.optional(id) });
