import { describe, expect, it, vi } from 'vitest';
import { METERS_PER_MILE } from '../domain/geo';
import { estimateRoute } from '../domain/routePlan';
import type { Geocoder } from './geocoding';
import { planRoute, ROUTES_URL, routeFrom } from './routing';

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
    expect(plan).toEqual({ miles: 10, feeCents: 2000, polyline: 'abc', durationMinutes: 21, estimated: false });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(ROUTES_URL);
    expect((init.headers as Record<string, string>)['X-Goog-Api-Key']).toBe('k');
    const body = JSON.parse(init.body as string);
    expect(body.origin.location.latLng).toEqual({ latitude: 27.9379, longitude: -82.4843 });
    expect(body.intermediates).toEqual([{ location: { latLng: { latitude: 27.956, longitude: -82.459 } } }]);
    expect(body.destination.location.latLng).toEqual({ latitude: 27.9445, longitude: -82.4903 });
  });

  it('falls back to the estimate when the service fails, refuses or answers nothing useful', async () => {
    const estimate = estimateRoute(path);
    expect(await planRoute({ key: 'k', fetch: () => Promise.reject(new TypeError('network down')) }, path)).toEqual(estimate);
    expect(await planRoute({ key: 'k', fetch: () => answer({ error: { status: 'PERMISSION_DENIED' } }, 403) }, path)).toEqual(estimate);
    expect(await planRoute({ key: 'k', fetch: () => answer({}) }, path)).toEqual(estimate);
  });
});

/** A chain with no maps key and no Census geocoder: only the ZIP centres below. */
const offline = (centres: Record<string, { lat: number; lng: number }> = {}): Geocoder => ({ census: null, zipCentroid: async (zip) => centres[zip] ?? null });

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
      [{ lat: null, lng: null, address: '401 E Jackson St, Tampa, FL 33602' }, { lat: path[1].lat, lng: path[1].lng, precision: 'zip' }],
    );
    expect(route.origin).toEqual({ lat: 27.9614, lng: -82.4597, precision: 'zip' });
    expect(route.stops).toEqual([
      { lat: 27.9614, lng: -82.4597, precision: 'zip' },
      { ...path[1], precision: 'zip' },
    ]);
    expect(route.plan.estimated).toBe(true);
  });

  it('refuses a stop no step can place, saying what to add', async () => {
    await expect(routeFrom(offline(), { address: 'x', latitude: path[0].lat, longitude: path[0].lng }, [{ lat: null, lng: null, address: '401 E Jackson St' }])).rejects.toMatchObject({
      status: 400,
      message: "Stop 1's address could not be placed on the map",
    });
  });
});
