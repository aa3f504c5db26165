import { describe, expect, it, vi } from 'vitest';
import { METERS_PER_MILE } from '../domain/geo';
import { estimateRoute } from '../domain/routePlan';
import { ApiError } from '../http/errors';
import { geocodeAddress, GEOCODE_URL, planRoute, ROUTES_URL, routeFrom } from './routing';

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

describe('geocodeAddress', () => {
  it('refuses an address without a key, saying what to do', async () => {
    const error = await geocodeAddress({}, '1 Main St', 'Stop 2').catch((caught: ApiError) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Stop 2 has no map location' });
  });

  it('places an address found by the service, limited to the US', async () => {
    const fetch = vi.fn(() => answer({ status: 'OK', results: [{ geometry: { location: { lat: 27.95612345678, lng: -82.459 } } }] }));
    expect(await geocodeAddress({ key: 'k', fetch }, '1201 N Franklin St', 'Stop 1')).toEqual({ lat: 27.9561235, lng: -82.459 });
    const url = new URL((fetch.mock.calls[0] as unknown as [string])[0]);
    expect(url.origin + url.pathname).toBe(GEOCODE_URL);
    expect(url.searchParams.get('components')).toBe('country:US');
  });

  it('says when the address is unknown (400) or the service unreachable (502)', async () => {
    await expect(geocodeAddress({ key: 'k', fetch: () => answer({ status: 'ZERO_RESULTS', results: [] }) }, 'nowhere', 'Stop 1')).rejects.toMatchObject({
      status: 400,
      message: "Stop 1's address was not found",
    });
    await expect(geocodeAddress({ key: 'k', fetch: () => Promise.reject(new TypeError('offline')) }, 'x', 'Stop 1')).rejects.toMatchObject({ status: 502 });
  });
});

describe('routeFrom', () => {
  it('starts at the business and needs its location', async () => {
    const route = await routeFrom({}, { address: 'x', latitude: path[0].lat, longitude: path[0].lng }, [{ lat: path[1].lat, lng: path[1].lng }]);
    expect(route.origin).toEqual(path[0]);
    await expect(routeFrom({}, { address: 'x', latitude: null, longitude: null }, [{ lat: 1, lng: 1 }])).rejects.toMatchObject({
      status: 400,
      message: 'Pharmacy address not found',
    });
  });
});
