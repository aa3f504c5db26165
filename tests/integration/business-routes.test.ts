/**
 * Routes, address suggestions and the business profile over HTTP (spec 2-business-area.md §7): all of
 * them work without the maps service; with a server key and no network, routing falls
 * back to the estimate and geocoding goes on down the chain (ZIP centres). The stacks
 * cannot reach the Census geocoder (tests/support/stack.ts OFFLINE_VARS); geocoding.test.ts
 * tests it against a fake.
 */
import { decode } from '@googlemaps/polyline-codec';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startWorker, type Running } from '../../scripts/lib/stack';
import { OFFLINE_VARS, testSources } from '../support/stack';
import { restaurants } from '../../src/db/schema';
import { distanceDeliveryFee, roundMiles } from '../../src/domain/fees';
import { estimatedRoadMiles } from '../../src/domain/geo';
import { Client, signedIn, testDb } from '../support/api';
import { businessOf, multiStopBody, TAMPA_STOPS } from '../support/business';
import { insertBusiness, insertOrder } from '../support/factories';

const points = TAMPA_STOPS.map((stop) => ({ lat: stop.latitude, lng: stop.longitude }));

describe('POST /api/routes/calculate without a maps key', () => {
  it('estimates the route from the business through the stops, marked as estimated', async () => {
    const pharmacy = await businessOf(testDb(), 'pharmacy');
    const client = await signedIn('pharmacy');
    const response = await client.post('/api/routes/calculate', { pharmacyAddress: 'ignored, the session decides', stops: points });
    expect(response.status).toBe(200);
    const origin = { lat: pharmacy.latitude!, lng: pharmacy.longitude! };
    const miles = roundMiles(estimatedRoadMiles([origin, ...points]));
    expect(response.body).toMatchObject({
      totalDistanceMiles: miles,
      calculatedDeliveryFee: (distanceDeliveryFee(miles) / 100).toFixed(2),
      routeDetails: {
        estimated: true,
        approximate: false,
        pickup: { ...origin, precision: 'address' },
        stops: points.map((point) => ({ ...point, precision: 'address' })),
      },
    });
    expect(decode(response.body.routeDetails.polyline, 5)).toHaveLength(5);
    expect(response.body.routeDetails.durationMinutes).toBeGreaterThan(0);
  });

  it('gives another distance for another order of the same stops', async () => {
    const client = await signedIn('pharmacy');
    const forward = await client.post('/api/routes/calculate', { stops: points });
    const backward = await client.post('/api/routes/calculate', { stops: [...points].reverse() });
    expect(backward.body.totalDistanceMiles).not.toBe(forward.body.totalDistanceMiles);
  });

  it("places a stop typed with its ZIP at the ZIP code's centre, approximate", async () => {
    const client = await signedIn('pharmacy');
    const response = await client.post('/api/routes/calculate', { stops: [points[0], { address: '3001 W Kennedy Blvd, Tampa, Florida, 33609' }] });
    expect(response.status).toBe(200);
    // 33609's centre in the ZIP dataset (npm zipcodes).
    expect(response.body.routeDetails).toMatchObject({
      estimated: true,
      approximate: true,
      stops: [
        { ...points[0], precision: 'address' },
        { lat: 27.9425, lng: -82.5057, precision: 'zip' },
      ],
    });
  });

  it('refuses a stop that nothing can place, and says what to add', async () => {
    const client = await signedIn('pharmacy');
    const response = await client.post('/api/routes/calculate', { stops: [points[0], { address: '3001 W Kennedy Blvd, Tampa' }] });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Stop 2's address could not be placed on the map");
    expect(response.body.details).toMatch(/add the ZIP code to stop 2's address/i);
  });

  it('validates the stops with the form messages', async () => {
    const client = await signedIn('pharmacy');
    expect((await client.post('/api/routes/calculate', { stops: [{ lat: 27.9 }] })).body.details).toBe('Please enter addresses for all delivery stops');
    expect((await client.post('/api/routes/calculate', { stops: [] })).body.details).toBe('Please add at least one valid delivery stop');
    expect((await client.post('/api/routes/calculate', { stops: Array(101).fill(points[0]) })).body.details).toBe('A route can have at most 100 stops');
  });

  it('starts at the business placed by its address when it has no location, else "Pharmacy address not found"', async () => {
    const db = testDb();
    const unplaced = await insertBusiness(db, { located: false });
    await db.update(restaurants).set({ address: '615 Channelside Dr, Tampa, FL 33602' }).where(eq(restaurants.id, unplaced.restaurant.id));
    const placed = await (await signedIn(unplaced.username)).post('/api/routes/calculate', { stops: points });
    expect(placed.status).toBe(200);
    expect(placed.body.routeDetails.pickup).toEqual({ lat: 27.9614, lng: -82.4597, precision: 'zip' });
    const nowhere = await insertBusiness(db, { located: false });
    await db.update(restaurants).set({ address: '615 Channelside Dr, Tampa' }).where(eq(restaurants.id, nowhere.restaurant.id));
    const response = await (await signedIn(nowhere.username)).post('/api/routes/calculate', { stops: points });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Pharmacy address not found');
  });

  it('is for businesses only', async () => {
    expect((await new Client().post('/api/routes/calculate', { stops: points })).status).toBe(401);
    expect((await (await signedIn('admin')).post('/api/routes/calculate', { stops: points })).status).toBe(403);
    expect((await (await signedIn('courier')).post('/api/routes/calculate', { stops: points })).status).toBe(403);
  });
});

describe('with MAPS_SERVER_KEY but the maps service unreachable', () => {
  let worker: Running;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dispatch-maps-key-'));
    // A second Worker on the same database, configured with a key; this machine has no route to the maps service.
    worker = await startWorker({
      persistDir: dir,
      vars: { DATABASE_URL: inject('databaseUrl'), MAPS_SERVER_KEY: 'test-server-key', ...OFFLINE_VARS },
      sourceDir: await testSources(),
    });
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('falls back to the estimate for routes and for the fee of a new multi-stop order', async () => {
    const client = await new Client(worker.url).login('pharmacy');
    const route = await client.post('/api/routes/calculate', { stops: points });
    expect(route.status).toBe(200);
    expect(route.body.routeDetails.estimated).toBe(true);
    const pharmacy = await businessOf(testDb(), 'pharmacy');
    const miles = roundMiles(estimatedRoadMiles([{ lat: pharmacy.latitude!, lng: pharmacy.longitude! }, ...points]));
    expect(route.body.totalDistanceMiles).toBe(miles);
    const order = await client.post('/api/orders', multiStopBody());
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ totalDistanceMiles: miles, deliveryFee: (distanceDeliveryFee(miles) / 100).toFixed(2) });
  });

  it('goes on down the chain when the maps service cannot be reached: the ZIP centre, else a refusal saying what to add', async () => {
    const client = await new Client(worker.url).login('pharmacy');
    const placed = await client.post('/api/routes/calculate', { stops: [points[0], { address: '3001 W Kennedy Blvd, Tampa, FL 33609' }] });
    expect(placed.status).toBe(200);
    expect(placed.body.routeDetails.stops[1]).toEqual({ lat: 27.9425, lng: -82.5057, precision: 'zip' });
    const response = await client.post('/api/routes/calculate', { stops: [points[0], { address: '3001 W Kennedy Blvd, Tampa' }] });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Stop 2's address could not be placed on the map");
  });
});

