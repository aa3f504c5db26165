/**
 * Webhooks (issue 17), as an integrator meets them: a receiver on this machine gets every
 * order event, signed as Standard Webhooks says (checked with the standardwebhooks
 * library), exactly one per change of the order, in the background of the action that
 * caused it. A failed delivery comes again with the same webhook-id, on the retry
 * schedule, and the business's delivery log shows it all; an endpoint that fails for days
 * is turned off with a notice. Also: where deliveries may go, test events, secret
 * rotation, and events written without the queue that the cron sends.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getEvents } from '../../src/db/orders/read';
import { eventOutbox, orders, orderStops, restaurants, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../src/db/schema';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../src/domain/webhooks';
import { Client, signedIn, testDb, unique } from '../support/api';
import { multiStopBody, singleOrderBody, TAMPA_STOPS } from '../support/business';
import { dataString, png, atStop } from '../support/courier';
import { insertOrder, insertSignableCourier } from '../support/factories';
import { eventually, integratedBusiness, openApiValidator, runCron, startReceiver, verify, type Received } from '../support/integrations';

const MINUTE = 60_000;
/** Receivers and endpoints this file made: closed and removed at the end, so no retry outlives it. */
const cleanup: Array<() => Promise<unknown>> = [];

async function listening(options: Parameters<typeof startReceiver>[0] = {}, business: { customerType?: 'restaurant' | 'pharmacy' } = {}) {
  const db = testDb();
  const integrated = await integratedBusiness(db, business);
  const receiver = await startReceiver(options);
  const saved = await integrated.portal.put('/api/webhook-endpoint', { url: receiver.url });
  expect(saved.status).toBe(200);
  cleanup.push(
    () => integrated.portal.delete('/api/webhook-endpoint'),
    () => receiver.close(),
  );
  return { db, ...integrated, receiver, secret: saved.body.secret as string };
}

const ofOrder = (orderId: number) => (entry: Received) => entry.event?.data?.order?.id === orderId;
const deliveriesOf = (db: ReturnType<typeof testDb>, restaurantId: number) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.restaurantId, restaurantId));

afterAll(async () => {
  for (const step of cleanup) await step().catch(() => {});
});

