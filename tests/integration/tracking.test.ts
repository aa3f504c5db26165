/** Customers' tracking links (issue 16): the page and its JSON, privacy, revocation, photos, the live socket. */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { orders, orderStops, trackingEtas, users } from '../../src/db/schema';
import { leadGroupSql } from '../../src/db/tracking';
import { leadGroupOf } from '../../src/domain/etaAccuracy';
import { newTrackingToken } from '../../src/domain/tracking';
import { Client, rawGet, signedIn, testDb } from '../support/api';
import { insertHeldOrder, insertPharmacyOrder, png, upload } from '../support/courier';
import { insertBusiness, insertOrder, insertSignableCourier } from '../support/factories';
import { singleOrderBody } from '../support/business';
import { PERIODS } from '../support/periods';

const DAY = 24 * 3_600_000;
const SECRET_NAME = 'Marcus Quetzalcoatl-Private';
const tokenOf = (url: string) => url.split('/t/')[1];

/** A courier of its own, named so the surname is recognisable, with a signed-in client. */
async function namedCourier() {
  const db = testDb();
  const made = await insertSignableCourier(db);
  await db.update(users).set({ name: SECRET_NAME, phone: '8135559876' }).where(eq(users.id, made.user.id));
  return { db, courier: made.courier, client: await signedIn(made.username) };
}

const page = (token: string) => rawGet(`/t/${token}`, {});
const json = (token: string) => new Client().get(`/api/track/${token}`);

/** A tracking page's socket and what it receives. */
async function watch(path: string) {
  const socket = new WebSocket(inject('baseUrl').replace(/^http/, 'ws') + path);
  const messages: Array<Record<string, unknown>> = [];
  socket.addEventListener('message', (event) => event.data !== 'pong' && messages.push(JSON.parse(String(event.data))));
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  return { socket, messages };
}

describe('a tracking link', () => {
  it('opens without sign-in: business, items, plain-words timeline and window; no phone, surname or pay', async () => {
    const { db, courier } = await namedCourier();
    const order = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup', { items: [{ name: 'Lasagna tray', quantity: 2, price: 4000 }] });
    const html = await page(order.trackingToken!);
    expect(html.status).toBe(200);
    expect(html.headers.get('referrer-policy')).toBe('no-referrer');
    expect(html.headers.get('cache-control')).toContain('no-store');
    expect(html.text).toContain(order.restaurantName);
    expect(html.text).toContain('Lasagna tray');
    expect(html.text).toContain('Courier on the way to pick up');
    expect(html.text).toContain('Expected');

    const data = await json(order.trackingToken!);
    expect(data.status).toBe(200);
    expect(data.headers.get('referrer-policy')).toBe('no-referrer');
    expect(data.body).toMatchObject({
      business: order.restaurantName,
      phase: 'to_pickup',
      status: 'Courier on the way to pick up',
      courier: null,
      eta: null,
      delivered: null,
    });
    expect(data.body.items).toEqual([{ name: 'Lasagna tray', quantity: 2 }]);
    expect(data.body.window.to).toBe(new Date(order.deliveryTime + 15 * 60_000).toISOString());

    for (const text of [html.text, JSON.stringify(data.body)]) {
      for (const secret of [order.customerPhone, '8135559876', 'Quetzalcoatl', '35.00', '3500', String(order.id) + ',']) expect(text).not.toContain(secret);
    }
  });

  it('is a plain 404 for an unknown, malformed or replaced token, and the business can replace it', async () => {
    const { db, courier } = await namedCourier();
    const order = await insertHeldOrder(db, courier.id, 'assigned');
    for (const token of [newTrackingToken(), 'not-a-token', `${order.trackingToken}0`, order.trackingToken!.toUpperCase()]) {
      expect((await page(token)).status).toBe(404);
      const answer = await json(token);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Not found' });
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    }

    const bistro = await signedIn('bistro');
    const renewed = await bistro.post(`/api/orders/${order.id}/tracking-link`, {});
    expect(renewed.status).toBe(200);
    expect(renewed.body.trackingUrl).toMatch(/\/t\/[0-9a-f]{32}$/);
    expect((await json(order.trackingToken!)).status).toBe(404);
    expect((await json(tokenOf(renewed.body.trackingUrl))).status).toBe(200);
    // Another business cannot, nor can the courier.
    expect((await (await signedIn('pharmacy')).post(`/api/orders/${order.id}/tracking-link`, {})).status).toBe(404);
  });

  it('is in the order JSON of the admin and the business, never the courier', async () => {
    const { db, courier, client } = await namedCourier();
    const order = await insertHeldOrder(db, courier.id, 'assigned');
    const expected = `${inject('baseUrl')}/t/${order.trackingToken}`;
    expect((await (await signedIn('admin')).get(`/api/orders/${order.id}`)).body.trackingUrl).toBe(expected);
    expect((await (await signedIn('bistro')).get(`/api/orders/${order.id}`)).body.trackingUrl).toBe(expected);
    const courierView = await client.get(`/api/orders/${order.id}`);
    expect(courierView.status).toBe(200);
    expect(courierView.body).not.toHaveProperty('trackingUrl');
    expect(JSON.stringify(courierView.body)).not.toContain(order.trackingToken);
  });
});

