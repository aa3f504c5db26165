/** Order list query (GET /api/orders and the list pages) and shared order field schemas (spec 1-foundations-and-admin.md §5.8). */
import * as z from 'zod/mini';
import { ADMIN_TABS, BUSINESS_TABS, isOrderStatus } from '../orderStatus';
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
  page: z.optional(wholeNumber('page must be a whole number from 1 to 100000', 100_000)),
  pageSize: z.optional(wholeNumber('pageSize must be a whole number from 1 to 200', 200)),
});

/** POST /api/orders/:id/tracking-link: replace the order's tracking link, or one stop's (issue 16). */
export const trackingLinkRenewSchema = z.strictObject({ stopId: z.optional(id) });
