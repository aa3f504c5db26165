/**
 * The admin pages over HTTP (spec 1-foundations-and-admin.md §2.7–2.11): who may open them, the orders list's
 * filters, counts and pages (in SQL, served by indexes), its 5-second poll costing a 304,
 * and the detail dialog with the order's photos from storage and its history.
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { createClient, type InArgs } from '@libsql/client';
import { describe, expect, inject, it } from 'vitest';
import { orderConditions } from '../../src/db/orders/read';
import { statusCountsFromHours } from '../../src/db/orders/tabCounts';
import { orders, orderStops } from '../../src/db/schema';
import { ADMIN_TABS } from '../../src/domain/orderStatus';
import { addDays, dayIn, monthIn, monthLabel, monthRange } from '../../src/domain/time';
import { Client, signedIn, testDb } from '../support/api';
import { todaysLastMinute } from '../support/clock';
import { insertCourier, insertOrder, insertOrders } from '../support/factories';
import { PERIODS, type Period } from '../support/periods';

const PAGES = ['/admin/zones', '/admin/orders', '/admin/couriers', '/admin/restaurants', '/admin/earnings'];
const ZONE = 'America/New_York';

/** A past month no other test writes into (tests/support/periods.ts), and orders due a minute apart from its 10th, 16:00 UTC. */
function monthOfItsOwn(period: Period) {
  const month = period.from.slice(0, 7);
  const base = Date.parse(`${month}-10T16:00:00Z`);
  const minutesApart = <T extends object>(count: number, fields: (index: number) => T) =>
    Array.from({ length: count }, (_, i) => ({ deliveryTime: base + i * 60_000, ...fields(i) }));
  return { month, base, minutesApart };
}

