import { beforeEach, describe, expect, it, vi } from 'vitest';
import { METERS_PER_MILE } from '../../src/domain/geo';
import { pseudoRandomNear } from '../../src/domain/mapWidget';
import { loadMapsLibrary, MAPS_NOT_CONFIGURED, MapsUnavailableError } from '../lib/maps';
import { alongRoute, drivingRoute, failureMessage, type DrivingRoute } from './drivingMap';
import type { WidgetPlace } from './pickupAndDelivery';

vi.mock('../lib/maps', async (importOriginal) => ({ ...(await importOriginal<typeof import('../lib/maps')>()), loadMapsLibrary: vi.fn() }));

const latLng = (lat: number, lng: number) => ({ lat: () => lat, lng: () => lng });
const FROM = { lat: 27.96, lng: -82.44 };
const TO = { lat: 27.956, lng: -82.459 };
const straight: DrivingRoute = { from: FROM, to: TO, path: [FROM, TO], distance: '1.2 mi', duration: null };
const directions = (meters?: number) => ({
  routes: [
    {
      overview_path: [latLng(27.96, -82.44), latLng(27.958, -82.45), latLng(27.956, -82.459)],
      legs: [{ distance: meters == null ? undefined : { value: meters }, duration: { text: '14 mins' } }],
    },
  ],
});

describe('the driving route', () => {
  it('follows the directions, with their distance in miles and their duration', () => {
    expect(alongRoute(straight, directions(5 * METERS_PER_MILE), false)).toEqual({
      ...straight,
      path: [FROM, { lat: 27.958, lng: -82.45 }, TO],
      distance: '5.0 mi',
      duration: '14 mins',
    });
  });

  it('keeps a multi-stop order’s distance', () => {
    const multiStop = { ...straight, distance: '12.3 mi (multi-stop)' };
    expect(alongRoute(multiStop, directions(5 * METERS_PER_MILE), true)).toMatchObject({ distance: '12.3 mi (multi-stop)', duration: '14 mins' });
  });

  it('is the straight line when the directions have no route with a distance', () => {
    expect(alongRoute(straight, directions(), false)).toBe(straight);
    expect(alongRoute(straight, { routes: [] }, false)).toBe(straight);
  });
});

describe('finding P and D with the maps service', () => {
  const geocode = vi.fn();
  const route = vi.fn();
  beforeEach(() => {
    geocode.mockReset().mockResolvedValue({ results: [{ geometry: { location: latLng(27.95, -82.46) } }] });
    route.mockReset().mockResolvedValue(directions(2 * METERS_PER_MILE));
    vi.mocked(loadMapsLibrary).mockImplementation(async (_key, name) =>
      name === 'geocoding'
        ? ({
            Geocoder: class {
              geocode = geocode;
            },
          } as never)
        : ({
            DirectionsService: class {
              route = route;
            },
          } as never),
    );
  });
  const placed: WidgetPlace = { address: '1600 E 8th Ave', point: FROM };
  const unplaced: WidgetPlace = { address: '1201 N Franklin St', point: null };

  it('geocodes only a place without a point, with the default city and state', async () => {
    const found = await drivingRoute('key', placed, unplaced, null);
    expect(geocode.mock.calls).toEqual([[{ address: '1201 N Franklin St, Tampa, Florida' }]]);
    expect(found).toMatchObject({ from: FROM, to: { lat: 27.95, lng: -82.46 }, distance: '2.0 mi', duration: '14 mins' });
    expect(route.mock.calls[0][0]).toMatchObject({ origin: FROM, destination: { lat: 27.95, lng: -82.46 }, travelMode: 'DRIVING' });
  });

  it('puts an address the geocoder cannot find at a fixed point near the service centre', async () => {
    geocode.mockResolvedValue({ results: [] });
    expect((await drivingRoute('key', placed, unplaced, null)).to).toEqual(pseudoRandomNear('1201 N Franklin St'));
    geocode.mockRejectedValue(new Error('ZERO_RESULTS'));
    expect((await drivingRoute('key', placed, unplaced, null)).to).toEqual(pseudoRandomNear('1201 N Franklin St'));
  });

  it('draws the straight line with its distance when directions fail', async () => {
    route.mockRejectedValue(new Error('NOT_FOUND'));
    const found = await drivingRoute('key', placed, { address: '1201 N Franklin St', point: TO }, null);
    expect(found).toEqual({ from: FROM, to: TO, path: [FROM, TO], distance: '1.2 mi', duration: null });
  });

  it('fails when the service is unavailable, however far it got', async () => {
    route.mockRejectedValue(new MapsUnavailableError('auth'));
    await expect(drivingRoute('key', placed, unplaced, null)).rejects.toThrow(MAPS_NOT_CONFIGURED);
    geocode.mockRejectedValue(new MapsUnavailableError('load'));
    await expect(drivingRoute('key', placed, unplaced, null)).rejects.toBeInstanceOf(MapsUnavailableError);
  });
});

describe('a map that cannot be drawn', () => {
  it('says why the maps service is unavailable, else to check the addresses', () => {
    expect(failureMessage(new MapsUnavailableError('auth'))).toBe(MAPS_NOT_CONFIGURED);
    expect(failureMessage(new Error('draw'))).toBe('Could not load the map. Please check addresses.');
  });
});
