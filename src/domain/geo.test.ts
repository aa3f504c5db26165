import { describe, expect, it } from 'vitest';
import { estimatedRoadMiles, haversineMeters, isValidLatitude, isWithin, PHARMACY_ARRIVAL_RADIUS_M, roundCoordinate } from './geo';

describe('haversine', () => {
  it('measures a known distance (Tampa to St. Petersburg, about 32 km)', () => {
    const meters = haversineMeters({ lat: 27.9506, lng: -82.4572 }, { lat: 27.7676, lng: -82.6403 });
    expect(meters).toBeGreaterThan(27_000);
    expect(meters).toBeLessThan(28_000);
  });

  it('tells whether a point is inside a radius', () => {
    const shop = { lat: 27.95, lng: -82.45 };
    // 0.0004° of latitude is about 44 m.
    expect(isWithin(shop, { lat: 27.9504, lng: -82.45 }, 50)).toBe(true);
    expect(isWithin(shop, { lat: 27.9006, lng: -82.45 }, 50)).toBe(false);
    expect(PHARMACY_ARRIVAL_RADIUS_M).toBeCloseTo(152.4, 1);
  });

  it('estimates road miles along a path with the detour factor', () => {
    const miles = estimatedRoadMiles([
      { lat: 27.95, lng: -82.45 },
      { lat: 27.96, lng: -82.45 },
      { lat: 27.97, lng: -82.45 },
    ]);
    // 0.02° latitude ≈ 2.224 km ≈ 1.382 mi straight, × 1.3
    expect(miles).toBeCloseTo(1.796, 2);
  });

  it('checks and rounds coordinates', () => {
    expect(isValidLatitude(91)).toBe(false);
    expect(isValidLatitude(Number.NaN)).toBe(false);
    expect(roundCoordinate(27.123456789)).toBe(27.1234568);
  });
});