describe('a multi-stop route', () => {
  it("shows a stop's customer their stop only; another stop's token never opens this stop's photo", async () => {
    const { db, courier, client } = await namedCourier();
    const { order, stops } = await insertPharmacyOrder(db, { courierId: courier.id, status: 'in_pharmacy_delivery', stops: 3 });
    await db.update(orderStops).set({ status: 'arrived' }).where(eq(orderStops.id, stops[0].id));
    await db.update(orderStops).set({ status: 'on_way' }).where(eq(orderStops.id, stops[1].id));
    const photo = await upload(client, `/api/orders/${order.id}/photos?kind=stop&stopId=${stops[0].id}`, png(30, 30, 7));
    expect(
      (await client.patch(`/api/order-stops/${stops[0].id}`, { status: 'delivered', deliveryPhoto: photo.body.url, deliveryNotes: 'Under the mat' })).status,
    ).toBe(200);

    const first = await json(stops[0].trackingToken!);
    expect(first.body).toMatchObject({ phase: 'delivered', items: null, stops: null, courier: null });
    expect(first.body.delivered.notes).toBe('Under the mat');
    expect(first.body.delivered.photos).toEqual([`/api/track/${stops[0].trackingToken}/photos/1`]);
    const served = await fetch(new URL(first.body.delivered.photos[0], inject('baseUrl')));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(png(30, 30, 7)));

    // The second stop is the one driven to now; the third waits.
    const second = await json(stops[1].trackingToken!);
    expect(second.body).toMatchObject({ phase: 'on_the_way', delivered: null });
    expect(second.body.courier.firstName).toBe('Marcus');
    expect((await fetch(new URL(`/api/track/${stops[1].trackingToken}/photos/1`, inject('baseUrl')))).status).toBe(404);
    expect((await json(stops[2].trackingToken!)).body).toMatchObject({ phase: 'picked_up', courier: null });

    const secondPage = await page(stops[1].trackingToken!);
    for (const other of [stops[0], stops[2]]) {
      for (const text of [secondPage.text, JSON.stringify(second.body)]) {
        expect(text).not.toContain(other.customerName);
        expect(text).not.toContain(other.address);
        expect(text).not.toContain(other.trackingToken);
        expect(text).not.toContain('Under the mat');
      }
    }
    for (const text of [secondPage.text, JSON.stringify(second.body)]) {
      expect(text).not.toContain(stops[1].customerPhone);
      expect(text).not.toContain('Pharmacy Order'); // the route's items are everyone's
    }

    // The order's own link on a route says how far it is, without anyone's stop.
    const route = await json(order.trackingToken!);
    expect(route.body.stops).toEqual({ delivered: 1, total: 3 });
    expect(JSON.stringify(route.body)).not.toContain('Recipient');
  });
});

describe('after delivery', () => {
  it('shows the time, the photos and the notes; after 7 days only that it was delivered', async () => {
    const { db, courier, client } = await namedCourier();
    const order = await insertHeldOrder(db, courier.id, 'arrived_at_customer');
    const urls = [];
    for (const seed of [1, 2, 3, 4]) urls.push((await upload(client, `/api/orders/${order.id}/photos?kind=delivery`, png(40, 30, seed))).body.url);
    const delivered = await client.patch(`/api/orders/${order.id}`, { status: 'delivered', deliveryPhotos: urls, deliveryNotes: 'Left at reception' });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);

    const token = order.trackingToken!;
    const fresh = await json(token);
    expect(fresh.body).toMatchObject({ phase: 'delivered', expired: false, courier: null, live: null });
    expect(fresh.body.delivered).toMatchObject({ notes: 'Left at reception', photos: [1, 2, 3, 4].map((n) => `/api/track/${token}/photos/${n}`) });
    expect(fresh.body.delivered.at).toBeTruthy();
    const photo = await fetch(new URL(`/api/track/${token}/photos/2`, inject('baseUrl')));
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page(token);
    expect(html.text).toContain('Left at reception');
    expect(html.text).not.toContain('/api/photos/'); // never the photo's own key

    await db
      .update(orders)
      .set({ completedAt: Date.now() - 8 * DAY })
      .where(eq(orders.id, order.id));
    const old = await json(token);
    expect(old.body).toMatchObject({ phase: 'delivered', expired: true, items: null, window: null, delivered: { at: null, photos: [], notes: null } });
    expect((await fetch(new URL(`/api/track/${token}/photos/1`, inject('baseUrl')))).status).toBe(404);
    const oldPage = await page(token);
    expect(oldPage.text).toContain('This order was delivered');
    expect(oldPage.text).not.toContain('Left at reception');

    // 30 days after delivery the link has ended: the same 404 as a token never issued (K16).
    await db
      .update(orders)
      .set({ completedAt: Date.now() - 31 * DAY })
      .where(eq(orders.id, order.id));
    expect((await json(token)).status).toBe(404);
    expect((await page(token)).status).toBe(404);
  });
});

