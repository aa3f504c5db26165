/**
 * The integrations API, /api/v1 (issue 17): orders created exactly as the portal creates
 * them (price, stops, all or nothing, Idempotency-Key), listed with filters and a cursor,
 * read with signed photo links, cancelled by the portal's rules, with their history. The
 * OpenAPI document names every /api/v1 route, and every answer here is checked against it.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { orders, orderStops, signingKeys } from '../../src/db/schema';
import { signedPhotoUrl } from '../../src/domain/photos';
import { ORDER_MESSAGES } from '../../src/domain/schemas/businessOrders';
import { Client, testDb, unique, workerLogDuring } from '../support/api';
import { multiStopBody, singleOrderBody, TAMPA_STOPS } from '../support/business';
import { png, upload } from '../support/courier';
import { insertOrder, insertSignableCourier } from '../support/factories';
import { integratedBusiness, openApiValidator, type KeyClient } from '../support/integrations';
import { signedIn } from '../support/api';

let validator: Awaited<ReturnType<typeof openApiValidator>>;
/** Every answer of this file, to check against the document once more at the end. */
const checked: string[] = [];

/** Fails unless the body fits the document's schema. */
function expectFits(component: string, body: unknown) {
  expect(validator.problems(component, body), component).toEqual([]);
  checked.push(component);
}

beforeAll(async () => {
  validator = await openApiValidator();
});

describe('the OpenAPI document', () => {
  it('names every /api/v1 route of the app, and nothing else', () => {
    const routes = createApp()
      .routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/v1/'))
      .map((route) => `${route.method} ${route.path}`);
    const documented = Object.entries(validator.document.paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} /api/v1${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(new Set(documented)).toEqual(new Set(routes));
    expect(routes.length).toBeGreaterThanOrEqual(7);
  });

  it('is OpenAPI 3.1 with the key scheme, a server on this host, every answer described, and the webhooks', () => {
    const document = validator.document;
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0].url).toBe(`${new Client().baseUrl.replace(/\/$/, '')}/api/v1`);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.responses, `${method} ${path}`).toBeTruthy();
        if (!operation.security) expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403', '429']));
      }
    }
    expect(Object.keys(document.webhooks).sort()).toEqual([
      'order.assigned',
      'order.cancelled',
      'order.created',
      'order.delivered',
      'order.delivery_failed',
      'order.status_changed',
      'webhook.test',
    ]);
    // Request bodies are described as what may be sent: money as a number or a string.
    expect(document.components.schemas.OrderCreate.properties.amount.type).toEqual(['number', 'string']);
    expect(document.components.schemas.OrderCreate.properties.amount.description).toMatch(/Dollars/);
  });

  it('is served as JSON, and as a readable page without scripts from elsewhere', async () => {
    const json = await new Client().get('/api/v1/openapi.json');
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const page = await new Client().get('/api/v1/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    for (const text of [
      'Dispatch API reference',
      'Create an order',
      'List orders',
      'Cancel an order',
      'order.delivered',
      'webhook-signature',
      'OrderDetail',
      'Idempotency-Key',
      'Retry-After',
    ]) {
      expect(page.text, text).toContain(text);
    }
    expect(page.text).not.toMatch(/<script[^>]+src="https?:/);
    expect(page.text).not.toMatch(/<link[^>]+href="https?:/);
  });
});

