import { decodePolyline as decode } from './polyline';
import { describe, expect, it } from 'vitest';
import { estimatedRoadMiles } from './geo';
import { estimateRoute, priceRoute } from './routePlan';

const pharmacy = { lat: 27.9379, lng: -82.4843 };
const stops = [
  { lat: 27.956, lng: -82.459 },
  { lat: 27.9445, lng: -82.4903 },
  { lat: 27.962, lng: -82.518 },
];

describe('estimateRoute', () => {
  it('measures the legs in order with the road factor and prices the rounded miles at $2/mi', () => {
    const plan = estimateRoute([pharmacy, ...stops]);
    const miles = Math.round(estimatedRoadMiles([pharmacy, ...stops]) * 100) / 100;
    expect(plan.miles).toBe(miles);
    expect(plan.feeCents).toBe(Math.round(miles * 100) * 2);
    expect(plan.estimated).toBe(true);
    expect(plan.durationMinutes).toBeGreaterThan(0);
  });

  it('depends on the order of the stops', () => {
    const forward = estimateRoute([pharmacy, ...stops]);
    const shuffled = estimateRoute([pharmacy, stops[2], stops[0], stops[1]]);
    expect(shuffled.miles).not.toBe(forward.miles);
  });

  it('encodes the path it measured as a polyline', () => {
    const plan = estimateRoute([pharmacy, ...stops]);
    const points = decode(plan.polyline, 5);
    expect(points).toHaveLength(4);
    expect(points[0][0]).toBeCloseTo(pharmacy.lat, 5);
    expect(points[3][1]).toBeCloseTo(stops[2].lng, 5);
  });
});

describe('priceRoute', () => {
  it('keeps miles to 2 decimals and the fee on those miles', () => {
    expect(priceRoute(12.345, '', 30, false)).toMatchObject({ miles: 12.35, feeCents: 2470, estimated: false, durationMinutes: 30 });
  });
});
