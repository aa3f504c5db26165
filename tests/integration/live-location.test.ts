/** Live positions over HTTP and WebSocket (issue 6): reports, ordering, write-through, the admins' socket. */
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { couriers } from '../../src/db/schema';
import { SESSION_ENDED_CLOSE } from '../../src/domain/live';
import { Client, rawGet, signedIn, testDb, unique } from '../support/api';
import { insertCourier, insertOrder, insertSession, insertSignableCourier } from '../support/factories';

const TAMPA = { latitude: 27.9506, longitude: -82.4572 };

/** A socket (an admin's by default, or a courier's phone socket) and the messages it receives. */
async function watch(cookie: string, path = '/api/couriers/live') {
  const url = inject('baseUrl').replace(/^http/, 'ws') + path;
  const socket = new WebSocket(url, { headers: { Cookie: cookie } } as unknown as string[]);
  const messages: Array<Record<string, unknown>> = [];
  socket.addEventListener('message', (event) => event.data !== 'pong' && messages.push(JSON.parse(String(event.data))));
  // Listened for from the start: the close may come while the test is still awaiting what causes it.
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason })),
  );
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  return { socket, messages, closed };
}

/**
 * Resolves once the server has closed the socket. wrangler dev's proxy keeps the TCP
 * connection after the closing handshake, so Node's client stays CLOSING (the close
 * frame arrived) and its close event, with the code, waits for the connection to drop.
 */
async function closedByServer(watcher: { socket: WebSocket }) {
  await expect.poll(() => watcher.socket.readyState, { timeout: 5000 }).toBeGreaterThanOrEqual(WebSocket.CLOSING);
}

/** An admin account of its own (its sessions are ended by the test). */
async function newAdmin(admin: Client) {
  const username = unique('live');
  const password = 'live-password';
  expect((await admin.post('/api/register', { role: 'admin', username, password, name: 'Live Watcher' })).status).toBe(201);
  return { username, password };
}

/**
 * A courier of the test's own, signed in: a demo courier's tracker may hold a later report
 * (or a recent write-through) from another test, which would change what this one sees.
 */
async function ownCourier(): Promise<{ client: Client; courierId: number; userId: number }> {
  const db = testDb();
  const { user, courier } = await insertCourier(db);
  const client = new Client();
  client.cookie = `sid=${await insertSession(db, user.id)}`;
  return { client, courierId: courier.id, userId: user.id };
}