describe('an integrator’s day', () => {
  it(
    'hears order.created and every status change of a 3-stop route, signed, once each; a 500 is retried with the same webhook-id; the log shows it',
    { timeout: 90_000 },
    async () => {
      const validator = await openApiValidator();
      // The receiver refuses the very first delivery once, then takes everything.
      const { db, api, restaurant, portal, receiver, secret } = await listening(
        { answer: (_, count) => (count === 0 ? 500 : 200) },
        { customerType: 'pharmacy' },
      );
      const body = multiStopBody(TAMPA_STOPS.slice(0, 3), {
        pickupTime: new Date(Date.now() + 40 * MINUTE).toISOString(),
        deliveryTime: new Date(Date.now() + 160 * MINUTE).toISOString(),
      });

      const started = Date.now();
      const created = await api.post('/api/v1/orders', body, { 'Idempotency-Key': unique('route-') });
      expect(created.status).toBe(201);
      const orderId = created.body.id as number;

      // order.created: refused once, then the same event again, same id, within the first retry's delay.
      const [first, second] = await receiver.waitFor((entry) => ofOrder(orderId)(entry) && entry.event.type === 'order.created', 2);
      expect([first.status, second.status]).toEqual([500, 200]);
      expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(first.at - started).toBeLessThan(5000);
      expect(second.at - first.at).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] - 1000);
      expect(second.body).toBe(first.body);
      expect(Number(second.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(Number(first.headers['webhook-timestamp']));

      // The courier's day, through the API: assigned by the dispatcher, accepted, the pharmacy route, three stops.
      const { courier, username } = await insertSignableCourier(db);
      const admin = await signedIn('admin');
      const courierApi = await signedIn(username);
      const step = async (call: Promise<{ status: number; text: string }>) => {
        const answer = await call;
        expect(answer.status, answer.text).toBe(200);
      };
      await step(admin.patch(`/api/orders/${orderId}`, { status: 'assigned', courierId: courier.id, deliveryFee: '20', tip: '5', expectedStatus: 'new' }));
      await step(courierApi.post(`/api/orders/${orderId}/courier-response`, { action: 'accept' }));
      await step(courierApi.patch(`/api/orders/${orderId}`, { status: 'awaiting_pharmacy_pickup' }));
      await step(courierApi.patch(`/api/orders/${orderId}`, { status: 'courier_on_way_to_pharmacy' }));
      await step(
        courierApi.patch(`/api/orders/${orderId}`, {
          status: 'arrived_at_pharmacy',
          courierLatitude: restaurant.latitude,
          courierLongitude: restaurant.longitude,
        }),
      );
      await step(courierApi.patch(`/api/orders/${orderId}`, { status: 'pharmacy_picked_up', pharmacyPickupPhoto: dataString(png(12, 12, 1)) }));
      const stops = await db.select().from(orderStops).where(eq(orderStops.orderId, orderId)).orderBy(orderStops.sequence);
      for (const [index, stop] of stops.entries()) {
        await step(courierApi.patch(`/api/order-stops/${stop.id}`, { status: 'arrived', ...atStop(stop) }));
        await step(courierApi.patch(`/api/order-stops/${stop.id}`, { status: 'delivered', deliveryPhoto: dataString(png(12, 12, 10 + index)) }));
      }
      const [final] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(final.status).toBe('delivered');

      // Every applied change of status (and the courier taking it) is one event, no more.
      const changes = (await getEvents(db, orderId)).filter(
        (event) => event.outcome === 'applied' && event.action !== 'create' && event.fromStatus !== event.toStatus,
      );
      const delivered = await receiver.waitFor((entry) => ofOrder(orderId)(entry) && entry.event.type === 'order.delivered');
      const byId = new Map<string, Received>();
      for (const entry of receiver.received.filter((received) => ofOrder(orderId)(received) && received.status === 200))
        byId.set(entry.headers['webhook-id'] as string, entry);
      const events = [...byId.values()];
      const pair = (from: string | null, to: string | null) => `${from} -> ${to}`;
      expect(events.map((entry) => pair(entry.event.data.from, entry.event.data.to)).sort()).toEqual(
        [pair(null, 'new'), ...changes.map((change) => pair(change.fromStatus, change.toStatus))].sort(),
      );
      const types = events.map((entry) => entry.event.type);
      expect(types.filter((type) => type === 'order.created')).toHaveLength(1);
      expect(types.filter((type) => type === 'order.assigned')).toHaveLength(1);
      expect(types.filter((type) => type === 'order.delivered')).toHaveLength(1);
      expect(types.filter((type) => type === 'order.status_changed')).toHaveLength(changes.length - 2);
      expect(events.find((entry) => entry.event.type === 'order.assigned')!.event.data).toMatchObject({ from: 'new', to: 'assigned' });
      expect(changes.length).toBeGreaterThanOrEqual(7);

      // Each verifies with the Standard Webhooks library and fits the document.
      for (const entry of events) {
        expect(verify(secret, entry)).toEqual(entry.event);
        expect(validator.problems('OrderWebhook', entry.event)).toEqual([]);
      }
      expect(() => verify(secret.replace(/^whsec_./, 'whsec_A'), events[0])).toThrow();
      expect(() => verify(secret, { ...events[0], body: events[0].body.replace('"new"', '"old"') })).toThrow();

      // order.delivered carries photo links that work without a session.
      const order = delivered[0].event.data.order;
      const links = [order.pharmacyPickupPhoto, ...order.deliveryPhotos, ...order.stops.map((stop: { deliveryPhoto: string }) => stop.deliveryPhoto)].filter(
        Boolean,
      );
      expect(links.length).toBeGreaterThanOrEqual(4);
      for (const link of links) {
        expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/photos\/[0-9a-f]{32}\.(png|jpg|webp)\?expires=\d+&signature=[0-9a-f]{64}$/);
        const photo = await fetch(link);
        expect(photo.status, link).toBe(200);
        expect(photo.headers.get('content-type')).toMatch(/^image\//);
      }
      expect(Number(new URL(links[0]).searchParams.get('expires')) * 1000 - Date.now()).toBeGreaterThan(6 * 24 * 60 * MINUTE);

      // The business sees it all in its delivery log: the refused attempt and the one that took.
      const rows = await deliveriesOf(db, restaurant.id);
      expect(rows.filter((row) => row.orderId === orderId)).toHaveLength(events.length);
      const createdDelivery = rows.find((row) => row.type === 'order.created')!;
      expect(createdDelivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
      const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, createdDelivery.id)).orderBy(webhookAttempts.id);
      expect(attempts.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
      const log = await portal.get('/profile');
      expect(log.status).toBe(200);
      for (const text of [
        'Recent deliveries',
        'order.created',
        'order.assigned',
        'order.status_changed',
        'order.delivered',
        `Order #${created.body.orderNumber}`,
        'Delivered',
        '2 of at most 8 attempts',
        '>500<',
      ]) {
        expect(log.text, text).toContain(text);
      }
    },
  );
});

