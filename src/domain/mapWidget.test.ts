import { describe, expect, it } from 'vitest';
import { SERVICE_CENTER } from './geo';
import { geocodeQuery, isPlausibleStraightLine, placeholderMiles, pseudoRandomNear, widgetDistance } from './mapWidget';

const P = '615 Channelside Dr, Tampa, FL 33602';
const D = '1201 N Franklin St, Tampa, Florida, 33602';

describe('map widget rules (spec 2-business-area.md §9.6)', () => {
  it('geocodes with the default city and state appended', () => {
    expect(geocodeQuery(' 12 Main St ')).toBe('12 Main St, Tampa, Florida');
  });

  it('places an unknown address at a fixed point near the service centre', () => {
    const a = pseudoRandomNear('nowhere 1');
    expect(pseudoRandomNear('Nowhere 1 ')).toEqual(a);
    expect(Math.abs(a.lat - SERVICE_CENTER.lat)).toBeLessThanOrEqual(0.045);
    expect(Math.abs(a.lng - SERVICE_CENTER.lng)).toBeLessThanOrEqual(0.045);
    expect(pseudoRandomNear('nowhere 2')).not.toEqual(a);
  });

  it('derives a placeholder between 2.0 and 14.9 mi from the two addresses', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const miles = placeholderMiles(`${i} Main St`, D);
      expect(miles).toBeGreaterThanOrEqual(2);
      expect(miles).toBeLessThanOrEqual(14.9);
      expect(Math.round(miles * 10)).toBe(miles * 10);
      seen.add(miles);
    }
    expect(seen.size).toBeGreaterThan(50);
    expect(placeholderMiles(P, D)).toBe(placeholderMiles(P, D));
  });

  it('rejects straight lines of 0 or less, or above 15 mi', () => {
    expect(isPlausibleStraightLine(0)).toBe(false);
    expect(isPlausibleStraightLine(-1)).toBe(false);
    expect(isPlausibleStraightLine(15.01)).toBe(false);
    expect(isPlausibleStraightLine(15)).toBe(true);
    expect(isPlausibleStraightLine(Number.NaN)).toBe(false);
  });

  it('shows a multi-stop distance, else a plausible straight line, else the placeholder', () => {
    expect(widgetDistance({ pickupAddress: P, deliveryAddress: D, multiStopMiles: 12.34 }).label).toBe('12.3 mi (multi-stop)');
    const near = widgetDistance({ pickupAddress: P, deliveryAddress: D, pickup: { lat: 27.9427, lng: -82.4497 }, delivery: { lat: 27.956, lng: -82.459 } });
    expect(near.source).toBe('straight-line');
    expect(near.label).toMatch(/^1\.\d mi$/);
    const far = widgetDistance({ pickupAddress: P, deliveryAddress: D, pickup: { lat: 27.9427, lng: -82.4497 }, delivery: { lat: 28.5, lng: -81.4 } });
    expect(far).toMatchObject({ source: 'placeholder', miles: placeholderMiles(P, D) });
    expect(far.label).toMatch(/mi \(est\., Tampa area\)$/);
    expect(widgetDistance({ pickupAddress: P, deliveryAddress: D }).source).toBe('placeholder');
  });
});