describe('after a cancellation (issue 26, decision K16)', () => {
  it('says only "Cancelled" and whose order it was, nothing of the order; 7 days later the link has ended', async () => {
    const db = testDb();
    const business = await insertBusiness(db, { name: `Gone Deli ${Date.now().toString(36)}` });
    const portal = await new Client().login(business.username);
    const created = await portal.post('/api/orders', singleOrderBody({ items: [{ name: 'Secret Platter', quantity: 2, price: 122.5 }] }));
    const token = tokenOf(created.body.trackingUrl);
    expect((await json(token)).body.items).toEqual([{ name: 'Secret Platter', quantity: 2 }]);
    expect((await portal.patch(`/api/orders/${created.body.id}`, { status: 'cancelled', courierId: null })).status).toBe(200);

    const cancelled = await json(token);
    expect(cancelled.body).toMatchObject({ business: business.restaurant.name, phase: 'cancelled', orderNumber: null, items: null, window: null, live: null });
    const html = await page(token);
    expect(html.text).toContain('Cancelled');
    expect(html.text).not.toContain('Secret Platter');
    expect(html.text).not.toContain(created.body.orderNumber);

    await db
      .update(orders)
      .set({ updatedAt: Date.now() - 8 * DAY })
      .where(eq(orders.id, created.body.id));
    expect((await json(token)).status).toBe(404);
    expect((await page(token)).status).toBe(404);
  });
});

