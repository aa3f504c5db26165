/**
 * Route optimization over HTTP (issue 18): POST /api/routes/calculate with optimize, its
 * quality against brute force on random Tampa routes, its speed on 100 stops, deliver-by
 * times, the maps service's matrix (against a fake Routes API this test starts), and the
 * courier's reordering of the stops not yet reached.
 */
import { INSTANT_FORMS } from '../../src/domain/schemas/common';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from '@googlemaps/polyline-codec';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startWorker, type Running } from '../../scripts/lib/stack';
import { getEvents, getStops } from '../../src/db/orders/read';
import { orders, orderStops } from '../../src/db/schema';
import { roundMiles } from '../../src/domain/fees';
import { estimatedRoadMiles, METERS_PER_MILE, type LatLng } from '../../src/domain/geo';
import { evaluateOrder, seededRandom } from '../../src/domain/routeOptimizer';
import { estimatedMatrix } from '../../src/domain/routePlan';
import { Client, signedIn, testDb } from '../support/api';
import { businessOf, multiStopBody } from '../support/business';
import { insertPharmacyOrder } from '../support/courier';
import { insertSignableCourier } from '../support/factories';
import { bruteForce, tampaPoints } from '../support/routes';
import { testSources } from '../support/stack';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const asStops = (points: LatLng[]) => points.map((point) => ({ lat: point.lat, lng: point.lng }));
const iso = (time: number) => new Date(time).toISOString();

async function pharmacyOrigin(): Promise<LatLng> {
  const pharmacy = await businessOf(testDb(), 'pharmacy');
  return { lat: pharmacy.latitude!, lng: pharmacy.longitude! };
}

