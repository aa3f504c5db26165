import { describe, expect, it } from 'vitest';
import { countTabs, describeListFilter, resolveListFilter } from './orderFilters';
import { ADMIN_TABS, BUSINESS_TABS } from './orderStatus';

const NOW = Date.parse('2026-11-21T15:00:00Z');
const ZONE = 'America/New_York';

describe('resolveListFilter', () => {
  it('defaults to All and the current month', () => {
    const filter = resolveListFilter({}, ADMIN_TABS, ZONE, { now: NOW });
    expect(filter.tab.key).toBe('all');
    expect(filter.month).toBe('2026-11');
    expect(filter.day).toBeNull();
    expect(new Date(filter.range!.start).toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('takes a day over a month, and the day decides the month', () => {
    const filter = resolveListFilter({ status: 'assigned', month: '2026-09', day: '2026-10-05' }, ADMIN_TABS, ZONE, { now: NOW });
    expect(filter.tab.key).toBe('assigned');
    expect(filter.day).toBe('2026-10-05');
    expect(filter.month).toBe('2026-10');
    expect(filter.range!.end - filter.range!.start).toBe(24 * 3600_000);
  });

  it('ignores future and malformed dates', () => {
    expect(resolveListFilter({ day: '2026-11-22' }, ADMIN_TABS, ZONE, { now: NOW }).day).toBeNull();
    expect(resolveListFilter({ month: '2026-12' }, ADMIN_TABS, ZONE, { now: NOW }).month).toBe('2026-11');
    expect(resolveListFilter({ month: "2026-11' or 1=1" }, ADMIN_TABS, ZONE, { now: NOW }).month).toBe('2026-11');
  });
});

describe("the dispatcher's filter", () => {
  it('reaches a year ahead, and only for the dispatcher', () => {
    expect(resolveListFilter({ month: '2026-12' }, ADMIN_TABS, ZONE, { now: NOW, dispatch: true }).month).toBe('2026-12');
    expect(resolveListFilter({ day: '2027-03-04' }, ADMIN_TABS, ZONE, { now: NOW, dispatch: true }).day).toBe('2027-03-04');
    expect(resolveListFilter({ day: '2028-03-04' }, ADMIN_TABS, ZONE, { now: NOW, dispatch: true }).day).toBeNull();
    expect(resolveListFilter({ month: '2026-12', range: 'all', q: 'x', sort: 'delivery' }, BUSINESS_TABS, ZONE, { now: NOW })).toMatchObject({
      month: '2026-11',
      span: null,
      search: null,
      sort: 'delivery',
    });
  });
  it('takes Upcoming from now on, All dates without a range, and a search across all dates', () => {
    const upcoming = resolveListFilter({ range: 'upcoming' }, ADMIN_TABS, ZONE, { now: NOW, dispatch: true });
    expect(upcoming.range!.start).toBe(NOW);
    expect(resolveListFilter({ range: 'all' }, ADMIN_TABS, ZONE, { now: NOW, dispatch: true }).range).toBeNull();
    const search = resolveListFilter({ q: '  Jane   Doe ', day: '2026-11-03', status: 'new' }, ADMIN_TABS, ZONE, { now: NOW, dispatch: true });
    expect(search).toMatchObject({ search: 'Jane Doe', span: 'all', range: null, sort: 'next' });
    expect(describeListFilter(2, search)).toBe('Showing 2 orders matching "Jane Doe" with status new for all dates');
    expect(describeListFilter(5, upcoming)).toBe('Showing 5 orders for upcoming deliveries');
  });
});

describe('countTabs', () => {
  it('sums statuses into tabs; All is everything', () => {
    const counts = countTabs(BUSINESS_TABS, { new: 2, assigned: 1, picked_up: 3, delivered: 4, pharmacy_completed: 1, missed_pickup: 1 });
    expect(counts).toEqual({ all: 12, new: 2, pending_courier: 0, in_progress: 4, completed: 5, cancelled: 1 });
  });
});

describe('describeListFilter', () => {
  it('words the summary line as the spec does', () => {
    const all = resolveListFilter({}, ADMIN_TABS, ZONE, { now: NOW });
    expect(describeListFilter(12, all)).toBe('Showing 12 orders for November 2026');
    const pending = resolveListFilter({ status: 'pending_courier', day: '2026-11-03' }, ADMIN_TABS, ZONE, { now: NOW });
    expect(describeListFilter(1, pending)).toBe('Showing 1 orders with status pending courier for Nov 3, 2026');
  });
});
