/** GET /api/reports/earnings and its CSV (spec 1 §2.11, §7.7): a range of days, optionally paged. */
import * as z from 'zod/mini';
import { day } from './common';

export const earningsQuerySchema = z
  .object({
    from: day('from must be a date (yyyy-MM-dd)'),
    to: day('to must be a date (yyyy-MM-dd)'),
    page: z.optional(z.coerce.number().check(z.int(), z.minimum(1, 'page must be 1 or more'), z.maximum(100_000))),
    pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200, 'pageSize must be at most 200'))),
  })
  .check(z.refine((query) => query.from <= query.to, { message: 'The start date must be on or before the end date', path: ['from'] }));

export type EarningsQuery = z.infer<typeof earningsQuerySchema>;