describe('retries', () => {
  it(
    'tries a failing endpoint again on the schedule, from the queue and from the cron when a message is lost, and gives up after the last attempt',
    { timeout: 60_000 },
    async () => {
      const { db, portal, restaurant, receiver } = await listening({ answer: () => 503 });
      expect((await portal.post('/api/webhook-endpoint/test')).status).toBe(202);
      const [firstTry, secondTry] = await receiver.waitFor((entry) => entry.event.type === 'webhook.test', 2);
      expect(secondTry.headers['webhook-id']).toBe(firstTry.headers['webhook-id']);
      expect(secondTry.at - firstTry.at).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] - 1000);

      const [delivery] = await eventually(
        () => deliveriesOf(db, restaurant.id),
        ([row]) => row?.attempts === 2 && row.leasedUntil == null,
      );
      expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: 503, lastError: 'not now' });
      expect(delivery.nextAttemptAt! - delivery.updatedAt).toBe(RETRY_DELAYS_MS[1]);

      // Five minutes later in the database's eyes, and the queue's message lost: the cron sends it.
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: Date.now() - 2 * MINUTE })
        .where(eq(webhookDeliveries.id, delivery.id));
      await runCron();
      const third = await receiver.waitFor((entry) => entry.event.type === 'webhook.test', 3);
      expect(third[2].headers['webhook-id']).toBe(firstTry.headers['webhook-id']);
      const afterThird = await eventually(
        () => deliveriesOf(db, restaurant.id),
        ([row]) => row.attempts === 3 && row.leasedUntil == null,
      );
      expect(afterThird[0].nextAttemptAt! - afterThird[0].updatedAt).toBe(RETRY_DELAYS_MS[2]);

      // The last attempt: nothing more is scheduled, and the delivery is failed.
      await db
        .update(webhookDeliveries)
        .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: Date.now() - 2 * MINUTE })
        .where(eq(webhookDeliveries.id, delivery.id));
      await runCron();
      const [last] = await eventually(
        () => deliveriesOf(db, restaurant.id),
        ([row]) => row.status !== 'pending',
      );
      expect(last).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null, lastStatusCode: 503 });
      const count = receiver.received.length;
      await runCron();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(receiver.received.length).toBe(count);
      expect((await portal.get('/profile')).text).toContain('Failed');
    },
  );

  it(
    'turns off an endpoint that has failed for days, says so in the Profile, sends nothing more, and turns it back on when saved again',
    { timeout: 60_000 },
    async () => {
      const { db, api, portal, restaurant, receiver } = await listening({ answer: () => 500 });
      await db
        .update(webhookEndpoints)
        .set({ failingSince: Date.now() - 6 * 24 * 60 * MINUTE })
        .where(eq(webhookEndpoints.restaurantId, restaurant.id));
      expect((await portal.post('/api/webhook-endpoint/test')).status).toBe(202);
      await receiver.waitFor((entry) => entry.event.type === 'webhook.test');
      const [endpoint] = await eventually(
        () => db.select().from(webhookEndpoints).where(eq(webhookEndpoints.restaurantId, restaurant.id)),
        ([row]) => row.disabledAt != null,
      );
      expect(endpoint.disabledAt).toBeGreaterThan(Date.now() - MINUTE);
      const [delivery] = await eventually(
        () => deliveriesOf(db, restaurant.id),
        ([row]) => row.status !== 'pending',
      );
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });

      const profile = await portal.get('/profile');
      expect(profile.text).toContain('This endpoint was turned off on');
      expect(profile.text).toContain('Turned off');
      expect((await portal.get('/api/webhook-endpoint')).body).toMatchObject({ enabled: false, url: receiver.url });
      const refused = await portal.post('/api/webhook-endpoint/test');
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('The endpoint is turned off');

      // Orders keep happening; a turned-off endpoint gets no events (decisions I10), so nothing is sent.
      const order = await api.post('/api/v1/orders', singleOrderBody());
      expect(order.status).toBe(201);
      await runCron();
      expect(await db.select().from(eventOutbox).where(eq(eventOutbox.orderId, order.body.id))).toEqual([]);
      expect((await deliveriesOf(db, restaurant.id)).filter((row) => row.orderId === order.body.id)).toEqual([]);

      const saved = await portal.put('/api/webhook-endpoint', { url: receiver.url });
      expect(saved.body).toMatchObject({ enabled: true, disabledAt: null, failingSince: null });
      expect((await portal.post('/api/webhook-endpoint/test')).status).toBe(202);
    },
  );
});