describe('GET /api/places/suggestions', () => {
  it('offers the business its own past delivery addresses, newest first, one per address, with their apartment and position', async () => {
    const db = testDb();
    const { username } = await insertBusiness(db);
    const address = `77 Suggestion Way ${Date.now()}, Tampa, Florida, 33602`;
    const now = Date.now();
    await insertOrder(db, {
      business: username,
      customerAddress: address.toUpperCase(),
      customerLatitude: 27.9,
      customerLongitude: -82.4,
      createdAt: now - 60_000,
    });
    await insertOrder(db, {
      business: username,
      customerAddress: address,
      customerStreet: '77 Suggestion Way',
      customerApartment: '210',
      customerCity: 'Tampa',
      customerState: 'Florida',
      customerZip: '33602',
      customerLatitude: 27.95,
      customerLongitude: -82.45,
      createdAt: now,
    });
    await insertOrder(db, {
      business: username,
      customerAddress: `${address} (typed, not placed)`,
      customerLatitude: null,
      customerLongitude: null,
      customerLocationPrecision: 'none',
    });
    await insertOrder(db, {
      business: username,
      customerAddress: `${address} (ZIP centre)`,
      customerLatitude: 27.9614,
      customerLongitude: -82.4597,
      customerLocationPrecision: 'zip',
    });
    const response = await (await signedIn(username)).get(`/api/places/suggestions?q=${encodeURIComponent('Suggestion Way')}`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(3);
    const mine = response.body.filter((place: { description: string }) => place.description.toLowerCase() === address.toLowerCase());
    expect(mine).toHaveLength(1);
    // The latest use of the address gives its parts, apartment included, and coordinates.
    expect(mine[0]).toMatchObject({
      street: '77 Suggestion Way',
      apartment: '210',
      latitude: 27.95,
      longitude: -82.45,
      precision: 'address',
      source: 'history',
      city: 'Tampa',
      state: 'Florida',
      zip: '33602',
    });
    // Addresses typed without the maps service are offered too, with how precisely they were placed.
    const byLine = (suffix: string) => response.body.find((place: { description: string }) => place.description.endsWith(suffix));
    expect(byLine('(typed, not placed)')).toMatchObject({ latitude: null, longitude: null, precision: 'none' });
    expect(byLine('(ZIP centre)')).toMatchObject({ latitude: 27.9614, precision: 'zip' });
  });

  it("never offers another business's addresses, and takes % and _ literally", async () => {
    const db = testDb();
    const [mine, theirs] = await Promise.all([insertBusiness(db), insertBusiness(db)]);
    const secret = `12 Private Lane ${Date.now()}, Tampa, Florida`;
    await insertOrder(db, { business: theirs.username, customerAddress: secret, customerLatitude: 27.9, customerLongitude: -82.4 });
    await insertOrder(db, { business: mine.username, customerAddress: '1_0 Percent Way, Tampa, Florida', customerLatitude: 27.9, customerLongitude: -82.4 });
    const client = await signedIn(mine.username);
    expect((await client.get(`/api/places/suggestions?q=${encodeURIComponent('Private Lane')}`)).body).toEqual([]);
    expect((await client.get('/api/places/suggestions?q=%25')).body).toEqual([]);
    expect((await client.get('/api/places/suggestions?q=_')).body.map((place: { description: string }) => place.description)).toEqual([
      '1_0 Percent Way, Tampa, Florida',
    ]);
    const owner = await signedIn(theirs.username);
    expect(
      (await owner.get(`/api/places/suggestions?q=${encodeURIComponent('Private Lane')}`)).body.map((place: { description: string }) => place.description),
    ).toEqual([secret]);
  });

  it("includes the addresses of the business's stops, read into parts", async () => {
    const { username } = await insertBusiness(testDb(), { customerType: 'pharmacy' });
    const pharmacy = await signedIn(username);
    expect((await pharmacy.post('/api/orders', multiStopBody())).status).toBe(201);
    const places = (await pharmacy.get('/api/places/suggestions?q=Tampa')).body as Array<{ description: string; street: string; city: string }>;
    expect(places.map((place) => place.description).sort()).toEqual(TAMPA_STOPS.map((stop) => stop.address).sort());
    for (const place of places) expect(place.description.startsWith(place.street)).toBe(true);
  });

  it('is for businesses only', async () => {
    expect((await new Client().get('/api/places/suggestions?q=a')).status).toBe(401);
    expect((await (await signedIn('courier')).get('/api/places/suggestions?q=a')).status).toBe(403);
  });
});

describe('GET /api/restaurants/profile', () => {
  it("answers the signed-in business's own record", async () => {
    const db = testDb();
    const pharmacy = await businessOf(db, 'pharmacy');
    const response = await (await signedIn('pharmacy')).get('/api/restaurants/profile?id=1');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: pharmacy.id,
      name: 'Bayshore Pharmacy',
      address: pharmacy.address,
      phone: pharmacy.phone,
      customerType: 'pharmacy',
      latitude: pharmacy.latitude!.toFixed(7),
      longitude: pharmacy.longitude!.toFixed(7),
    });
    expect((await (await signedIn('bistro')).get('/api/restaurants/profile')).body).toMatchObject({ name: 'Harbor Bistro', customerType: 'restaurant' });
    expect((await (await signedIn('admin')).get('/api/restaurants/profile')).status).toBe(403);
  });
});
