/** Pages of a list counted in SQL: the admin lists show 50 rows a page. */
import * as z from 'zod/mini';
import { wholeNumber } from './schemas/common';

export const PAGE_SIZE = 50;

/** ?page=N of a list page; anything else (missing, garbage, out of range) is page 1. */
export const pageNumber = z.catch(wholeNumber('page', 100_000), 1);

export const listPageQuery = z.object({ page: pageNumber });

export interface Paging {
  page: number;
  pages: number;
  limit: number;
  offset: number;
}

/** The page asked for, within the pages there are (an emptied list shows page 1, not an empty page 7). */
export function paging(requested: number, total: number, size = PAGE_SIZE): Paging {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pages);
  return { page, pages, limit: size, offset: (page - 1) * size };
}
