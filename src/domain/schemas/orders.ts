/** Order list query (GET /api/orders and the list pages) and shared order field schemas (spec 1 §5.8). */
import * as z from 'zod/mini';

/** Optional filters and paging on top of the spec's "the order list". */
export const orderListQuerySchema = z.object({
  status: z.optional(z.string().check(z.maxLength(40))),
  month: z.optional(z.string().check(z.maxLength(7))),
  day: z.optional(z.string().check(z.maxLength(10))),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1, 'page must be 1 or more'), z.maximum(100_000))),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200, 'pageSize must be at most 200'))),
});
