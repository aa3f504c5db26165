import { describe, expect, it, vi } from 'vitest';
import { roundMiles } from '../domain/fees';
import { METERS_PER_MILE } from '../domain/geo';
import { decodePolyline, encodePolyline } from '../domain/polyline';
import { estimatedMatrix, estimateRoute } from '../domain/routePlan';
import type { Geocoder } from './geocoding';
import { MAX_INTERMEDIATES, MAX_MATRIX_ELEMENTS, planRoute, ROUTE_MATRIX_URL, ROUTES_URL, routeFrom, travelMatrixBetween } from './routing';

const path = [
  { lat: 27.9379, lng: -82.4843 },
  { lat: 27.956, lng: -82.459 },
  { lat: 27.9445, lng: -82.4903 },
];

const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('planRoute', () => {
  it('estimates without a key and sends nothing', async () => {
    const fetch = vi.fn();
    expect(await planRoute({ fetch }, path)).toEqual(estimateRoute(path));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the routing service for the driving route through the stops in order', async () => {
    const fetch = vi.fn(() => answer({ routes: [{ distanceMeters: 10 * METERS_PER_MILE, duration: '1260s', polyline: { encodedPolyline: 'abc' } }] }));
    const plan = await planRoute({ key: 'k', fetch }, path);
    expect(plan).toMatchObject({ miles: 10, feeCents: 2000, polyline: 'abc', durationMinutes: 21, estimated: false });
    // Without legs, the route's time is shared out over its legs like the estimate's.
    expect(plan.legMinutes).toHaveLength(2);
    expect(plan.legMinutes[0] + plan.legMinutes[1]).toBeCloseTo(21, 9);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(ROUTES_URL);
    expect((init.headers as Record<string, string>)['X-Goog-Api-Key']).toBe('k');
    const body = JSON.parse(init.body as string);
    expect(body.origin.location.latLng).toEqual({ latitude: 27.9379, longitude: -82.4843 });
    expect(body.intermediates).toEqual([{ location: { latLng: { latitude: 27.956, longitude: -82.459 } } }]);
    expect(body.destination.location.latLng).toEqual({ latitude: 27.9445, longitude: -82.4903 });
  });

  it("times each leg by the service's own legs, at the origin configured", async () => {
    const fetch = vi.fn(() =>
      answer({
        routes: [{ distanceMeters: 5000, duration: '900s', polyline: { encodedPolyline: 'abc' }, legs: [{ duration: '300s' }, { duration: '600s' }] }],
      }),
    );
    const plan = await planRoute({ key: 'k', fetch, routesOrigin: 'http://127.0.0.1:9' }, path);
    expect(plan.legMinutes).toEqual([5, 10]);
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('http://127.0.0.1:9/directions/v2:computeRoutes');
  });

  it('asks for a route of 100 stops in four stretches of at most 25 intermediate points, at once, and joins them', async () => {
    const long = Array.from({ length: 101 }, (_, index) => ({ lat: 27.9 + index / 1000, lng: -82.4 }));
    const fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(init!.body as string);
      expect(body.intermediates.length).toBeLessThanOrEqual(MAX_INTERMEDIATES);
      const ends = [body.origin, body.destination].map((point: { location: { latLng: { latitude: number; longitude: number } } }) => [
        point.location.latLng.latitude,
        point.location.latLng.longitude,
      ]);
      const legs = body.intermediates.length + 1;
      return answer({
        routes: [
          {
            distanceMeters: 1000 * legs,
            duration: `${60 * legs}s`,
            polyline: { encodedPolyline: encodePolyline(ends, 5) },
            legs: Array.from({ length: legs }, () => ({ duration: '60s' })),
          },
        ],
      });
    });
    const plan = await planRoute({ key: 'k', fetch }, long);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(plan.estimated).toBe(false);
    expect(plan.legMinutes).toEqual(new Array(100).fill(1));
    expect(plan.miles).toBeCloseTo(roundMiles(100_000 / METERS_PER_MILE), 9);
    // One line from the first point to the last, through each stretch's ends, each drawn once.
    const rounded = (points: number[][]) => points.map((point) => point.map((value) => value.toFixed(5)));
    expect(rounded(decodePolyline(plan.polyline, 5))).toEqual(rounded([0, 26, 52, 78, 100].map((index) => [long[index].lat, long[index].lng])));
    // A stretch the service cannot route loses the whole: no route mixes driven and estimated legs.
    let calls = 0;
    const oneFails = vi.fn((url: RequestInfo | URL, init?: RequestInit) => (++calls === 3 ? answer({}) : fetch(url, init)));
    expect(await planRoute({ key: 'k', fetch: oneFails }, long)).toEqual(estimateRoute(long));
  });

  it('falls back to the estimate when the service fails, refuses or answers nothing useful', async () => {
    const estimate = estimateRoute(path);
    expect(await planRoute({ key: 'k', fetch: () => Promise.reject(new TypeError('network down')) }, path)).toEqual(estimate);
    expect(await planRoute({ key: 'k', fetch: () => answer({ error: { status: 'PERMISSION_DENIED' } }, 403) }, path)).toEqual(estimate);
    expect(await planRoute({ key: 'k', fetch: () => answer({}) }, path)).toEqual(estimate);
  });
});