describe('the live socket', () => {
  it("pushes the courier's position with an ETA while on the way, and tells the page when the order changes", async () => {
    const { db, courier, client } = await namedCourier();
    // Due now, so arriving is not too early.
    const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer', { pickupTime: Date.now() - 3_600_000, deliveryTime: Date.now() });
    const view = await json(order.trackingToken!);
    expect(view.body.live).toBe(`/api/track/${order.trackingToken}/live`);
    const watcher = await watch(view.body.live);

    const reportedAt = Date.now();
    const report = await client.post('/api/couriers/location', { latitude: 27.93, longitude: -82.459, speed: 10, recordedAt: reportedAt });
    expect(report.body).toEqual({ accepted: true });
    await expect
      .poll(() => watcher.messages.find((message) => message.type === 'position' && message.recordedAt === reportedAt), { timeout: 1000 })
      .toBeTruthy();
    const position = watcher.messages.find((message) => message.recordedAt === reportedAt)!;
    expect(position).toMatchObject({ latitude: 27.93, longitude: -82.459 });
    expect(position.eta).toMatch(/^about \d+ min$/);
    expect(Object.keys(position).sort()).toEqual(['eta', 'etaSeconds', 'latitude', 'longitude', 'recordedAt', 'type']);
    // The ETA shown is sampled, to be measured against the arrival.
    const samples = () => db.select().from(trackingEtas).where(eq(trackingEtas.orderId, order.id));
    await expect.poll(samples, { timeout: 5000 }).toHaveLength(1);
    const [sample] = await samples();
    expect(sample.etaAt - sample.recordedAt).toBe((position.etaSeconds as number) * 1000);
    expect(sample.stopId).toBeNull();

    // The courier arrives at the door: the page is told to read its link again.
    await client.post('/api/couriers/location', { latitude: order.customerLatitude, longitude: order.customerLongitude, recordedAt: reportedAt + 1000 });
    const arrived = await client.patch(`/api/orders/${order.id}`, { status: 'arrived_at_customer' });
    expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
    await expect.poll(() => watcher.messages.some((message) => message.type === 'changed'), { timeout: 15_000 }).toBe(true);
    watcher.socket.close();
  });

  it('sends no positions before pickup, and refuses a socket once the delivery is over', async () => {
    const { db, courier, client } = await namedCourier();
    const order = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
    const watcher = await watch(`/api/track/${order.trackingToken}/live`);
    const reportedAt = Date.now();
    expect((await client.post('/api/couriers/location', { latitude: 27.94, longitude: -82.45, recordedAt: reportedAt })).body).toEqual({ accepted: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(watcher.messages.filter((message) => message.type === 'position')).toEqual([]);
    watcher.socket.close();

    await db.update(orders).set({ status: 'delivered', completedAt: Date.now() }).where(eq(orders.id, order.id));
    const refused = await rawGet(`/api/track/${order.trackingToken}/live`, {
      Upgrade: 'websocket',
      Connection: 'Upgrade',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version': '13',
    });
    expect(refused.status).toBe(404);
  });
});

describe('ETA accuracy (decision K15)', () => {
  const MINUTE = 60_000;

  it("groups by lead time in SQL exactly as the domain's rule does", async () => {
    const leads = [-1, 0, 4.99, 5, 14.99, 15, 29.99, 30, 600].map((minutes) => Math.round(minutes * MINUTE));
    const [row] = await testDb().all<Record<string, number>>(
      sql`select ${sql.join(
        leads.map((lead, index) => sql`${leadGroupSql(sql`${lead}`)} as ${sql.raw(`g${index}`)}`),
        sql`, `,
      )}`,
    );
    expect(leads.map((_, index) => row[`g${index}`])).toEqual(leads.map(leadGroupOf));
  });

  it('counts the ETAs of a period against the arrivals, by how long before them they were shown, on the admin Messages page', async () => {
    const db = testDb();
    const { from } = PERIODS.etaAccuracy;
    const arrived = Date.parse(`${from}T16:00:00Z`);
    const single = await insertOrder(db, { status: 'delivered', arrivedAtCustomerTime: arrived, pickupTime: arrived - 60 * MINUTE, deliveryTime: arrived });
    const { order: route, stops } = await insertPharmacyOrder(db, { status: 'in_pharmacy_delivery', stops: 2 });
    await db
      .update(orderStops)
      .set({ arrivedTime: arrived + 60 * MINUTE })
      .where(eq(orderStops.id, stops[0].id));
    // A route of one stop: its order link is live, and the arrival is recorded on the stop.
    const { order: oneStop, stops: onlyStop } = await insertPharmacyOrder(db, { status: 'pharmacy_completed', stops: 1 });
    await db
      .update(orderStops)
      .set({ arrivedTime: arrived + 120 * MINUTE })
      .where(eq(orderStops.id, onlyStop[0].id));
    const sample = (orderId: number, stopId: number | null, shownBefore: number, promisedAfter: number, arrival: number) => ({
      orderId,
      stopId,
      recordedAt: arrival - shownBefore * MINUTE,
      etaAt: arrival + promisedAfter * MINUTE,
      meters: 1000,
    });
    await db.insert(trackingEtas).values([
      // The order: 3 min before, 1 min off (right); 20 min before, promised 8 min early (late).
      sample(single.id, null, 3, 1, arrived),
      sample(single.id, null, 20, -8, arrived),
      // Shown after the arrival (a page left open): not an ETA.
      sample(single.id, null, -1, 0, arrived),
      // The route's first stop: 10 min before, 2 min off; its second stop has not been reached.
      sample(route.id, stops[0].id, 10, 2, arrived + 60 * MINUTE),
      sample(route.id, stops[1].id, 10, 2, arrived + 90 * MINUTE),
      // The one-stop route's order link: 40 min before, promised 3 min early.
      sample(oneStop.id, null, 40, -3, arrived + 120 * MINUTE),
    ]);

    const admin = await signedIn('admin');
    const report = await admin.get(`/admin/messages?from=${from}&to=${from}`, { 'X-Partial': 'eta-accuracy' });
    expect(report.status).toBe(200);
    expect(tableRows(report.text)).toEqual([
      ['Under 5 min', '1', '1', '100%', '0%', '1 min'],
      ['5–15 min', '1', '1', '100%', '0%', '2 min'],
      ['15–30 min', '1', '1', '0%', '100%', '8 min'],
      ['30 min or more', '1', '1', '100%', '0%', '3 min'],
      ['All ETAs', '4', '3', '75%', '25%', '4 min'],
    ]);
    // Another day has none of them.
    const other = await admin.get(`/admin/messages?from=${PERIODS.earningsEmpty.from}&to=${PERIODS.earningsEmpty.to}`, { 'X-Partial': 'eta-accuracy' });
    expect(other.text).toContain('No ETA shown in these days has a recorded arrival yet.');
  });
});

/** The cells of each body row of an HTML table, as text. */
function tableRows(html: string): string[][] {
  const body = html.slice(html.indexOf('<tbody'));
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
    [...row.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) =>
      cell
        .replace(/<[^>]+>/g, '')
        .replace(/&amp;/g, '&')
        .trim(),
    ),
  );
}
