/**
 * Typed addresses placed by the server's geocoding chain (issue 13), over HTTP: a Worker
 * pointed at a fake Census geocoder places a typed address where the geocoder says; an
 * address it cannot match goes to its ZIP code's centre, one without a ZIP nowhere; a slow
 * geocoder delays an order by its timeout, never fails it. Precision is recorded on
 * orders, stops and businesses, and couriers are not held to the radius of a pickup that
 * is only approximate.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startWorker, type Running } from '../../scripts/lib/stack';
import { orders, orderStops, restaurants } from '../../src/db/schema';
import { Client, signedIn, testDb } from '../support/api';
import { BISTRO_POSITION, insertHeldOrder } from '../support/courier';
import { insertBusiness, insertOrder, insertSignableCourier } from '../support/factories';
import { startFakeCensus, type FakeCensus } from '../support/fakeCensus';
import { OFFLINE_VARS, testSources } from '../support/stack';

const HOUR = 3_600_000;
const JACKSON = { lat: 27.9496712, lng: -82.4569821 };
const FRANKLIN = { lat: 27.9563301, lng: -82.4590002 };
const KENNEDY = { lat: 27.9443512, lng: -82.4906411 };
/** ZIP centres from the dataset db:migrate loads (npm zipcodes). */
const ZIP_33602 = { lat: 27.9614, lng: -82.4597 };

function singleOrder(address: { line: string; street: string; zip?: string }, overrides: Record<string, unknown> = {}) {
  const pickup = Date.now() + HOUR;
  return {
    customerName: 'Typed Address',
    customerPhone: '8135559876',
    customerAddress: address.line,
    customerStreet: address.street,
    customerCity: 'Tampa',
    customerState: 'Florida',
    customerZip: address.zip ?? '',
    internalOrderNumber: `GEO-${Date.now()}`,
    amount: 60,
    pickupTime: new Date(pickup).toISOString(),
    deliveryTime: new Date(pickup + HOUR).toISOString(),
    ...overrides,
  };
}