describe('admin pages', () => {
  it('send the signed-out and other roles to sign-in, and render for the admin with the spec headings', async () => {
    const headings = ['Zones Management', 'Orders Management', 'Couriers', 'Restaurants', 'Earnings Report'];
    const bistro = await signedIn('bistro');
    const admin = await signedIn('admin');
    for (const [index, path] of PAGES.entries()) {
      expect((await new Client().get(path)).headers.get('location'), path).toBe(`/auth?next=${encodeURIComponent(path)}`);
      expect((await bistro.get(path)).status, path).toBe(302);
      const page = await admin.get(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain(`>${headings[index]}</h1>`);
    }
  });

  it('show each list with its columns', async () => {
    const admin = await signedIn('admin');
    // Other suites add accounts that sort before the demo ones: read every page of a list.
    const everyPage = async (path: string, partial: string) => {
      let text = '';
      for (let page = 1; ; page++) {
        const response = await admin.get(`${path}?page=${page}`, { 'X-Partial': partial });
        text += response.text;
        if (!response.text.includes('rel="next"')) return text;
      }
    };
    const zones = await admin.get('/admin/zones', { 'X-Partial': 'zones' });
    expect(zones.text).toContain('Tampa, Temple Terrace');
    const couriers = await everyPage('/admin/couriers', 'couriers');
    expect(couriers).toContain('Sedan - Toyota Camry');
    expect(couriers).toContain('(813) 555-0701');
    const restaurants = { text: await everyPage('/admin/restaurants', 'restaurants') };
    expect(restaurants.text).toContain('Harbor Bistro');
    // Old Town Deli is inactive: it can be activated.
    expect(restaurants.text).toMatch(/aria-label="Activate Old Town Deli"/);
  });
});

describe('orders list', () => {
  it('counts tabs within the chosen month, filters by tab and day, and says what it shows', async () => {
    const admin = await signedIn('admin');
    const db = testDb();
    const month = monthIn(ZONE);
    const range = monthRange(month, ZONE);
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)` })
      .from(orders)
      .where(and(gte(orders.deliveryTime, range.start), lt(orders.deliveryTime, range.end)));
    const all = await admin.get('/admin/orders', { 'X-Partial': 'orders' });
    expect(all.text).toContain(`Showing ${count} orders for `);
    expect(all.text).toMatch(new RegExp(`>All \\(${count}\\)<`));

    const assigned = ADMIN_TABS.find((tab) => tab.key === 'assigned')!;
    const [{ count: assignedCount }] = await db
      .select({ count: sql<number>`count(*)` })
      .from(orders)
      .where(orderConditions({ statuses: assigned.statuses, deliveryRange: range }));
    const tab = await admin.get(`/admin/orders?status=assigned&month=${month}`, { 'X-Partial': 'orders' });
    expect(tab.text).toContain(`Showing ${assignedCount} orders with status assigned for `);
    expect(tab.text).toContain('id="orders-tab-assigned" href="/admin/orders?status=assigned&amp;month=');
    expect(tab.text).toMatch(/id="orders-tab-assigned"[^>]*aria-current="page"/);

    const today = dayIn(ZONE);
    // The last minute of today, so it heads the day's list however many orders other tests added.
    const lastMinute = todaysLastMinute();
    const order = await insertOrder(db, { deliveryTime: lastMinute, pickupTime: lastMinute - 3_600_000 });
    const day = await admin.get(`/admin/orders?day=${today}&sort=delivery`, { 'X-Partial': 'orders' });
    expect(day.text).toContain(`data-order-id="${order.id}"`);
    expect(day.text).toMatch(/Showing \d+ orders for [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    // The dispatcher reaches ahead (decision W1): tomorrow is a day of its own; beyond a year the filter falls back to this month.
    const tomorrow = await admin.get(`/admin/orders?day=${addDays(today, 1)}`, { 'X-Partial': 'orders' });
    expect(tomorrow.text).toMatch(/Showing \d+ orders for [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const beyond = await admin.get(`/admin/orders?day=${addDays(today, 400)}`, { 'X-Partial': 'orders' });
    expect(beyond.text).toMatch(/Showing \d+ orders for [A-Z][a-z]+ \d{4}</);
  });

  it('pages at 50 rows, counted in SQL', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    // A past month of its own, so the count is known: 60 orders delivered then.
    const { month, base, minutesApart } = monthOfItsOwn(PERIODS.ordersPaging);
    const created = await insertOrders(
      db,
      'bistro',
      minutesApart(60, () => ({ pickupTime: base - 3_600_000 })),
    );
    const first = await admin.get(`/admin/orders?month=${month}`, { 'X-Partial': 'orders' });
    expect(first.text).toContain(`Showing 60 orders for ${monthLabel(month)}`);
    expect((first.text.match(/data-order-id=/g) ?? []).length).toBe(50);
    expect(first.text).toContain('Page 1 of 2');
    const second = await admin.get(`/admin/orders?month=${month}&page=2`, { 'X-Partial': 'orders' });
    expect((second.text.match(/data-order-id=/g) ?? []).length).toBe(10);
    // Newest delivery first: page 2 ends with the first order placed.
    expect(second.text.lastIndexOf(`data-order-id="${created[0].id}"`)).toBeGreaterThan(0);
  });

  it('costs a 304 while nothing changed, and changes when an order does', async () => {
    const admin = await signedIn('admin');
    const first = await admin.get('/admin/orders', { 'X-Partial': 'orders' });
    const etag = first.headers.get('etag')!;
    const again = await admin.get('/admin/orders', { 'X-Partial': 'orders', 'If-None-Match': etag });
    // The ETag holds the minute: a poll across a minute boundary re-renders (the online indicator may change).
    expect([304, 200]).toContain(again.status);
    if (again.status === 200) {
      const retry = await admin.get('/admin/orders', { 'X-Partial': 'orders', 'If-None-Match': again.headers.get('etag')! });
      expect(retry.status).toBe(304);
    }
    await insertOrder(testDb());
    const changed = await admin.get('/admin/orders', { 'X-Partial': 'orders', 'If-None-Match': again.headers.get('etag') ?? etag });
    expect(changed.status).toBe(200);
  });

  it('shows the courier-online indicator of assigned and confirmed orders', async () => {
    const db = testDb();
    const { courier } = await insertCourier(db);
    const minutes = (n: number) => Date.now() + n * 60_000;
    // The indicator follows the pickup; the orders are delivered on a day of their own, so that day's list holds them alone.
    const day = PERIODS.ordersOnlineIndicator.from;
    const deliveryTime = Date.parse(`${day}T17:00:00Z`);
    const urgent = await insertOrder(db, { status: 'assigned', courierId: courier.id, pickupTime: minutes(40), deliveryTime });
    const soon = await insertOrder(db, { status: 'courier_confirmed', courierId: courier.id, pickupTime: minutes(80), deliveryTime });
    const later = await insertOrder(db, { status: 'assigned', courierId: courier.id, pickupTime: minutes(120), deliveryTime });
    const online = await insertOrder(db, {
      status: 'courier_confirmed',
      courierId: courier.id,
      goOnlineTime: Date.now(),
      pickupTime: minutes(10),
      deliveryTime,
    });
    const html = (await (await signedIn('admin')).get(`/admin/orders?status=assigned&day=${day}`, { 'X-Partial': 'orders' })).text;
    expect(html).toContain('Showing 4 orders with status assigned for ');
    const cell = (id: number) => html.slice(html.indexOf(`data-order-id="${id}"`)).split('</tr>')[0];
    expect(cell(urgent.id)).toContain('Courier Not Online (Urgent!)');
    expect(cell(soon.id)).toContain('Courier Should Go Online Soon');
    expect(cell(online.id)).toContain('Courier Online');
    expect(cell(later.id)).not.toMatch(/Courier (Online|Not Online|Should)/);
  });

  it("pages the 'next' order across open and finished orders: open ones by pickup, then finished ones newest first", async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const { month, base, minutesApart } = monthOfItsOwn(PERIODS.ordersNextSort);
    // 30 open orders (picked up later the later they were made), 40 delivered ones.
    const open = await insertOrders(
      db,
      'bistro',
      minutesApart(30, (i) => ({ status: 'assigned' as const, pickupTime: base - 3_600_000 + i * 60_000 })),
    );
    const finished = await insertOrders(
      db,
      'bistro',
      minutesApart(40, () => ({ status: 'delivered' as const, pickupTime: base - 3_600_000 })),
    );
    const idsOn = async (page: number) => {
      const html = (await admin.get(`/admin/orders?month=${month}&sort=next&page=${page}`, { 'X-Partial': 'orders' })).text;
      return [...html.matchAll(/data-order-id="(\d+)"/g)].map((match) => Number(match[1]));
    };
    const newestFinished = finished.map((order) => order.id).reverse();
    expect(await idsOn(1)).toEqual([...open.map((order) => order.id), ...newestFinished.slice(0, 20)]);
    expect(await idsOn(2)).toEqual(newestFinished.slice(20));
  });

  it("says 'Error loading orders' when the list cannot be read", async () => {
    const db = testDb();
    // An order whose stored vehicle list is not JSON cannot be read: a list that contains it fails.
    const month = PERIODS.ordersUnreadable.from.slice(0, 7);
    const at = Date.parse(`${month}-15T12:00:00Z`);
    const broken = await insertOrder(db, { deliveryTime: at, pickupTime: at });
    await db.run(sql`update ${orders} set required_vehicle_types = 'not json' where ${orders.id} = ${broken.id}`);
    try {
      const page = await (await signedIn('admin')).get(`/admin/orders?month=${month}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Error loading orders');
    } finally {
      await db.delete(orders).where(eq(orders.id, broken.id));
    }
  });

  it('reads orders through indexes, never a scan of the table', async () => {
    const db = testDb();
    const range = monthRange(monthIn(ZONE), ZONE);
    const client = createClient({ url: inject('databaseUrl') });
    const plan = async (query: { toSQL(): { sql: string; params: unknown[] } } | { getQuery(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = 'toSQL' in query ? query.toSQL() : query.getQuery();
      const result = await client.execute({ sql: `explain query plan ${text}`, args: params as InArgs });
      return result.rows.map((row) => String(row.detail)).join(' | ');
    };
    const queries = {
      allTab: db
        .select()
        .from(orders)
        .where(orderConditions({ deliveryRange: range }))
        .orderBy(sql`${orders.deliveryTime} desc, ${orders.id} desc`)
        .limit(50),
      statusTab: db
        .select()
        .from(orders)
        .where(orderConditions({ statuses: ADMIN_TABS[3].statuses, deliveryRange: range }))
        .limit(50),
      // The month's hours (order_hour_counts' primary key), and orders only at edges off the hour.
      tabCounts: statusCountsFromHours(db, { start: range.start + 30 * 60_000, end: range.end }),
      missedPickups: db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.status, ['assigned', 'courier_confirmed', 'awaiting_pharmacy_pickup'])),
      earnings: db
        .select({ id: orders.id })
        .from(orders)
        .where(and(gte(orders.completedAt, range.start), lt(orders.completedAt, range.end))),
    };
    for (const [name, query] of Object.entries(queries)) {
      const detail = await plan(query);
      expect(detail, name).toMatch(/USING (COVERING )?INDEX|USING PRIMARY KEY/);
      expect(detail, name).not.toMatch(/SCAN orders(?! USING)/);
    }
  });
});