describe('POST /api/v1/orders', () => {
  it('creates a single order priced exactly as the portal prices the same body', async () => {
    const db = testDb();
    const { api, portal } = await integratedBusiness(db);
    const body = singleOrderBody({ amount: '450.55', deliveryFee: 0, internalOrderNumber: 'API-1' });
    const viaApi = await api.post('/api/v1/orders', body);
    const viaPortal = await portal.post('/api/orders', body);
    expect(viaApi.status).toBe(201);
    expectFits('OrderDetail', viaApi.body);
    expect(viaApi.headers.get('location')).toBe(`/api/v1/orders/${viaApi.body.id}`);
    expect(viaApi.body).toMatchObject({ status: 'new', deliveryFee: '45.06', amount: '450.55', tip: '10.00', stops: [], internalOrderNumber: 'API-1' });
    for (const field of [
      'deliveryFee',
      'amount',
      'tip',
      'totalDistanceMiles',
      'calculatedDeliveryFee',
      'customerAddress',
      'pickupTime',
      'deliveryTime',
      'items',
      'zoneId',
      'restaurantId',
    ]) {
      expect(viaApi.body[field], field).toEqual(viaPortal.body[field]);
    }
    // Each order has its own tracking link (issue 16), the portal's and the API's alike.
    expect(viaApi.body.trackingUrl).toMatch(/^http:\/\/[^/]+\/t\/[0-9a-f]{32}$/);
    expect(viaPortal.body.trackingUrl).toMatch(/^http:\/\/[^/]+\/t\/[0-9a-f]{32}$/);
    expect(viaApi.body.trackingUrl).not.toBe(viaPortal.body.trackingUrl);
  });

  it('creates a three-stop order with its stops in one call, routed and priced as the portal does', async () => {
    const db = testDb();
    const { api, portal } = await integratedBusiness(db, { customerType: 'pharmacy' });
    const body = multiStopBody(TAMPA_STOPS.slice(0, 3), { internalOrderNumber: unique('RX-') });
    const viaApi = await api.post('/api/v1/orders', body);
    const viaPortal = await portal.post('/api/orders', body);
    expect(viaApi.status).toBe(201);
    expectFits('OrderDetail', viaApi.body);
    expect(
      viaApi.body.stops.map((stop: { sequence: number; customerName: string; status: string }) => [stop.sequence, stop.customerName, stop.status]),
    ).toEqual([
      [1, 'Noah Thompson', 'pending'],
      [2, 'Ava Robinson', 'pending'],
      [3, 'Liam Clark', 'pending'],
    ]);
    for (const field of ['deliveryFee', 'totalDistanceMiles', 'calculatedDeliveryFee', 'customerName', 'customerAddress'])
      expect(viaApi.body[field], field).toEqual(viaPortal.body[field]);
    expect(viaApi.body.totalDistanceMiles).toBeGreaterThan(0);
    const stored = await db.select().from(orderStops).where(eq(orderStops.orderId, viaApi.body.id));
    expect(stored).toHaveLength(3);
  });

  it('refuses a bad body with the schema’s own messages and creates nothing, stops included', async () => {
    const db = testDb();
    const { api, restaurant } = await integratedBusiness(db);
    const missing = await api.post('/api/v1/orders', {
      internalOrderNumber: 'X-1',
      pickupTime: '2030-01-15T14:00:00Z',
      deliveryTime: '2030-01-15T13:00:00Z',
      amount: 0,
    });
    expect(missing.status).toBe(400);
    expectFits('Error', missing.body);
    expect(missing.body.fields).toMatchObject({
      customerName: [ORDER_MESSAGES.customerName],
      customerPhone: [ORDER_MESSAGES.customerPhone],
      customerAddress: [ORDER_MESSAGES.customerAddress],
      amount: [ORDER_MESSAGES.amount],
    });
    const badStop = await api.post('/api/v1/orders', multiStopBody([...TAMPA_STOPS.slice(0, 2), { ...TAMPA_STOPS[2], latitude: 123 }]));
    expect(badStop.status).toBe(400);
    expect(badStop.body.details).toContain('Latitude must be between -90 and 90');
    const notJson = await api.request('POST', '/api/v1/orders', '{"internalOrderNumber":', { 'Content-Type': 'application/json' });
    expect(notJson.status).toBe(400);
    expectFits('Error', notJson.body);
    expect(await db.select().from(orders).where(eq(orders.restaurantId, restaurant.id))).toEqual([]);
  });

  it('takes a phone in any usual spelling, stores its 10 digits (found by searching them), and refuses one no text can reach', async () => {
    const db = testDb();
    const { api } = await integratedBusiness(db);
    // A number of this test's own, so the search finds its order alone.
    const line = String(2_000_000 + Math.floor(Math.random() * 7_999_999));
    const digits = `727${line}`;
    const spellings = [`+1727${line}`, `(727) ${line.slice(0, 3)}-${line.slice(3)}`, `727.${line.slice(0, 3)}.${line.slice(3)}`];
    const ids: number[] = [];
    for (const customerPhone of spellings) {
      const created = await api.post('/api/v1/orders', singleOrderBody({ customerPhone, internalOrderNumber: unique('PH-') }));
      expect(created.status, customerPhone).toBe(201);
      expect(created.body.customerPhone, customerPhone).toBe(digits);
      ids.push(created.body.id);
    }
    const admin = await signedIn('admin');
    const found = await admin.get(`/api/orders?range=all&page=1&q=${encodeURIComponent(spellings[1])}`);
    expect(found.body.map((order: { id: number }) => order.id).sort((a: number, b: number) => a - b)).toEqual(ids);
    for (const customerPhone of ['call me', '813555987', '+44 20 7946 0958', '1235550100', '(813) 555-9876 x12']) {
      const refused = await api.post('/api/v1/orders', singleOrderBody({ customerPhone }));
      expect(refused.status, customerPhone).toBe(400);
      expect(refused.body.fields.customerPhone, customerPhone).toEqual([ORDER_MESSAGES.customerPhoneInvalid]);
    }
    const badStop = await api.post('/api/v1/orders', multiStopBody([TAMPA_STOPS[0], { ...TAMPA_STOPS[1], customerPhone: 'call me' }]));
    expect(badStop.status).toBe(400);
    expect(badStop.body.fields['stops.1.customerPhone']).toEqual([ORDER_MESSAGES.customerPhoneInvalid]);
    // The document says which spellings are taken.
    expect(validator.document.components.schemas.OrderCreate.properties.customerPhone.description).toContain('(813) 555-0142');
  });

  it('honours Idempotency-Key: the same key creates one order and answers it again', async () => {
    const db = testDb();
    const { api, restaurant } = await integratedBusiness(db);
    const key = unique('order-');
    const body = singleOrderBody({ internalOrderNumber: 'IDEM-1' });
    const first = await api.post('/api/v1/orders', body, { 'Idempotency-Key': key });
    let again!: Awaited<ReturnType<typeof api.post>>;
    // The replay does nothing again, so it has nothing to report: no false alarm hides a real one.
    const logged = await workerLogDuring(async () => (again = await api.post('/api/v1/orders', body, { 'Idempotency-Key': key })));
    expect(logged.filter((line) => /failed|error/i.test(line))).toEqual([]);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.restaurantId, restaurant.id))).toEqual([{ id: first.body.id }]);
    const fresh = await api.post('/api/v1/orders', body, { 'Idempotency-Key': unique('order-') });
    expect(fresh.body.id).not.toBe(first.body.id);
    expect((await api.post('/api/v1/orders', body, { 'Idempotency-Key': 'short' })).status).toBe(400);
  });
});

