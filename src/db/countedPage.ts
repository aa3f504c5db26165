/** A list page and the list's total in one round trip (issue 19). */
import { paging, type Paging } from '../domain/paging';

/**
 * Reads the requested page while counting, rather than after: the count only decides where
 * the last page is, so a page asked for past the end (rare) is read again as the last one.
 */
export async function countedPage<T>(
  requested: number,
  count: () => Promise<number>,
  read: (pages: Paging) => Promise<T[]>,
): Promise<{ pages: Paging; rows: T[] }> {
  const hoped = paging(requested, Number.MAX_SAFE_INTEGER);
  const [total, rows] = await Promise.all([count(), read(hoped)]);
  const pages = paging(requested, total);
  return { pages, rows: pages.page === hoped.page ? rows : await read(pages) };
}