describe('POST /api/routes/calculate with optimize', () => {
  it('on random routes around Tampa with 5–10 stops, answers the distance brute force finds', async () => {
    const client = await signedIn('pharmacy');
    const origin = await pharmacyOrigin();
    const random = seededRandom(813);
    for (let count = 5; count <= 10; count++) {
      const stops = tampaPoints(random, count);
      const response = await client.post('/api/routes/calculate', { optimize: true, stops: asStops(stops) });
      expect(response.status).toBe(200);
      const problem = { matrix: estimatedMatrix([origin, ...stops]) };
      const reference = bruteForce(problem);
      const { optimizedOrder } = response.body as { optimizedOrder: number[] };
      expect([...optimizedOrder].sort((a, b) => a - b)).toEqual(stops.map((_, index) => index));
      expect(evaluateOrder(problem, optimizedOrder).miles).toBeCloseTo(reference.miles, 9);
      expect(response.body.totalDistanceMiles).toBe(roundMiles(reference.miles));
      // What the order sent would cost, for the saving the form shows.
      const given = evaluateOrder(
        problem,
        stops.map((_, index) => index),
      );
      expect(response.body.routeDetails.givenOrder).toEqual({
        totalDistanceMiles: roundMiles(given.miles),
        calculatedDeliveryFee: ((Math.round(roundMiles(given.miles) * 100) * 2) / 100).toFixed(2),
      });
      expect(response.body.calculatedDeliveryFee).toBe(((Math.round(roundMiles(reference.miles) * 100) * 2) / 100).toFixed(2));
      // The stops keep the order they were sent in; the polyline is drawn through them in the new one.
      expect(response.body.routeDetails.stops).toEqual(asStops(stops).map((point) => ({ ...point, precision: 'address' })));
    }
  });

  it('answers 100 stops within a second, as given, optimized and with deliver-by times (issue 32)', async () => {
    const client = await signedIn('pharmacy');
    const stops = asStops(tampaPoints(seededRandom(2525), 100));
    const timed = async (body: object) => {
      const started = performance.now();
      const response = await client.post('/api/routes/calculate', body);
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    await timed({ optimize: true, stops });
    const plain: number[] = [];
    const optimized: number[] = [];
    const withDeadlines: number[] = [];
    const departure = Date.now() + HOUR;
    // A third of the stops due within 20–140 minutes: most cannot make it, the hardest case for the search.
    const due = stops.map((stop, index) => (index % 3 ? stop : { ...stop, deliverBy: iso(departure + (20 + ((index * 37) % 120)) * MINUTE) }));
    for (let run = 0; run < 3; run++) {
      plain.push(await timed({ stops }));
      optimized.push(await timed({ optimize: true, stops }));
      withDeadlines.push(await timed({ optimize: true, departureTime: iso(departure), stops: due }));
    }
    console.info(
      `100 stops, median request time: ${median(plain).toFixed(1)} ms as given, ${median(optimized).toFixed(1)} ms optimized, ${median(withDeadlines).toFixed(1)} ms optimized with deliver-by times`,
    );
    expect(median(optimized)).toBeLessThan(1000);
    expect(median(withDeadlines)).toBeLessThan(1000);
  });

  it('meets a deliver-by time when it can, and names the stop it cannot', async () => {
    const client = await signedIn('pharmacy');
    const origin = await pharmacyOrigin();
    // Near stops around the pharmacy, and one far to the north: shortest is to leave it for last.
    const near = [0.004, 0.008, 0.012].map((offset) => ({ lat: origin.lat + offset, lng: origin.lng + offset }));
    const far = { lat: origin.lat + 0.08, lng: origin.lng };
    const departure = Date.now() + 2 * HOUR;
    const plain = await client.post('/api/routes/calculate', { optimize: true, departureTime: iso(departure), stops: [far, ...near] });
    expect(plain.body.optimizedOrder.at(-1)).toBe(0);
    expect(plain.body.routeDetails.lateStops).toEqual([]);

    // The far stop wanted within 25 minutes: no longer last, reached in time, at more miles.
    const due = await client.post('/api/routes/calculate', {
      optimize: true,
      departureTime: iso(departure),
      stops: [{ ...far, deliverBy: iso(departure + 25 * MINUTE) }, ...near],
    });
    expect(due.status).toBe(200);
    expect(due.body.optimizedOrder.at(-1)).not.toBe(0);
    expect(due.body.routeDetails.lateStops).toEqual([]);
    expect(due.body.totalDistanceMiles).toBeGreaterThan(plain.body.totalDistanceMiles);
    expect(Date.parse(due.body.routeDetails.arrivals[0])).toBeLessThanOrEqual(departure + 25 * MINUTE);

    // Within 5 minutes it cannot be met whatever the order: it is still first, and named late.
    const impossible = await client.post('/api/routes/calculate', {
      optimize: true,
      departureTime: iso(departure),
      stops: [{ ...far, deliverBy: iso(departure + 5 * MINUTE) }, ...near],
    });
    expect(impossible.body.optimizedOrder[0]).toBe(0);
    expect(impossible.body.routeDetails.lateStops).toEqual([0]);

    // Without optimize, the answer still says which stop the order sent makes late.
    const asSent = await client.post('/api/routes/calculate', {
      departureTime: iso(departure),
      stops: [...near, { ...far, deliverBy: iso(departure + 10 * MINUTE) }],
    });
    expect(asSent.body.optimizedOrder).toBeUndefined();
    expect(asSent.body.routeDetails.lateStops).toEqual([3]);
    expect(asSent.body.routeDetails.arrivals).toHaveLength(4);
  });

  it('waits for a stop not to be reached before its time, ordering the route around it, and times each stop by its own minutes (issue 32)', async () => {
    const client = await signedIn('pharmacy');
    const origin = await pharmacyOrigin();
    const near = { lat: origin.lat + 0.004, lng: origin.lng };
    const far = { lat: origin.lat + 0.08, lng: origin.lng };
    const departure = Date.now() + 2 * HOUR;
    // The near stop not before an hour from departure, the far one due within 40 minutes.
    const stops = [
      { ...near, deliverAfter: iso(departure + HOUR) },
      { ...far, deliverBy: iso(departure + 40 * MINUTE) },
    ];
    const given = await client.post('/api/routes/calculate', { departureTime: iso(departure), stops });
    // As given, the courier waits at the near stop for an hour, and the far one is late.
    expect(given.body.routeDetails.lateStops).toEqual([1]);
    expect(Date.parse(given.body.routeDetails.arrivals[1])).toBeGreaterThan(departure + HOUR);
    const best = await client.post('/api/routes/calculate', { optimize: true, departureTime: iso(departure), stops });
    expect(best.body.optimizedOrder).toEqual([1, 0]);
    expect(best.body.routeDetails.lateStops).toEqual([]);

    // A stop's own minutes delay the next: half an hour at the near stop, the far one reached that much later.
    const plain = { departureTime: iso(departure), stops: [near, far] };
    const usual = await client.post('/api/routes/calculate', plain);
    const long = await client.post('/api/routes/calculate', { ...plain, stops: [{ ...near, serviceMinutes: 35 }, far] });
    expect(Date.parse(long.body.routeDetails.arrivals[1]) - Date.parse(usual.body.routeDetails.arrivals[1])).toBeCloseTo(30 * MINUTE, -3);

    // Stored with the order, and refused when they are not a time or a number of minutes.
    const body = multiStopBody();
    body.stops[0] = { ...body.stops[0], deliverAfter: iso(departure + HOUR), serviceMinutes: 20 } as (typeof body.stops)[number];
    const created = await client.post('/api/orders', body);
    expect(created.status).toBe(201);
    expect(created.body.stops.map((stop: { deliverAfter: string | null }) => stop.deliverAfter)).toEqual([iso(departure + HOUR), null, null, null]);
    expect(created.body.stops.map((stop: { serviceMinutes: number | null }) => stop.serviceMinutes)).toEqual([20, null, null, null]);
    const refused = await client.post('/api/routes/calculate', { stops: [{ lat: 27.95, lng: -82.45, deliverAfter: 'later' }] });
    expect(refused.body.details).toBe(`Deliver-after time must be ${INSTANT_FORMS}`);
    const tooLong = await client.post('/api/routes/calculate', { stops: [{ lat: 27.95, lng: -82.45, serviceMinutes: 600 }] });
    expect(tooLong.body.details).toBe('Minutes at the stop must be a whole number from 0 to 240');
  });

  it('stores a stop’s deliver-by time with the order, and refuses one that is not a time', async () => {
    const client = await signedIn('pharmacy');
    const deliverBy = Date.now() + 3 * HOUR;
    const body = multiStopBody();
    body.stops[1] = { ...body.stops[1], deliverBy: iso(deliverBy) } as (typeof body.stops)[number];
    const created = await client.post('/api/orders', body);
    expect(created.status).toBe(201);
    expect(created.body.stops.map((stop: { deliverBy: string | null }) => stop.deliverBy)).toEqual([null, iso(deliverBy), null, null]);
    const refused = await client.post('/api/routes/calculate', { stops: [{ lat: 27.95, lng: -82.45, deliverBy: 'tomorrow' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toBe(`Deliver-by time must be ${INSTANT_FORMS}`);
  });
});

describe('with the maps service (a fake Routes API)', () => {
  /** Where each point lies along the fake service's one road, in miles: unlike the map, so its matrix decides. */
  const road = new Map<string, number>();
  const key = (latitude: number, longitude: number) => `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
  const calls: Array<{ path: string; apiKey: string | undefined; body: any }> = [];
  let failing: 'matrix' | 'everything' | null = null;
  let server: Server;
  let worker: Running;
  let dir: string;

  const milesAlong = (points: Array<{ latitude: number; longitude: number }>) =>
    points
      .slice(1)
      .reduce(
        (sum, point, index) =>
          sum + Math.abs(road.get(key(point.latitude, point.longitude))! - road.get(key(points[index].latitude, points[index].longitude))!),
        0,
      );

  beforeAll(async () => {
    server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        const body = JSON.parse(text || '{}');
        calls.push({ path: request.url ?? '', apiKey: request.headers['x-goog-api-key'] as string | undefined, body });
        const latLng = (waypoint: any) => waypoint.location.latLng;
        response.setHeader('Content-Type', 'application/json');
        const matrix = request.url === '/distanceMatrix/v2:computeRouteMatrix';
        if (failing === 'everything' || (failing === 'matrix' && matrix)) {
          response.statusCode = 503;
          return response.end(JSON.stringify({ error: { code: 503 } }));
        }
        if (matrix) {
          const origins = body.origins.map((origin: any) => latLng(origin.waypoint));
          const destinations = body.destinations.map((destination: any) => latLng(destination.waypoint));
          const elements = origins.flatMap((from: any, originIndex: number) =>
            destinations.map((to: any, destinationIndex: number) => {
              const miles = milesAlong([from, to]);
              return {
                originIndex,
                destinationIndex,
                distanceMeters: Math.round(miles * METERS_PER_MILE),
                duration: `${Math.round(miles * 120)}s`,
                condition: 'ROUTE_EXISTS',
              };
            }),
          );
          return response.end(JSON.stringify(elements));
        }
        const path = [body.origin, ...body.intermediates, body.destination].map(latLng);
        const legs = path.slice(1).map((point: any, index: number) => ({ duration: `${Math.round(milesAlong([path[index], point]) * 120)}s` }));
        const miles = milesAlong(path);
        response.end(
          JSON.stringify({
            routes: [
              {
                distanceMeters: Math.round(miles * METERS_PER_MILE),
                duration: `${Math.round(miles * 120)}s`,
                polyline: { encodedPolyline: encode(path.map((point: any) => [point.latitude, point.longitude])) },
                legs,
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    dir = mkdtempSync(join(tmpdir(), 'dispatch-fake-routes-'));
    worker = await startWorker({
      persistDir: dir,
      vars: { DATABASE_URL: inject('databaseUrl'), MAPS_SERVER_KEY: 'test-server-key', MAPS_ROUTES_ORIGIN: `http://127.0.0.1:${address.port}` },
      sourceDir: await testSources(),
    });
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('orders the stops by the service’s matrix, asked for once, and prices the driven route', async () => {
    const origin = await pharmacyOrigin();
    // Four stops in a row going north; along the fake road they come in the order 2, 0, 3, 1.
    const stops = [0, 1, 2, 3].map((index) => ({ lat: origin.lat + 0.01 * (index + 1), lng: origin.lng }));
    road.set(key(origin.lat, origin.lng), 0);
    [2, 4, 1, 3].forEach((along, index) => road.set(key(stops[index].lat, stops[index].lng), along));
    calls.length = 0;
    const client = await new Client(worker.url).login('pharmacy');
    const response = await client.post('/api/routes/calculate', { optimize: true, stops });
    expect(response.status).toBe(200);
    expect(response.body.optimizedOrder).toEqual([2, 0, 3, 1]);
    expect(response.body.totalDistanceMiles).toBe(4);
    expect(response.body.routeDetails.estimated).toBe(false);
    // As sent: 0 → 2 → 4 → 1 → 3 along the road.
    expect(response.body.routeDetails.givenOrder).toEqual({ totalDistanceMiles: 9, calculatedDeliveryFee: '18.00' });
    const matrixCalls = calls.filter((call) => call.path === '/distanceMatrix/v2:computeRouteMatrix');
    expect(matrixCalls).toHaveLength(1);
    expect(matrixCalls[0].apiKey).toBe('test-server-key');
    expect(matrixCalls[0].body.origins).toHaveLength(5);
    expect(matrixCalls[0].body.destinations).toHaveLength(4);
    // The driven routes: the order sent and the best one.
    expect(calls.filter((call) => call.path === '/directions/v2:computeRoutes')).toHaveLength(2);
  });

  it('falls back to the estimate when the service fails, and still answers', async () => {
    const origin = await pharmacyOrigin();
    const stops = tampaPoints(seededRandom(4), 6);
    road.set(key(origin.lat, origin.lng), 0);
    stops.forEach((stop, index) => road.set(key(stop.lat, stop.lng), index + 1));
    const client = await new Client(worker.url).login('pharmacy');
    failing = 'everything';
    try {
      const response = await client.post('/api/routes/calculate', { optimize: true, stops: asStops(stops) });
      expect(response.status).toBe(200);
      expect(response.body.routeDetails.estimated).toBe(true);
      expect(response.body.optimizedOrder).toEqual(bruteForce({ matrix: estimatedMatrix([origin, ...stops]) }).order);
    } finally {
      failing = null;
    }
  });

  it('keeps the order sent when the best order by the matrix is no shorter once driven', async () => {
    const origin = await pharmacyOrigin();
    const stops = tampaPoints(seededRandom(4), 6);
    // The road visits the stops in the order sent; the estimate (the matrix failed) thinks otherwise.
    road.set(key(origin.lat, origin.lng), 0);
    stops.forEach((stop, index) => road.set(key(stop.lat, stop.lng), index + 1));
    const client = await new Client(worker.url).login('pharmacy');
    failing = 'matrix';
    try {
      const response = await client.post('/api/routes/calculate', { optimize: true, stops: asStops(stops) });
      expect(response.status).toBe(200);
      expect(response.body.optimizedOrder).toEqual([0, 1, 2, 3, 4, 5]);
      expect(response.body.totalDistanceMiles).toBe(6);
      expect(response.body.routeDetails.givenOrder.totalDistanceMiles).toBe(6);
    } finally {
      failing = null;
    }
  });
});

describe('the courier reorders the stops not yet reached', () => {
  async function courierOnRoute() {
    const db = testDb();
    const { courier, username } = await insertSignableCourier(db);
    const client = await signedIn(username);
    const { order, stops } = await insertPharmacyOrder(db, { courierId: courier.id, status: 'in_pharmacy_delivery', stops: 4 });
    // The first stop is delivered, the second on its way.
    await db.update(orderStops).set({ status: 'delivered', deliveredTime: Date.now() }).where(eq(orderStops.id, stops[0].id));
    await db.update(orderStops).set({ status: 'on_way' }).where(eq(orderStops.id, stops[1].id));
    return { db, client, order, stops };
  }
  const sequenceOf = async (orderId: number) => (await getStops(testDb(), orderId)).map((stop) => [stop.id, stop.sequence, stop.status]);

  it('by hand: only those stops move, the new first is on its way, and the history records it; the fee stays', async () => {
    const { db, client, order, stops } = await courierOnRoute();
    const response = await client.put(`/api/orders/${order.id}/stop-order`, { stopIds: [stops[3].id, stops[1].id, stops[2].id] });
    expect(response.status).toBe(200);
    expect(response.body.stops.map((stop: { id: number; sequence: number; status: string }) => [stop.id, stop.sequence, stop.status])).toEqual([
      [stops[0].id, 1, 'delivered'],
      [stops[3].id, 2, 'on_way'],
      [stops[1].id, 3, 'pending'],
      [stops[2].id, 4, 'pending'],
    ]);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.deliveryFeeCents).toBe(order.deliveryFeeCents);
    expect(stored.totalDistanceMiles).toBe(order.totalDistanceMiles);
    const [event] = (await getEvents(db, order.id)).filter((entry) => entry.action === 'reorder');
    expect(event).toMatchObject({ outcome: 'applied', actorRole: 'courier', detail: 'Reordered by the courier: 2 Recipient 4, 3 Recipient 2, 4 Recipient 3' });

    // The business and the admin read the new sequence.
    for (const viewer of [await signedIn('pharmacy'), await signedIn('admin')]) {
      const seen = await viewer.get(`/api/order-stops/order/${order.id}`);
      expect(seen.body.map((stop: { id: number }) => stop.id)).toEqual([stops[0].id, stops[3].id, stops[1].id, stops[2].id]);
    }
  });

  it('refuses a delivered stop or a stop the courier is at, lists that miss a stop, and finished orders', async () => {
    const { db, client, order, stops } = await courierOnRoute();
    const put = (stopIds: number[]) => client.put(`/api/orders/${order.id}/stop-order`, { stopIds });
    expect((await put([stops[0].id, stops[2].id, stops[1].id, stops[3].id])).status).toBe(409);
    expect((await put([stops[2].id, stops[1].id])).body.error).toBe('The stops have changed');
    expect((await put([stops[2].id, stops[2].id, stops[1].id])).status).toBe(400);
    await db.update(orderStops).set({ status: 'arrived' }).where(eq(orderStops.id, stops[1].id));
    expect((await put([stops[2].id, stops[1].id, stops[3].id])).status).toBe(409);
    const pinned = await put([stops[3].id, stops[2].id]);
    expect(pinned.status).toBe(200);
    expect(pinned.body.stops.map((stop: { id: number; status: string }) => [stop.id, stop.status])).toEqual([
      [stops[0].id, 'delivered'],
      [stops[1].id, 'arrived'],
      [stops[3].id, 'pending'],
      [stops[2].id, 'pending'],
    ]);
    await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    const finished = await put([stops[2].id, stops[3].id]);
    expect(finished.status).toBe(409);
    expect(finished.body.error).toBe('Stops can no longer be reordered');
  });

  it('two reorders at once leave one of them, never a mix', async () => {
    const { client, order, stops } = await courierOnRoute();
    const first = [stops[3].id, stops[2].id, stops[1].id];
    const second = [stops[2].id, stops[3].id, stops[1].id];
    const answers = await Promise.all([first, second].map((stopIds) => client.put(`/api/orders/${order.id}/stop-order`, { stopIds })));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    const remaining = (await sequenceOf(order.id)).slice(1).map(([id]) => id);
    expect([first, second]).toContainEqual(remaining);
    expect((await sequenceOf(order.id)).map(([, sequence]) => sequence)).toEqual([1, 2, 3, 4]);
  });

  it('"Optimize remaining stops" orders them from where the courier is, and says what it saves', async () => {
    const { db, client, order, stops } = await courierOnRoute();
    const position = { lat: 27.95, lng: -82.46 };
    // Spread the remaining stops so the order they are in is a poor one.
    const places = [
      { lat: 27.99, lng: -82.46 },
      { lat: 27.955, lng: -82.46 },
      { lat: 27.97, lng: -82.46 },
    ];
    for (const [index, place] of places.entries())
      await db
        .update(orderStops)
        .set({ latitude: place.lat, longitude: place.lng })
        .where(eq(orderStops.id, stops[index + 1].id));
    const response = await client.post(`/api/orders/${order.id}/stop-order/optimize`, { courierLatitude: position.lat, courierLongitude: position.lng });
    expect(response.status).toBe(200);
    expect(response.body.order.stops.map((stop: { id: number }) => stop.id)).toEqual([stops[0].id, stops[2].id, stops[3].id, stops[1].id]);
    expect(response.body.order.stops[1].status).toBe('on_way');
    const best = evaluateOrder({ matrix: estimatedMatrix([position, ...places]) }, [1, 2, 0]).miles;
    expect(response.body.optimization).toMatchObject({ miles: roundMiles(best), estimated: true, lateStopIds: [] });
    expect(response.body.optimization.previousMiles).toBeGreaterThan(response.body.optimization.miles);
    const [event] = (await getEvents(db, order.id)).filter((entry) => entry.action === 'reorder');
    expect(event.detail).toMatch(/^Optimized by the courier: 2 Recipient 3, 3 Recipient 4, 4 Recipient 2 \(\d+\.\d\d mi → \d+\.\d\d mi, estimated\)$/);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.deliveryFeeCents).toBe(order.deliveryFeeCents);
    // The courier's map and end screen show the route as they now drive it; the fee keeps the priced one (issue 27).
    const pickup = { lat: response.body.order.pickupLatitude, lng: response.body.order.pickupLongitude };
    const now = (await getStops(db, order.id)).map((stop) => ({ lat: stop.latitude!, lng: stop.longitude! }));
    expect(stored.routeMiles).toBe(roundMiles(estimatedRoadMiles([pickup, ...now])));
    expect(stored.totalDistanceMiles).toBe(order.totalDistanceMiles);
    expect(response.body.order.routeMiles).toBe(stored.routeMiles);

    // Again: already the best order, so nothing changes and nothing is recorded.
    const again = await client.post(`/api/orders/${order.id}/stop-order/optimize`, { courierLatitude: position.lat, courierLongitude: position.lng });
    expect(again.status).toBe(200);
    expect((await getEvents(db, order.id)).filter((entry) => entry.action === 'reorder')).toHaveLength(1);
  });
  it('a pharmacy creates a route of 100 stops, and its courier optimizes the 99 not yet reached from where they are (issue 32)', async () => {
    const db = testDb();
    const pharmacy = await signedIn('pharmacy');
    const places = tampaPoints(seededRandom(3200), 100);
    const internal = `RX-100-${Date.now()}`;
    const body = multiStopBody(
      places.map((place, index) => ({
        customerName: `Parcel ${index + 1}`,
        customerPhone: `81355${String(index).padStart(5, '0')}`,
        address: `${100 + index} Bayshore Blvd, Tampa, Florida, 33606`,
        latitude: place.lat,
        longitude: place.lng,
      })),
      { internalOrderNumber: internal },
    );
    const created = await pharmacy.post('/api/orders', body);
    expect(created.status).toBe(201);
    expect(await getStops(db, created.body.id)).toHaveLength(100);
    // 101 stops are refused with the form's message.
    const tooMany = await pharmacy.post('/api/routes/calculate', { stops: asStops(tampaPoints(seededRandom(1), 101)) });
    expect(tooMany.body.details).toBe('A route can have at most 100 stops');

    const { courier, username } = await insertSignableCourier(db);
    await db.update(orders).set({ courierId: courier.id, status: 'in_pharmacy_delivery' }).where(eq(orders.id, created.body.id));
    const stops = await getStops(db, created.body.id);
    await db.update(orderStops).set({ status: 'delivered', deliveredTime: Date.now() }).where(eq(orderStops.id, stops[0].id));
    await db.update(orderStops).set({ status: 'on_way' }).where(eq(orderStops.id, stops[1].id));
    const courierClient = await signedIn(username);
    const position = places[0];
    const started = performance.now();
    const response = await courierClient.post(`/api/orders/${created.body.id}/stop-order/optimize`, {
      courierLatitude: position.lat,
      courierLongitude: position.lng,
    });
    const took = performance.now() - started;
    expect(response.status).toBe(200);
    console.info(`the courier's "Optimize remaining stops" on 99 stops: ${took.toFixed(0)} ms`);
    const optimized = response.body.order.stops as Array<{ id: number; sequence: number; status: string }>;
    expect(optimized[0]).toMatchObject({ id: stops[0].id, status: 'delivered' });
    expect(optimized.map((stop) => stop.sequence)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    expect(new Set(optimized.map((stop) => stop.id)).size).toBe(100);
    // Far shorter than the random order the stops were in, and what the optimizer gives from the same start.
    expect(response.body.optimization.miles).toBeLessThan(response.body.optimization.previousMiles / 3);
    const remaining = stops.slice(1);
    const order = optimized.slice(1).map((stop) => remaining.findIndex((row) => row.id === stop.id));
    const matrix = estimatedMatrix([position, ...remaining.map((row) => ({ lat: row.latitude!, lng: row.longitude! }))]);
    expect(response.body.optimization.miles).toBe(roundMiles(evaluateOrder({ matrix }, order).miles));
  });
});
