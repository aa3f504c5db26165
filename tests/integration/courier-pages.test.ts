/** The courier pages over HTTP (issue 5): who may open them, on /courier and on a courier host name, and the header indicator. */
import { describe, expect, it } from 'vitest';
import { getWithHost, signedIn, testDb } from '../support/api';
import { insertHeldOrder } from '../support/courier';
import { insertSignableCourier } from '../support/factories';

const PAGES = ['/courier/dashboard', '/courier/tasks', '/courier/profile', '/courier/earnings'];

describe('courier pages', () => {
  it('open for a courier and send anyone else to sign in', async () => {
    const courier = await signedIn('courier');
    for (const path of PAGES) {
      const page = await courier.get(path);
      expect(page.status, path).toBe(200);
      // The installable app's manifest, and the menu's connection line, which says "Connected to Server" only once the server answers the phone (F4).
      expect(page.text).toContain('rel="manifest" href="/courier/manifest.webmanifest"');
      expect(page.text).toContain('Checking connection...');
    }
    for (const username of ['admin', 'bistro']) {
      const other = await signedIn(username);
      for (const path of PAGES) expect((await other.get(path)).headers.get('location'), `${username} ${path}`).toMatch(/^\/auth\?next=/);
    }
  });

  it('answer at the root of a courier host name, with links that stay there', async () => {
    const courier = await signedIn('courier');
    for (const path of ['/dashboard', '/tasks', '/profile', '/earnings']) {
      const page = await getWithHost(path, 'courier.dispatch.test', courier.cookie);
      expect(page.status, path).toBe(200);
      expect(page.text).toContain('href="/profile"');
      expect(page.text).not.toContain('href="/courier/profile"');
    }
  });

  it('render the lists into the page, and the order a URL names', async () => {
    const db = testDb();
    const { courier, username } = await insertSignableCourier(db);
    const order = await insertHeldOrder(db, courier.id, 'courier_confirmed', { customerName: 'Page Render Test' });
    const client = await signedIn(username);
    const page = await client.get(`/courier/dashboard?order=${order.id}`);
    expect(page.text).toContain('Page Render Test');
    expect(page.text).toContain('Orders cancelled less than 2 hours before pickup will incur a $30 fee');
    // An order the courier may not see is not shown.
    const hidden = await insertHeldOrder(db, (await insertSignableCourier(db)).courier.id, 'assigned', { customerName: 'Not Yours' });
    expect((await client.get(`/courier/dashboard?order=${hidden.id}`)).text).not.toContain('Not Yours');
  });

  it('show the active-orders indicator, linking to the first active order', async () => {
    const db = testDb();
    const { courier, username } = await insertSignableCourier(db);
    const client = await signedIn(username);
    const none = await client.get('/courier/tasks', { 'X-Partial': 'active-indicator' });
    expect(none.text).toContain('No Active Orders');
    const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer');
    const one = await client.get('/courier/tasks', { 'X-Partial': 'active-indicator', 'If-None-Match': none.headers.get('etag')! });
    expect(one.status).toBe(200);
    expect(one.text).toContain('1 Active Order');
    expect(one.text).toContain(`href="/courier/dashboard?order=${order.id}"`);
    expect(one.text).toContain(`data-open-order="${order.id}"`);
  });

  it('earnings: the chosen period, and a note for a custom range not yet picked', async () => {
    const courier = await signedIn('courier');
    const today = await courier.get('/courier/earnings?period=today');
    expect(today.text).toContain('aria-current="page"');
    expect(today.text).toMatch(/aria-current="page"[^>]*>Today</);
    expect((await courier.get('/courier/earnings?period=custom')).text).toContain('Pick a date range to see your earnings.');
    expect((await courier.get('/courier/earnings?period=forever')).status).toBe(200);
  });
});
