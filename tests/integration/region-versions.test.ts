/**
 * A polled region answers 304 while nothing it shows has changed, judged by the version
 * counters of the tables its ETag names (src/db/versions.ts). A table it reads but does not
 * name would leave it stale. Every polled region and ETag'd answer of every area is asked
 * for here, with the test stack reporting the tables each read (REPORT_REGION_TABLES).
 */
import { describe, expect, it } from 'vitest';
import { signedIn, testDb } from '../support/api';
import { insertPharmacyOrder } from '../support/courier';
import { insertOrder, insertSignableCourier } from '../support/factories';
import { ADMIN_PAGES, BUSINESS_DIALOGS, BUSINESS_PAGES, COURIER_PAGES } from '../support/pages';
import { VERSIONED_THROUGH } from '../../src/db/versions';

/** The regions with an ETag a page's markup declares: name and where it is fetched from (the page itself unless it says). */
function polledRegions(html: string, page: string): Array<{ name: string; src: string }> {
  const regions: Array<{ name: string; src: string }> = [];
  for (const [tag] of html.matchAll(/<div[^>]*data-partial="[^"]+"[^>]*>/g)) {
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
    // Polled, or refreshed with its ETag: either way a stale version is shown as current.
    if (attribute('data-poll') || attribute('data-etag'))
      regions.push({ name: attribute('data-partial')!, src: (attribute('data-partial-src') ?? page).replaceAll('&amp;', '&') });
  }
  return regions;
}

/** What a region read that its ETag does not follow, directly or through a table written with it (VERSIONED_THROUGH). */
function unversioned(reads: readonly string[], versions: readonly string[]): string[] {
  const followed = new Set(versions);
  return reads.filter((table) => !followed.has(table) && !followed.has(VERSIONED_THROUGH[table]));
}

describe('polled regions', () => {
  it('name in their ETag every table they read (admin, business, courier; the courier lists too)', async () => {
    const db = testDb();
    const bistroOrder = await insertOrder(db, { status: 'pending_courier' });
    const { courier, username } = await insertSignableCourier(db);
    await insertPharmacyOrder(db, { courierId: courier.id, status: 'in_pharmacy_delivery' });
    const walks = {
      admin: ADMIN_PAGES,
      bistro: [...BUSINESS_PAGES, ...BUSINESS_DIALOGS.map((path) => path.replace(':id', String(bistroOrder.id)))],
      pharmacy: BUSINESS_PAGES,
      [username]: COURIER_PAGES,
    };
    const checked: string[] = [];
    const problems: string[] = [];
    const check = (what: string, headers: Headers) => {
      const reads = headers.get('x-region-reads');
      expect(reads, `${what} reports what it read`).not.toBeNull();
      checked.push(what);
      const missing = unversioned(reads!.split(',').filter(Boolean), (headers.get('x-region-versions') ?? '').split(',').filter(Boolean));
      if (missing.length) problems.push(`${what} reads ${missing.join(', ')} but its ETag does not follow it`);
    };
    for (const [account, pages] of Object.entries(walks)) {
      const client = await signedIn(account);
      const regions = new Map<string, { name: string; src: string }>();
      for (const page of pages) for (const region of polledRegions((await client.get(page)).text, page)) regions.set(`${region.name} ${region.src}`, region);
      for (const [key, region] of regions) check(`${account}: ${key}`, (await client.get(region.src, { 'X-Partial': region.name })).headers);
      if (account === username)
        for (const list of ['/api/orders/courier', '/api/orders/courier/assigned', '/api/orders/courier/active', '/api/orders/courier/scheduled'])
          check(`${account}: ${list}`, (await client.get(list)).headers);
    }
    expect(checked.length).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  });

  it('would catch a region that reads a table its ETag misses', () => {
    expect(unversioned(['restaurants', 'zones', 'users'], ['restaurants', 'users', 'orders'])).toEqual(['zones']);
    expect(unversioned(['restaurant_order_totals', 'delivery_failures'], ['orders'])).toEqual([]);
  });
});
