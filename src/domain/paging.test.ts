import { describe, expect, it } from 'vitest';
import { listPageQuery, paging } from './paging';

describe('paging', () => {
  it('keeps the page within the pages there are', () => {
    expect(paging(1, 0)).toEqual({ page: 1, pages: 1, limit: 50, offset: 0 });
    expect(paging(3, 120)).toEqual({ page: 3, pages: 3, limit: 50, offset: 100 });
    expect(paging(9, 120)).toMatchObject({ page: 3, offset: 100 });
  });

  it('reads anything that is not a page number as page 1', () => {
    expect(listPageQuery.parse({ page: 'abc' })).toEqual({ page: 1 });
    expect(listPageQuery.parse({ page: '-2' })).toEqual({ page: 1 });
    expect(listPageQuery.parse({ page: '4' })).toEqual({ page: 4 });
    expect(listPageQuery.parse({})).toEqual({ page: 1 });
  });
});