describe('with the Census geocoder', () => {
  let census: FakeCensus;
  let worker: Running;
  let dir: string;

  beforeAll(async () => {
    census = await startFakeCensus({ '401 E Jackson St': JACKSON, '1201 N Franklin St': FRANKLIN, '3001 W Kennedy Blvd': KENNEDY });
    dir = mkdtempSync(join(tmpdir(), 'dispatch-census-'));
    worker = await startWorker({
      persistDir: dir,
      vars: { DATABASE_URL: inject('databaseUrl'), ...OFFLINE_VARS, CENSUS_GEOCODER_URL: census.url },
      sourceDir: await testSources(),
    });
  }, 120_000);

  /** A business of the test's own, signed in on the Worker with the fake geocoder (no other list sees its orders). */
  const ownBusiness = async () => new Client(worker.url).login((await insertBusiness(testDb())).username);

  afterAll(async () => {
    await worker?.stop();
    await census?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('places a typed single order where the Census geocoder finds it, and records that it is the address', async () => {
    const business = await ownBusiness();
    const response = await business.post(
      '/api/orders',
      singleOrder({ line: '401 E Jackson St, Apt 210, Tampa, Florida, 33602', street: '401 E Jackson St', zip: '33602' }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ customerLatitude: JACKSON.lat, customerLongitude: JACKSON.lng, customerLocationPrecision: 'address' });
    expect(census.requests.at(-1)).toEqual({
      path: '/geocoder/locations/onelineaddress',
      address: '401 E Jackson St, Apt 210, Tampa, Florida, 33602',
      benchmark: 'Public_AR_Current',
      format: 'json',
    });
    const [stored] = await testDb().select().from(orders).where(eq(orders.id, response.body.id));
    expect(stored).toMatchObject({ customerLatitude: JACKSON.lat, customerLocationPrecision: 'address' });
  });

  it("goes to the ZIP code's centre when the geocoder matches nothing, and nowhere without a ZIP", async () => {
    const business = await ownBusiness();
    const centre = await business.post('/api/orders', singleOrder({ line: '9 Unknown Way, Tampa, Florida, 33602', street: '9 Unknown Way', zip: '33602' }));
    expect(centre.status).toBe(201);
    expect(centre.body).toMatchObject({ customerLatitude: ZIP_33602.lat, customerLongitude: ZIP_33602.lng, customerLocationPrecision: 'zip' });
    const nowhere = await business.post('/api/orders', singleOrder({ line: '9 Unknown Way, Tampa, Florida', street: '9 Unknown Way' }));
    expect(nowhere.status).toBe(201);
    expect(nowhere.body).toMatchObject({ customerLatitude: null, customerLongitude: null, customerLocationPrecision: 'none' });
  });

  it('gives up on a slow geocoder after its timeout and still creates the order', async () => {
    census.delayMs = 15_000;
    try {
      const business = await ownBusiness();
      const started = Date.now();
      const response = await business.post(
        '/api/orders',
        singleOrder({ line: '401 E Jackson St, Tampa, Florida, 33602', street: '401 E Jackson St', zip: '33602' }),
      );
      expect(response.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(8000);
      expect(response.body.customerLocationPrecision).toBe('zip');
    } finally {
      census.delayMs = 0;
    }
  });

  it('keeps coordinates sent with the address (a maps place, a past address) without asking', async () => {
    const business = await ownBusiness();
    const asked = census.requests.length;
    const response = await business.post(
      '/api/orders',
      singleOrder(
        { line: '401 E Jackson St, Tampa, Florida, 33602', street: '401 E Jackson St', zip: '33602' },
        { customerLatitude: 27.95, customerLongitude: -82.45, customerLocationPrecision: 'zip' },
      ),
    );
    expect(response.body).toMatchObject({ customerLatitude: 27.95, customerLongitude: -82.45, customerLocationPrecision: 'zip' });
    expect(census.requests.length).toBe(asked);
  });

  it('places a business the admin typed, then its route from typed stops, stop by stop', async () => {
    const admin = await new Client(worker.url).login('admin');
    const [zone] = (await admin.get('/api/zones')).body as Array<{ id: number }>;
    const username = `rx${Date.now().toString(36)}`;
    const created = await admin.post('/api/restaurants', {
      username,
      password: 'demo1234',
      zoneId: zone.id,
      customerType: 'pharmacy',
      name: `Typed Pharmacy ${username}`,
      address: '401 E Jackson St, Tampa, FL 33602',
      phone: '8135550111',
      contactPersonName: 'Ann',
      contactPersonPosition: 'Owner',
      contactPersonPhone: '8135550112',
      contactPersonEmail: 'ann@example.com',
      latitude: null,
      longitude: null,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ latitude: JACKSON.lat, longitude: JACKSON.lng, locationPrecision: 'address' });

    const pharmacy = await new Client(worker.url).login(username);
    const typed = [
      { address: '1201 N Franklin St, Apt 4B, Tampa, Florida, 33602' },
      { address: '77 Nowhere Ln, Tampa, Florida, 33602' },
      { address: '3001 W Kennedy Blvd, Tampa, Florida, 33609' },
    ];
    const route = await pharmacy.post('/api/routes/calculate', { stops: typed });
    expect(route.status).toBe(200);
    expect(route.body.routeDetails).toMatchObject({
      estimated: true,
      approximate: true,
      pickup: { ...JACKSON, precision: 'address' },
      stops: [
        { ...FRANKLIN, precision: 'address' },
        { ...ZIP_33602, precision: 'zip' },
        { ...KENNEDY, precision: 'address' },
      ],
    });
    // The form sends the stops back with where the route placed them.
    const stops = typed.map((stop, index) => {
      const { lat, lng, precision } = route.body.routeDetails.stops[index];
      return {
        customerName: `Stop ${index + 1}`,
        customerPhone: '8135550120',
        address: stop.address,
        latitude: lat,
        longitude: lng,
        locationPrecision: precision,
      };
    });
    const pickup = Date.now() + HOUR;
    const order = await pharmacy.post('/api/orders', {
      internalOrderNumber: `RX-TYPED-${username}`,
      amount: 90,
      pickupTime: new Date(pickup).toISOString(),
      deliveryTime: new Date(pickup + HOUR).toISOString(),
      stops,
    });
    expect(order.status).toBe(201);
    expect(order.body.totalDistanceMiles).toBe(route.body.totalDistanceMiles);
    const stored = await testDb().select().from(orderStops).where(eq(orderStops.orderId, order.body.id)).orderBy(orderStops.sequence);
    expect(stored.map((stop) => [stop.latitude, stop.longitude, stop.locationPrecision])).toEqual([
      [FRANKLIN.lat, FRANKLIN.lng, 'address'],
      [ZIP_33602.lat, ZIP_33602.lng, 'zip'],
      [KENNEDY.lat, KENNEDY.lng, 'address'],
    ]);
  });

  it('places an edited address again', async () => {
    const { username } = await insertBusiness(testDb());
    const order = await insertOrder(testDb(), { business: username, status: 'new' });
    const business = await new Client(worker.url).login(username);
    const response = await business.patch(`/api/orders/${order.id}`, {
      customerAddress: '3001 W Kennedy Blvd, Tampa, Florida, 33609',
      customerStreet: '3001 W Kennedy Blvd',
      customerZip: '33609',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ customerLatitude: KENNEDY.lat, customerLongitude: KENNEDY.lng, customerLocationPrecision: 'address' });
  });
});

describe('couriers at an approximate pickup', () => {
  it('are held to the 50 m radius only where the pickup is placed by its address', async () => {
    const db = testDb();
    const { courier, username } = await insertSignableCourier(db);
    const client = await signedIn(username);
    const approximate = await insertBusiness(db);
    await db.update(restaurants).set({ locationPrecision: 'zip' }).where(eq(restaurants.id, approximate.restaurant.id));
    const far = { courierLatitude: BISTRO_POSITION.latitude + 0.01, courierLongitude: BISTRO_POSITION.longitude };

    const atCentre = await insertOrder(db, {
      business: approximate.username,
      status: 'courier_on_way_to_pickup',
      courierId: courier.id,
      courierPayCents: 3500,
    });
    const arrived = await client.patch(`/api/orders/${atCentre.id}`, { status: 'arrived_at_pickup', ...far });
    expect(arrived.status).toBe(200);
    expect((await client.get('/api/orders/courier/active')).body.find((order: { id: number }) => order.id === atCentre.id)).toMatchObject({
      pickupLocationPrecision: 'zip',
    });

    const exact = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
    const refused = await client.patch(`/api/orders/${exact.id}`, { status: 'arrived_at_pickup', ...far });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Not at Restaurant');
  });
});