/** A chain with no maps key and no Census geocoder: only the ZIP centres below. */
const offline = (centres: Record<string, { lat: number; lng: number }> = {}): Geocoder => ({
  census: null,
  fetch: () => Promise.reject(new Error('offline: nothing is fetched')),
  zipCentroid: async (zip) => centres[zip] ?? null,
});

/** A matrix answer like the Routes API's: zeros left out, as proto3 JSON does. */
function matrixAnswer(origins: number, destinations: number, leg: (origin: number, destination: number) => { meters: number; seconds: number }) {
  const elements = [];
  for (let origin = 0; origin < origins; origin++) {
    for (let destination = 0; destination < destinations; destination++) {
      const { meters, seconds } = leg(origin, destination);
      elements.push({
        ...(origin ? { originIndex: origin } : {}),
        ...(destination ? { destinationIndex: destination } : {}),
        ...(meters ? { distanceMeters: meters } : {}),
        duration: `${seconds}s`,
        condition: 'ROUTE_EXISTS',
      });
    }
  }
  return elements;
}

describe('travelMatrixBetween', () => {
  const leg = (from: number, to: number) => ({ meters: 1000 * (from + 1) + 10 * to, seconds: 60 * (from + 2) });

  it('estimates without a key, and sends nothing', async () => {
    const fetch = vi.fn();
    expect(await travelMatrixBetween({ fetch }, path)).toEqual({ matrix: estimatedMatrix(path), estimated: true });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the maps service once for every point to every stop', async () => {
    const fetch = vi.fn(() => answer(matrixAnswer(3, 2, leg)));
    const { matrix, estimated } = await travelMatrixBetween({ key: 'k', fetch }, path);
    expect(estimated).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(ROUTE_MATRIX_URL);
    expect((init.headers as Record<string, string>)['X-Goog-FieldMask']).toContain('distanceMeters');
    const body = JSON.parse(init.body as string);
    expect(body.origins).toHaveLength(3);
    expect(body.destinations.map((destination: { waypoint: { location: { latLng: unknown } } }) => destination.waypoint.location.latLng)).toEqual([
      { latitude: path[1].lat, longitude: path[1].lng },
      { latitude: path[2].lat, longitude: path[2].lng },
    ]);
    // Point 0 (the start) to point 2 is origin 0, destination 1; point 2 to point 1 is origin 2, destination 0.
    expect(matrix.miles[0 * 3 + 2]).toBeCloseTo(1010 / METERS_PER_MILE, 9);
    expect(matrix.minutes[0 * 3 + 2]).toBe(2);
    expect(matrix.miles[2 * 3 + 1]).toBeCloseTo(3000 / METERS_PER_MILE, 9);
    expect(matrix.minutes[2 * 3 + 1]).toBe(4);
  });

  it('splits 25 stops over two calls, since 26 × 25 pairs exceed what one call takes', async () => {
    const points = Array.from({ length: 26 }, (_, index) => ({ lat: 27.9 + index / 100, lng: -82.4 }));
    const fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(init!.body as string);
      expect(body.origins.length * body.destinations.length).toBeLessThanOrEqual(MAX_MATRIX_ELEMENTS);
      const first = body.origins.length === 1 ? 0 : 1;
      return answer(matrixAnswer(body.origins.length, body.destinations.length, (origin, destination) => leg(first + origin, destination)));
    });
    const { matrix, estimated } = await travelMatrixBetween({ key: 'k', fetch }, points);
    expect(estimated).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(matrix.miles[0 * 26 + 25]).toBeCloseTo(1240 / METERS_PER_MILE, 9);
    expect(matrix.miles[25 * 26 + 1]).toBeCloseTo(26000 / METERS_PER_MILE, 9);
  });

  it('splits 100 stops into calls of at most 625 pairs: the start, then 6 stops a call', async () => {
    const points = Array.from({ length: 101 }, (_, index) => ({ lat: 27.9 + index / 1000, lng: -82.4 }));
    const indexOf = (origin: { waypoint: { location: { latLng: { latitude: number } } } }) =>
      Math.round((origin.waypoint.location.latLng.latitude - 27.9) * 1000);
    const fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(init!.body as string);
      expect(body.origins.length * body.destinations.length).toBeLessThanOrEqual(MAX_MATRIX_ELEMENTS);
      const first = indexOf(body.origins[0]);
      return answer(matrixAnswer(body.origins.length, body.destinations.length, (origin, destination) => leg(first + origin, destination)));
    });
    const { matrix, estimated } = await travelMatrixBetween({ key: 'k', fetch }, points);
    expect(estimated).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1 + Math.ceil(100 / 6));
    expect(matrix.miles[0 * 101 + 100]).toBeCloseTo(leg(0, 99).meters / METERS_PER_MILE, 9);
    expect(matrix.miles[100 * 101 + 1]).toBeCloseTo(leg(100, 0).meters / METERS_PER_MILE, 9);
    expect(matrix.minutes[57 * 101 + 3]).toBeCloseTo(leg(57, 2).seconds / 60, 9);
  });

  it('falls back to the estimate when the service fails or leaves a pair without a route', async () => {
    const estimate = { matrix: estimatedMatrix(path), estimated: true };
    expect(await travelMatrixBetween({ key: 'k', fetch: () => Promise.reject(new TypeError('offline')) }, path)).toEqual(estimate);
    expect(await travelMatrixBetween({ key: 'k', fetch: () => answer({ error: { code: 403 } }, 403) }, path)).toEqual(estimate);
    expect(await travelMatrixBetween({ key: 'k', fetch: () => answer(matrixAnswer(3, 2, leg).slice(1)) }, path)).toEqual(estimate);
    const noRoute = matrixAnswer(3, 2, leg).map((element, index) => (index === 3 ? { ...element, condition: 'ROUTE_NOT_FOUND' } : element));
    expect(await travelMatrixBetween({ key: 'k', fetch: () => answer(noRoute) }, path)).toEqual(estimate);
  });
});