describe('the endpoint', () => {
  it('takes only https URLs to public hosts in production terms, and http://127.0.0.1:<port> on a local run', async () => {
    const { portal } = await integratedBusiness(testDb());
    cleanup.push(() => portal.delete('/api/webhook-endpoint'));
    const refusals: Array<[string, string]> = [
      ['not a url', 'Enter a full URL, like https://example.com/webhooks'],
      ['ftp://files.example.com/in', 'The URL must start with https://'],
      ['http://hooks.example.com/in', 'The URL must start with https://'],
      ['http://localhost:4000/in', 'The URL must start with https://'],
      ['https://localhost/in', 'The URL must name a public host'],
      ['https://printer.local/in', 'The URL must name a public host'],
      ['https://10.1.2.3/in', 'The URL points to a private or local network address'],
      ['https://169.254.169.254/latest/meta-data', 'The URL points to a private or local network address'],
      ['https://[::1]/in', 'The URL points to a private or local network address'],
      ['https://[::ffff:192.168.0.1]/in', 'The URL points to a private or local network address'],
      ['https://user:secret@hooks.example.com/in', 'The URL may not contain a user name or password'],
      // No DNS on this machine: a name that cannot be looked up is refused, never trusted.
      ['https://hooks.example.com/in', 'Could not look up hooks.example.com; try again in a moment'],
    ];
    for (const [url, message] of refusals) {
      const answer = await portal.put('/api/webhook-endpoint', { url });
      expect(answer.status, url).toBe(400);
      expect(answer.body, url).toEqual({ error: 'Invalid request', details: message, fields: { url: [message] } });
    }
    expect((await portal.put('/api/webhook-endpoint', {})).body.details).toBe('Endpoint URL is required');
    expect((await portal.get('/api/webhook-endpoint')).status).toBe(404);

    const local = await portal.put('/api/webhook-endpoint', { url: 'http://127.0.0.1:4567/hooks' });
    expect(local.status).toBe(200);
    expect(local.body).toMatchObject({ url: 'http://127.0.0.1:4567/hooks', enabled: true });
    expect(local.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Saving another URL keeps the secret.
    expect((await portal.put('/api/webhook-endpoint', { url: 'http://127.0.0.1:4568/hooks' })).body.secret).toBe(local.body.secret);
    expect((await portal.delete('/api/webhook-endpoint')).status).toBe(204);
    expect((await portal.delete('/api/webhook-endpoint')).status).toBe(404);
  });

  it('sends a test event that verifies; after a rotation both secrets sign for a while', { timeout: 30_000 }, async () => {
    const { portal, receiver, secret } = await listening();
    const sent = await portal.post('/api/webhook-endpoint/test');
    expect(sent.status).toBe(202);
    const [test] = await receiver.waitFor((entry) => entry.event.type === 'webhook.test');
    expect(test.headers['webhook-id']).toBe(sent.body.id);
    expect(verify(secret, test)).toMatchObject({ type: 'webhook.test', data: { message: expect.stringContaining('test event') } });
    expect(test.headers['content-type']).toBe('application/json');

    const rotated = await portal.post('/api/webhook-endpoint/rotate-secret');
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    await portal.post('/api/webhook-endpoint/test');
    const [, afterRotation] = await receiver.waitFor((entry) => entry.event.type === 'webhook.test', 2);
    expect((afterRotation.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    expect(verify(rotated.body.secret, afterRotation)).toBeTruthy();
    expect(verify(secret, afterRotation)).toBeTruthy();
  });
});

describe('in the background', () => {
  it('never makes the action wait for a slow receiver', { timeout: 30_000 }, async () => {
    const { api, receiver } = await listening({ delayMs: 6000 });
    const started = Date.now();
    const created = await api.post('/api/v1/orders', singleOrderBody());
    const took = Date.now() - started;
    expect(created.status).toBe(201);
    expect(took).toBeLessThan(3000);
    await receiver.waitFor(ofOrder(created.body.id));
  });

  it('sends events that no request handed to the queue when the cron runs: nothing written is lost', { timeout: 30_000 }, async () => {
    const { db, username, receiver } = await listening();
    // Written straight to the database: the triggers record the events, no request relays them.
    const order = await insertOrder(db, { business: username });
    await db.update(orders).set({ status: 'pending_courier' }).where(eq(orders.id, order.id));
    const waiting = await db.select().from(eventOutbox).where(eq(eventOutbox.orderId, order.id));
    expect(waiting.map((event) => [event.kind, event.fromStatus, event.toStatus, event.queuedAt])).toEqual([
      ['order.created', null, 'new', null],
      ['order.changed', 'new', 'pending_courier', null],
    ]);
    await runCron();
    const events = await receiver.waitFor(ofOrder(order.id), 2);
    expect(events.map((entry) => entry.event.type).sort()).toEqual(['order.created', 'order.status_changed']);
  });

  it('creates no deliveries for a business without an endpoint, or with API access off', { timeout: 30_000 }, async () => {
    const { db, username, restaurant, receiver } = await listening();
    const quiet = await integratedBusiness(db);
    const order = await quiet.api.post('/api/v1/orders', singleOrderBody());
    await db.update(restaurants).set({ apiEnabled: false }).where(eq(restaurants.id, restaurant.id));
    const off = await insertOrder(db, { business: username });
    await runCron();
    // Without an endpoint no event is even written (decisions I10); with API access off it is, and is dropped.
    expect(order.status).toBe(201);
    expect(await db.select().from(eventOutbox).where(eq(eventOutbox.orderId, order.body.id))).toEqual([]);
    await eventually(
      () => db.select().from(eventOutbox).where(eq(eventOutbox.orderId, off.id)),
      (rows) => rows.length > 0 && rows.every((row) => row.processedAt != null),
    );
    const [count] = await db
      .select({ n: sql<number>`count(*)` })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.orderId} in (${order.body.id}, ${off.id})`);
    expect(count.n).toBe(0);
    expect(receiver.received).toEqual([]);
  });

  it('answers the signed-out and the wrong role with the usual errors', async () => {
    expect((await new Client().post('/api/webhook-endpoint/test')).status).toBe(401);
    expect((await (await signedIn('courier')).put('/api/webhook-endpoint', { url: 'http://127.0.0.1:1/x' })).status).toBe(403);
  });
});
