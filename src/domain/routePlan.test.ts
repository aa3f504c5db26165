import { decodePolyline as decode } from './polyline';
import { describe, expect, it } from 'vitest';
import { estimatedRoadMiles } from './geo';
import { AVERAGE_URBAN_SPEED_MPH, estimatedMatrix, estimateRoute, milesText, priceRoute } from './routePlan';

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

  it('times each leg at the average urban speed', () => {
    const plan = estimateRoute([pharmacy, ...stops]);
    expect(plan.legMinutes).toHaveLength(3);
    expect(plan.legMinutes[0]).toBeCloseTo((estimatedRoadMiles([pharmacy, stops[0]]) / AVERAGE_URBAN_SPEED_MPH) * 60, 9);
    expect(plan.durationMinutes).toBe(Math.round(plan.legMinutes.reduce((sum, leg) => sum + leg, 0)));
  });

  it('encodes the path it measured as a polyline', () => {
    const plan = estimateRoute([pharmacy, ...stops]);
    const points = decode(plan.polyline, 5);
    expect(points).toHaveLength(4);
    expect(points[0][0]).toBeCloseTo(pharmacy.lat, 5);
    expect(points[3][1]).toBeCloseTo(stops[2].lng, 5);
  });
});

describe('estimatedMatrix', () => {
  it('holds the same legs as the route estimate, between every two points', () => {
    const matrix = estimatedMatrix([pharmacy, ...stops]);
    expect(matrix.size).toBe(4);
    expect(matrix.miles[0 * 4 + 2]).toBeCloseTo(estimatedRoadMiles([pharmacy, stops[1]]), 9);
    expect(matrix.miles[3 * 4 + 1]).toBeCloseTo(estimatedRoadMiles([stops[2], stops[0]]), 9);
    expect(matrix.minutes[1 * 4 + 2]).toBeCloseTo(estimateRoute([stops[0], stops[1]]).legMinutes[0], 9);
    expect(matrix.miles[2 * 4 + 2]).toBe(0);
  });
});

describe('priceRoute', () => {
  it('keeps miles to 2 decimals and the fee on those miles', () => {
    expect(priceRoute(12.345, '', [10, 20.4], false)).toMatchObject({
      miles: 12.35,
      feeCents: 2470,
      estimated: false,
      durationMinutes: 30,
      legMinutes: [10, 20.4],
    });
  });
});

describe('milesText', () => {
  it('shows a tenth of a mile, or hundredths when a tenth would show nothing', () => {
    expect(milesText(2.44)).toBe('2.4 mi');
    expect(milesText(-2.44)).toBe('2.4 mi');
    expect(milesText(0.04)).toBe('0.04 mi');
  });
});