describe('order detail dialog', () => {
  it('renders as a dialog partial with photos served from storage and the history', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const { courier, user } = await insertCourier(db);
    const single = await insertOrder(db, {
      status: 'delivered',
      courierId: courier.id,
      courierPayCents: 35_00,
      deliveryPhotos: ['orders/test/door.jpg', 'orders/test/bags.jpg'],
      deliveryNotes: 'Left with reception',
      pickedUpTime: Date.now() - 3_600_000,
      arrivedAtCustomerTime: Date.now() - 1_800_000,
    });
    await admin.patch(`/api/orders/${single.id}`, { status: 'cancelled' }); // refused: finished, but recorded
    const dialog = await admin.get(`/admin/orders/${single.id}`, { 'X-Partial': 'dialog' });
    expect(dialog.status).toBe(200);
    expect(dialog.text.startsWith('<div data-partial="dialog"')).toBe(true);
    expect(dialog.text).toContain(`Order #${single.orderNumber}`);
    expect(dialog.text).toContain('Restaurant Order #TEST-1');
    expect(dialog.text).toContain('Actual Timeline');
    expect(dialog.text).toContain('Delivery Fee (10%)');
    expect(dialog.text).toContain('src="/api/photos/orders/test/door.jpg"');
    expect(dialog.text).toContain('alt="Photo 2 - Click to enlarge"');
    expect(dialog.text).toContain('Left with reception');
    expect(dialog.text).toContain(user.name);
    expect(dialog.text).toContain('refused');

    const pharmacy = await insertOrder(db, {
      business: 'pharmacy',
      status: 'delivered',
      pharmacyPickupPhoto: 'orders/test/counter.jpg',
      totalDistanceMiles: 6.2,
    });
    await db.insert(orderStops).values([
      {
        orderId: pharmacy.id,
        sequence: 1,
        customerName: 'Ann Stop',
        customerPhone: '8135550010',
        address: '1 First St',
        status: 'delivered',
        deliveryPhoto: 'orders/test/stop1.jpg',
        deliveryNotes: 'Porch',
      },
      { orderId: pharmacy.id, sequence: 2, customerName: 'Bob Stop', customerPhone: '8135550011', address: '2 Second St', status: 'delivered' },
    ]);
    const stops = await admin.get(`/admin/orders/${pharmacy.id}`, { 'X-Partial': 'dialog' });
    expect(stops.text).toContain('Delivery Stops (2)');
    expect(stops.text.indexOf('Pharmacy Pickup Photo')).toBeLessThan(stops.text.indexOf('Delivery Photos by Stop'));
    expect(stops.text).toContain('src="/api/photos/orders/test/counter.jpg"');
    expect(stops.text).toContain('src="/api/photos/orders/test/stop1.jpg"');
    expect(stops.text).toContain('Stop 1: Ann Stop - 1 First St');

    const empty = await insertOrder(db, { status: 'delivered' });
    expect((await admin.get(`/admin/orders/${empty.id}`, { 'X-Partial': 'dialog' })).text).toContain(
      'No delivery photos available for this order - Try refreshing if photos were recently uploaded',
    );
    // Opened directly, it is a page of its own.
    expect((await admin.get(`/admin/orders/${empty.id}`)).text).toContain('<html');
    expect((await admin.get('/admin/orders/99999999')).status).toBe(404);
  });
});