describe('routeFrom', () => {
  it('starts at the business and needs its location', async () => {
    const route = await routeFrom(offline(), { address: 'x', latitude: path[0].lat, longitude: path[0].lng }, [{ lat: path[1].lat, lng: path[1].lng }]);
    expect(route.origin).toEqual({ ...path[0], precision: 'address' });
    await expect(routeFrom(offline(), { address: 'x', latitude: null, longitude: null }, [{ lat: 1, lng: 1 }])).rejects.toMatchObject({
      status: 400,
      message: 'Pharmacy address not found',
    });
  });

  it('places typed stops through the chain, keeping how precise each point is', async () => {
    const route = await routeFrom(
      offline({ '33602': { lat: 27.9614, lng: -82.4597 } }),
      { address: '615 Channelside Dr, Tampa, FL 33602', latitude: null, longitude: null },
      [
        { lat: null, lng: null, address: '401 E Jackson St, Tampa, FL 33602' },
        { lat: path[1].lat, lng: path[1].lng, precision: 'zip' },
      ],
    );
    expect(route.origin).toEqual({ lat: 27.9614, lng: -82.4597, precision: 'zip' });
    expect(route.stops).toEqual([
      { lat: 27.9614, lng: -82.4597, precision: 'zip' },
      { ...path[1], precision: 'zip' },
    ]);
    expect(route.plan.estimated).toBe(true);
  });

  it('refuses a stop no step can place, saying what to add', async () => {
    await expect(
      routeFrom(offline(), { address: 'x', latitude: path[0].lat, longitude: path[0].lng }, [{ lat: null, lng: null, address: '401 E Jackson St' }]),
    ).rejects.toMatchObject({
      status: 400,
      message: "Stop 1's address could not be placed on the map",
    });
  });
});