describe('GET /api/v1/orders', () => {
  it('lists the business’s orders newest delivery first, filtered by status and by created/updated since, a cursor page at a time', async () => {
    const db = testDb();
    const { api, username } = await integratedBusiness(db);
    const HOUR = 3_600_000;
    const base = Date.now() + 30 * HOUR;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await insertOrder(db, { business: username, pickupTime: base + i * HOUR, status: i === 0 ? 'cancelled' : 'new' }));
    const byDelivery = [...made].sort((a, b) => b.deliveryTime - a.deliveryTime).map((order) => order.id);

    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { data: Array<{ id: number }>; nextCursor: string | null } } = await api.get(
        `/api/v1/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      expectFits('OrderPage', page.body);
      pages.push(page.body.data.map((order: { id: number }) => order.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(pages).toEqual([byDelivery.slice(0, 2), byDelivery.slice(2, 4), byDelivery.slice(4)]);

    const cancelled = await api.get('/api/v1/orders?status=cancelled');
    expect(cancelled.body.data.map((order: { id: number }) => order.id)).toEqual([made[0].id]);
    const both = await api.get('/api/v1/orders?status=new,cancelled&limit=100');
    expect(both.body.data).toHaveLength(5);

    const touched = made[3];
    const since = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await db.update(orders).set({ deliveryInstructions: 'Changed', updatedAt: Date.now() }).where(eq(orders.id, touched.id));
    const updated = await api.get(`/api/v1/orders?updatedSince=${new Date(since).toISOString()}`);
    expect(updated.body.data.map((order: { id: number }) => order.id)).toEqual([touched.id]);
    const createdLater = await api.get(`/api/v1/orders?createdSince=${new Date(Date.now() + HOUR).toISOString()}`);
    expect(createdLater.body).toEqual({ data: [], nextCursor: null });

    for (const query of [
      'status=lost',
      'limit=0',
      'limit=101',
      'limit=1.5',
      'cursor=bm90IGEgY3Vyc29y',
      'updatedSince=yesterday',
      'createdSince=2030-02-30T00:00:00Z',
    ]) {
      const refused = await api.get(`/api/v1/orders?${query}`);
      expect(refused.status, query).toBe(400);
      expectFits('Error', refused.body);
    }
  });
});

describe('GET /api/v1/orders/:id and its photos', () => {
  it('gives the order with its stops and photo links that work without a session for a limited time', async () => {
    const db = testDb();
    const { api, username } = await integratedBusiness(db);
    const { courier, username: courierName } = await insertSignableCourier(db);
    const order = await insertOrder(db, { business: username, status: 'arrived_at_customer', courierId: courier.id, courierPayCents: 3000 });
    const courierClient = await signedIn(courierName);
    const photo = await upload(courierClient, `/api/orders/${order.id}/photos?kind=delivery`, png(20, 20, 4));
    expect(photo.status).toBe(201);
    await db
      .update(orders)
      .set({ deliveryPhotos: [photo.body.key], status: 'delivered' })
      .where(eq(orders.id, order.id));

    const answer = await api.get(`/api/v1/orders/${order.id}`);
    expect(answer.status).toBe(200);
    expectFits('OrderDetail', answer.body);
    expect(answer.body).toMatchObject({ id: order.id, status: 'delivered', stops: [] });
    const [link] = answer.body.deliveryPhotos as string[];
    expect(link).toMatch(new RegExp(`^${new Client().baseUrl.replace(/\/$/, '')}/api/photos/${photo.body.key}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const expires = Number(new URL(link).searchParams.get('expires')) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(50 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(60 * 60_000 + 1000);

    const image = await fetch(link);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png(20, 20, 4));

    const tampered = link.replace(/signature=(.)/, (_, first) => `signature=${first === 'a' ? 'b' : 'a'}`);
    expect((await fetch(tampered)).status).toBe(403);
    const [{ secret }] = await db.select().from(signingKeys).where(eq(signingKeys.name, 'photo_links'));
    const expired = await signedPhotoUrl(new URL(link).origin, photo.body.key, Date.now() - 1000, secret);
    const refused = await fetch(expired);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'This photo link has expired or is not valid' });
    // Without a link the photo still needs a session.
    expect((await fetch(link.split('?')[0])).status).toBe(401);

    expect((await api.get('/api/v1/orders/999999999')).status).toBe(404);
    expect((await api.get('/api/v1/orders/abc')).status).toBe(400);
  });
});

