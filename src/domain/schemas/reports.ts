/** GET /api/reports/earnings, its CSV and its two summary tabs (spec 1-foundations-and-admin.md §2.11, §7.7): a range of days, optionally paged. */
import * as z from 'zod/mini';
import { day, wholeNumber } from './common';

export const earningsQuerySchema = z
  .object({
    from: day('from must be a date (yyyy-MM-dd)'),
    to: day('to must be a date (yyyy-MM-dd)'),
    page: z.optional(wholeNumber('page must be a whole number from 1 to 100000', 100_000)),
    pageSize: z.optional(wholeNumber('pageSize must be a whole number from 1 to 200', 200)),
  })
  .check(z.refine((query) => query.from <= query.to, { message: 'The start date must be on or before the end date', path: ['from'] }));

export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

/** A report page's days in its URL (?from=&to=, yyyy-MM-dd); anything else falls back to its default range (time.ts chosenOrRecentDays). */
const looseDay = z.optional(z.string().check(z.maxLength(10)));
export const reportDaysQuery = { from: looseDay, to: looseDay };