describe('POST /api/couriers/location', () => {
  it('is for couriers only', async () => {
    expect((await new Client().post('/api/couriers/location', TAMPA)).status).toBe(401);
    expect((await (await signedIn('admin')).post('/api/couriers/location', TAMPA)).status).toBe(403);
    expect((await (await signedIn('bistro')).post('/api/couriers/location', TAMPA)).status).toBe(403);
  });

  it('refuses bad coordinates and times with 400', async () => {
    const courier = await signedIn('courier2');
    for (const body of [
      { latitude: 91, longitude: 0 },
      { latitude: 0, longitude: -181 },
      { latitude: '27.9', longitude: -82.4 },
      { longitude: -82.4 },
      { ...TAMPA, accuracy: -5 },
      { ...TAMPA, heading: 400 },
      { ...TAMPA, recordedAt: 'yesterday-ish' },
      { ...TAMPA, recordedAt: Date.now() + 10 * 60_000 },
    ]) {
      const response = await courier.post('/api/couriers/location', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('Invalid request');
    }
    expect((await courier.post('/api/couriers/location', '{"latitude":', { 'Content-Type': 'application/json' })).status).toBe(400);
  });

  it('keeps only newer reports, drops stale ones, and pushes accepted ones to admins at once', async () => {
    const admin = await signedIn('admin');
    const { client: courier, courierId } = await ownCourier();
    const { socket, messages } = await watch(admin.cookie!);
    try {
      const now = Date.now();
      expect((await courier.post('/api/couriers/location', { ...TAMPA, recordedAt: now })).body).toEqual({ accepted: true });
      expect((await courier.post('/api/couriers/location', { ...TAMPA, latitude: 27.96, recordedAt: now - 1000 })).body).toEqual({
        accepted: false,
        reason: 'out_of_order',
      });
      expect((await courier.post('/api/couriers/location', { ...TAMPA, recordedAt: now - 11 * 60_000 })).body).toEqual({ accepted: false, reason: 'stale' });
      await expect.poll(() => messages.filter((message) => message.courierId === courierId).length).toBe(1);
      expect(messages.find((message) => message.courierId === courierId)).toMatchObject({ type: 'position', ...TAMPA, recordedAt: now });

      const track = await admin.get(`/api/couriers/${courierId}/track`);
      expect(track.status).toBe(200);
      expect(track.body.at(-1)).toMatchObject({ ...TAMPA, recordedAt: new Date(now).toISOString() });
    } finally {
      socket.close();
    }
  });

  it('moves nothing for cookies (session and hint) kept from before a sign-out or a deactivation (issue 26)', async () => {
    const admin = await signedIn('admin');
    const { socket, messages } = await watch(admin.cookie!);
    try {
      for (const ending of ['sign-out', 'deactivation'] as const) {
        const { client: courier, courierId, userId } = await ownCourier();
        await courier.get('/api/user');
        expect(courier.hintCookie, 'the hint a browser would keep').toBeTruthy();
        const saved = Object.assign(new Client(), { cookie: courier.cookie, hintCookie: courier.hintCookie });
        if (ending === 'sign-out') expect((await courier.post('/api/logout')).status).toBe(200);
        else expect((await admin.patch(`/api/users/${userId}`, { isActive: false })).status).toBe(200);
        for (let attempt = 0; attempt < 3; attempt++) {
          const report = await saved.post('/api/couriers/location', { ...TAMPA, recordedAt: Date.now() });
          expect(report.status, ending).toBe(401);
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect((await admin.get(`/api/couriers/${courierId}/track`)).body, ending).toEqual([]);
        expect(
          messages.filter((message) => message.courierId === courierId),
          ending,
        ).toEqual([]);
        const [row] = await testDb().select().from(couriers).where(eq(couriers.id, courierId));
        expect(row.lastLocationUpdateTime, ending).toBeNull();
      }
    } finally {
      socket.close();
    }
  });

  it('writes the latest position through to the courier row, at most once per interval', async () => {
    const { client: courier, courierId } = await ownCourier();
    const row = async () => (await testDb().select().from(couriers).where(eq(couriers.id, courierId)))[0];
    const first = Date.now();
    await courier.post('/api/couriers/location', { latitude: 27.91, longitude: -82.41, recordedAt: first });
    // The first report of a quiet tracker is written at once...
    await expect.poll(async () => (await row()).lastLocationUpdateTime, { timeout: 12_000 }).toBe(first);
    await courier.post('/api/couriers/location', { latitude: 27.92, longitude: -82.42, recordedAt: first + 1000 });
    // ...and the next one only when the interval has passed (by the object's alarm).
    expect((await row()).lastLocationUpdateTime).toBe(first);
    await expect.poll(async () => (await row()).courierLatitude, { timeout: 15_000, interval: 500 }).toBe(27.92);
  }, 30_000);
});

describe('GET /api/couriers/live', () => {
  it('accepts only admins, only as a WebSocket, only from this origin', async () => {
    const handshake = { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' };
    const admin = await signedIn('admin');
    const courier = await signedIn('courier');
    expect((await rawGet('/api/couriers/live', handshake)).status).toBe(401);
    expect((await rawGet('/api/couriers/live', { ...handshake, Cookie: courier.cookie! })).status).toBe(403);
    expect((await rawGet('/api/couriers/live', { ...handshake, Cookie: admin.cookie!, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await rawGet('/api/couriers/live', { ...handshake, Cookie: admin.cookie! })).status).toBe(101);
    expect((await admin.get('/api/couriers/live')).status).toBe(426);
  });

  it('closes an admin’s socket when the session it was opened under ends, and only that one', async () => {
    const admin = await signedIn('admin');
    const { username, password } = await newAdmin(admin);
    const [laptop, phone] = [await signedIn(username, password), await signedIn(username, password)];
    const [laptopSocket, phoneSocket, otherAdmin] = await Promise.all([watch(laptop.cookie!), watch(phone.cookie!), watch(admin.cookie!)]);
    // Logging out on the laptop ends the laptop's socket.
    const out = await laptop.post('/api/logout');
    expect(out.status).toBe(200);
    await closedByServer(laptopSocket);
    // Changing the password on the phone ends every other session's socket (none left here) but not the phone's own.
    const third = await signedIn(username, password);
    const thirdSocket = await watch(third.cookie!);
    expect((await phone.post('/api/change-password', { currentPassword: password, newPassword: `${password}-2` })).status).toBe(200);
    await closedByServer(thirdSocket);
    // The sockets of sessions that did not end keep receiving positions.
    const courier = await insertCourier(testDb());
    const reporter = new Client();
    reporter.cookie = `sid=${await insertSession(testDb(), courier.user.id)}`;
    await reporter.post('/api/couriers/location', TAMPA);
    await expect.poll(() => phoneSocket.messages.some((message) => message.courierId === courier.courier.id), { timeout: 5000 }).toBe(true);
    await expect.poll(() => otherAdmin.messages.some((message) => message.courierId === courier.courier.id), { timeout: 5000 }).toBe(true);
    expect(laptopSocket.messages.some((message) => message.courierId === courier.courier.id)).toBe(false);
    expect(phoneSocket.socket.readyState).toBe(WebSocket.OPEN);
    phoneSocket.socket.close();
    otherAdmin.socket.close();
    // The close code tells the page to sign in again rather than reconnect.
    laptopSocket.socket.close();
    expect(await laptopSocket.closed).toMatchObject({ code: SESSION_ENDED_CLOSE });
  }, 30_000);
});

describe('GET /api/couriers/socket', () => {
  it("closes a courier's phone socket when its session ends: signing out ends that one, deactivation every other", async () => {
    const courier = await insertSignableCourier(testDb());
    const [pocket, phone] = [await signedIn(courier.username, 'demo1234'), await signedIn(courier.username, 'demo1234')];
    const [pocketSocket, phoneSocket] = await Promise.all([watch(pocket.cookie!, '/api/couriers/socket'), watch(phone.cookie!, '/api/couriers/socket')]);
    expect((await pocket.post('/api/logout')).status).toBe(200);
    await closedByServer(pocketSocket);
    expect(phoneSocket.socket.readyState).toBe(WebSocket.OPEN);
    // The page reads the close code: signed out, so it goes to sign in instead of reconnecting.
    pocketSocket.socket.close();
    expect(await pocketSocket.closed).toMatchObject({ code: SESSION_ENDED_CLOSE });

    const admin = await signedIn('admin');
    expect((await admin.patch(`/api/users/${courier.user.id}`, { isActive: false })).status).toBe(200);
    await closedByServer(phoneSocket);
    phoneSocket.socket.close();
    expect(await phoneSocket.closed).toMatchObject({ code: SESSION_ENDED_CLOSE });
  }, 30_000);

  it('marks the phone listening as it connects, and not listening when a push finds it gone (decision P31-7)', async () => {
    const db = testDb();
    const courier = await insertSignableCourier(db);
    const listening = async () => (await db.select({ on: couriers.phoneListening }).from(couriers).where(eq(couriers.id, courier.courier.id)))[0].on;
    expect(await listening()).toBe(false);
    const phone = await signedIn(courier.username, 'demo1234');
    const socket = await watch(phone.cookie!, '/api/couriers/socket');
    expect(await listening()).toBe(true);
    socket.socket.close();
    await socket.closed;
    // An order of theirs changes: the push finds no phone.
    const order = await insertOrder(db, { status: 'assigned', courierId: courier.courier.id });
    const admin = await signedIn('admin');
    expect((await admin.patch(`/api/orders/${order.id}`, { status: 'cancelled', expectedStatus: 'assigned' })).status).toBe(200);
    await expect.poll(listening, { timeout: 10_000 }).toBe(false);
  });

  it("closes a courier's phone socket when someone signs in over that session in the same browser", async () => {
    const [courier, other] = [await insertSignableCourier(testDb()), await insertSignableCourier(testDb())];
    const [shared, elsewhere] = [await signedIn(courier.username, 'demo1234'), await signedIn(courier.username, 'demo1234')];
    const [sharedSocket, elsewhereSocket] = await Promise.all([
      watch(shared.cookie!, '/api/couriers/socket'),
      watch(elsewhere.cookie!, '/api/couriers/socket'),
    ]);
    // The browser still presents the first courier's session when the other courier signs in.
    expect((await shared.post('/api/login', { username: other.username, password: 'demo1234' })).status).toBe(200);
    await closedByServer(sharedSocket);
    sharedSocket.socket.close();
    expect(await sharedSocket.closed).toMatchObject({ code: SESSION_ENDED_CLOSE });
    expect(elsewhereSocket.socket.readyState).toBe(WebSocket.OPEN);
    elsewhereSocket.socket.close();
  }, 30_000);
});

describe('the GPS page data', () => {
  it('gives admins the active orders with pickup coordinates, and nobody else', async () => {
    const db = testDb();
    const { courier } = await insertCourier(db);
    // Picked up long ago: first of the map's orders (soonest pickup first, 500 at most), whatever else is under way.
    const pickupTime = Date.UTC(2000, 5, 1, 12);
    const underWay = await insertOrder(db, { status: 'on_way_to_customer', courierId: courier.id, pickupTime, deliveryTime: pickupTime + 3_600_000 });
    const admin = await signedIn('admin');
    const response = await admin.get('/api/orders/admin/active');
    expect(response.status).toBe(200);
    expect(response.body.map((order: { id: number }) => order.id)).toContain(underWay.id);
    for (const order of response.body) {
      expect(order.courierId).not.toBeNull();
      expect(['delivered', 'cancelled', 'pharmacy_completed']).not.toContain(order.status);
      expect(order).toHaveProperty('restaurantLatitude');
    }
    expect((await (await signedIn('bistro')).get('/api/orders/admin/active')).status).toBe(403);
    expect((await (await signedIn('courier')).get(`/api/couriers/1/track`)).status).toBe(403);
  });
});

describe('the admin order detail', () => {
  it("shows the assigned courier's last known position", async () => {
    // A courier of its own: an order under way would open over a demo courier's dashboard in other tests.
    const db = testDb();
    const { client: courier, courierId } = await ownCourier();
    const order = await insertOrder(db, { status: 'courier_on_way_to_pickup', courierId });
    const admin = await signedIn('admin');
    await courier.post('/api/couriers/location', { latitude: 27.944444, longitude: -82.466666 });
    // The first report of a quiet tracker is written through at once.
    await expect
      .poll(async () => (await admin.get(`/admin/orders/${order.id}`, { 'X-Partial': 'dialog' })).text, { timeout: 12_000 })
      .toContain('27.944444, -82.466666');
    const dialog = await admin.get(`/admin/orders/${order.id}`, { 'X-Partial': 'dialog' });
    expect(dialog.text).toContain('Last known position');
    expect(dialog.text).toMatch(/>online<\/span>/);
  }, 20_000);
});