describe('POST /api/v1/orders/:id/cancel and GET /api/v1/orders/:id/events', () => {
  it('cancels by the portal’s rules, answers a repeat, refuses once the courier has set off, and shows the history', async () => {
    const db = testDb();
    const { api, username } = await integratedBusiness(db);
    const created = await api.post('/api/v1/orders', singleOrderBody());
    const cancelled = await api.post(`/api/v1/orders/${created.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expectFits('OrderDetail', cancelled.body);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await api.post(`/api/v1/orders/${created.body.id}/cancel`)).status).toBe(200);

    const history = await api.get(`/api/v1/orders/${created.body.id}/events`);
    expect(history.status).toBe(200);
    expectFits('OrderHistory', history.body);
    expect(history.body.data.map((event: { action: string; toStatus: string; outcome: string }) => [event.action, event.toStatus, event.outcome])).toEqual([
      ['create', 'new', 'applied'],
      ['cancel', 'cancelled', 'applied'],
    ]);

    const { courier } = await insertSignableCourier(db);
    const underWay = await insertOrder(db, { business: username, status: 'courier_on_way_to_pickup', courierId: courier.id });
    const late = await api.post(`/api/v1/orders/${underWay.id}/cancel`);
    expect(late.status).toBe(409);
    expectFits('Error', late.body);
    expect(late.body.error).toBe('This order can no longer be cancelled');
    expect(
      (
        await db
          .select()
          .from(orders)
          .where(inArray(orders.id, [underWay.id]))
      )[0].status,
    ).toBe('courier_on_way_to_pickup');
  });
});

describe('errors of every kind fit the document', () => {
  it('401, 404 and 429 answers are the documented Error', async () => {
    const db = testDb();
    const { api } = await integratedBusiness(db);
    const nobody = await new Client().get('/api/v1/orders');
    expectFits('Error', nobody.body);
    expectFits('Error', (await api.get('/api/v1/orders/999999999')).body);
    const burst = await Promise.all(Array.from({ length: 40 }, () => (api as KeyClient).get('/api/v1/orders/999999999')));
    const limited = burst.find((answer) => answer.status === 429);
    expect(limited).toBeTruthy();
    expectFits('Error', limited!.body);
  });
});

afterAll(() => {
  console.info(`api v1: ${checked.length} answers checked against the OpenAPI document (${[...new Set(checked)].join(', ')})`);
});
