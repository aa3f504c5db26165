/**
 * The business pages over HTTP (spec 2-business-area.md §2.1, §2.4–2.8): who may open them, their
 * regions' ETags, the list filter on delivery time, and another business's order as a
 * 404 in every dialog.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time';
import { Client, signedIn, testDb } from '../support/api';
import { serviceToday, todayAt } from '../support/clock';
import { insertBusiness, insertOrder, insertOrders } from '../support/factories';

const PARTIAL = { 'X-Partial': 'orders' };
const HOUR = 3_600_000;

describe('business pages', () => {
  it('answer at /restaurant/… and at their aliases for a business, and send anyone else to sign in', async () => {
    const bistro = await signedIn('bistro');
    for (const path of [
      '/restaurant',
      '/dashboard',
      '/restaurant/orders',
      '/orders',
      '/restaurant/create-order',
      '/create-order',
      '/restaurant/profile',
      '/profile',
    ]) {
      expect((await bistro.get(path)).status, path).toBe(200);
      const anonymous = await new Client().get(path);
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get('location')).toBe(`/auth?next=${encodeURIComponent(path)}`);
    }
    const admin = await signedIn('admin');
    expect((await admin.get('/restaurant/orders')).headers.get('location')).toMatch(/^\/auth/);
  });

  it('give each business the form of its kind', async () => {
    expect((await (await signedIn('bistro')).get('/create-order')).text).toContain('Create New Order');
    const pharmacy = (await (await signedIn('pharmacy')).get('/create-order')).text;
    expect(pharmacy).toContain('Create Multi-Stop Order');
    expect(pharmacy).toContain('data-island="MultiStopOrderForm"');
  });
});

describe('Orders Management region', () => {
  it('answers 304 while nothing changed and redraws when an order arrives', async () => {
    const db = testDb();
    const business = await insertBusiness(db);
    const client = await signedIn(business.username);
    const first = await client.get('/restaurant/orders', PARTIAL);
    expect(first.status).toBe(200);
    expect(first.text).toContain('<div data-partial="orders"');
    expect(first.text).not.toContain('<html');
    const etag = first.headers.get('etag')!;
    expect((await client.get('/restaurant/orders', { ...PARTIAL, 'If-None-Match': etag })).status).toBe(304);
    // Delivered later today: in this month's list at any hour.
    const order = await insertOrder(db, {
      business: business.username,
      customerName: 'Region Redraw',
      pickupTime: todayAt(HOUR),
      deliveryTime: todayAt(2 * HOUR),
    });
    const after = await client.get('/restaurant/orders', { ...PARTIAL, 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(after.text).toContain(`#${order.orderNumber}`);
  });

  it('filters by delivery time, not pickup time, and never shows another business’s orders', async () => {
    const db = testDb();
    const [business, other] = await Promise.all([insertBusiness(db), insertBusiness(db)]);
    const { day: today } = serviceToday();
    const delivery = Date.parse(`${today}T12:00:00-05:00`);
    const mine = await insertOrder(db, {
      business: business.username,
      customerName: 'Delivered Today',
      pickupTime: delivery - 40 * HOUR,
      deliveryTime: delivery,
    });
    const theirs = await insertOrder(db, { business: other.username, customerName: 'Other Customer', pickupTime: delivery, deliveryTime: delivery });
    const client = await signedIn(business.username);
    const page = await client.get(`/restaurant/orders?day=${today}`, PARTIAL);
    expect(page.text).toContain(`#${mine.orderNumber}`);
    expect(page.text).toContain('Showing 1 orders for ');
    expect(page.text).not.toContain(`#${theirs.orderNumber}`);
    const pickupDay = addDays(today, -2);
    expect((await client.get(`/restaurant/orders?day=${pickupDay}`, PARTIAL)).text).toContain('Showing 0 orders for ');
    expect((await client.get(`/restaurant/orders?day=${addDays(today, -1)}`, PARTIAL)).text).not.toContain(`#${mine.orderNumber}`);
  });

  it('pages the list in SQL', async () => {
    const bistro = await signedIn('bistro');
    const page = await bistro.get('/restaurant/orders?page=999', PARTIAL);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/Showing \d+ orders/);
  });
});

describe('order dialogs', () => {
  it('render the order’s details, the live details (polled every 3 s) and the edit form', async () => {
    const order = await insertOrder(testDb(), { status: 'new' });
    const bistro = await signedIn('bistro');
    const live = await bistro.get(`/restaurant/orders/${order.id}/live`, { 'X-Partial': 'dialog' });
    expect(live.status).toBe(200);
    expect(live.text).toContain('data-poll="3000"');
    expect(live.text).toContain(`data-partial-src="/restaurant/orders/${order.id}/live"`);
    expect(live.text).toContain(`Order #${order.orderNumber}`);
    const details = await bistro.get(`/restaurant/orders/${order.id}`, { 'X-Partial': 'dialog' });
    expect(details.text).toContain('Order Items');
    const edit = await bistro.get(`/restaurant/orders/${order.id}/edit`, { 'X-Partial': 'dialog' });
    expect(edit.text).toContain('data-island="EditOrderForm"');
    // Without JavaScript each dialog is a page of its own.
    expect((await bistro.get(`/restaurant/orders/${order.id}`)).text).toContain('<html');
  });

  it('refuse to edit an order a business can no longer change', async () => {
    const order = await insertOrder(testDb(), { status: 'picked_up' });
    const edit = await (await signedIn('bistro')).get(`/restaurant/orders/${order.id}/edit`, { 'X-Partial': 'dialog' });
    expect(edit.status).toBe(409);
    expect(edit.text).toBe('This order can no longer be edited');
  });

  it("answer 404 for another business's order, as a dialog and as a page", async () => {
    const theirs = await insertOrder(testDb(), { business: 'pharmacy' });
    const bistro = await signedIn('bistro');
    for (const path of [
      `/restaurant/orders/${theirs.id}`,
      `/restaurant/orders/${theirs.id}/live`,
      `/restaurant/orders/${theirs.id}/edit`,
      `/orders/${theirs.id}`,
    ]) {
      const dialog = await bistro.get(path, { 'X-Partial': 'dialog' });
      expect(dialog.status, path).toBe(404);
      expect(dialog.text).toBe('Order not found');
      const page = await bistro.get(path);
      expect(page.status, path).toBe(404);
      expect(page.text).toContain('404 Page Not Found');
      expect(page.text).not.toContain('Test Customer');
    }
  });
});

describe('dashboard active orders', () => {
  it('says when there are more active orders than it lists, and links to all of them', async () => {
    const db = testDb();
    const business = await insertBusiness(db);
    await insertOrders(
      db,
      business.username,
      Array.from({ length: 101 }, (_, i) => ({ pickupTime: Date.now() + (i + 1) * 60_000 })),
    );
    const client = await signedIn(business.username);
    const region = await client.get('/restaurant', { 'X-Partial': 'active-orders' });
    expect(region.text).toContain('Showing the <!-- -->100<!-- --> soonest of <!-- -->101<!-- --> active orders.');
    expect(region.text).toContain('href="/restaurant/orders"');
    expect((region.text.match(/<li /g) ?? []).length).toBe(100);
  });
});
