import { describe, expect, it } from 'vitest';
import {
  courierFeeOf,
  courierPay,
  distanceDeliveryFee,
  isLateCancellation,
  platformFee,
  routeDeliveryFee,
  routeFeeBasis,
  singleOrderDeliveryFee,
} from './fees';

describe('single-order fee', () => {
  it.each([
    [0, 3000],
    [10000, 3000],
    [29999, 3000],
    [30000, 3000],
    [30005, 3001], // 10% of $300.05 is $30.005, rounded half up
    [45050, 4505],
    [123456, 12346],
  ])('amount %i cents gives fee %i cents', (amount, fee) => {
    expect(singleOrderDeliveryFee(amount)).toBe(fee);
  });
});

describe('distance fee', () => {
  it('prices miles to 2 decimals at $2 per mile', () => {
    expect(distanceDeliveryFee(12.345)).toBe(2470); // 12.35 mi
    expect(distanceDeliveryFee(0)).toBe(0);
    expect(distanceDeliveryFee(7.1)).toBe(1420);
  });
});

describe('route fee (decision B17)', () => {
  it('is never free: at least $2 per stop, however close the stops are', () => {
    expect(routeDeliveryFee(0, 1)).toBe(200);
    expect(routeDeliveryFee(0.9, 1)).toBe(200);
    expect(routeDeliveryFee(0, 3)).toBe(600);
    expect(routeDeliveryFee(0, 0)).toBe(200);
    expect(routeFeeBasis(0, 3)).toBe('minimum $2.00 per stop');
  });
  it('is $2 per mile once the route is longer than a mile a stop', () => {
    expect(routeDeliveryFee(12.345, 4)).toBe(2470);
    expect(routeDeliveryFee(3, 3)).toBe(600);
    expect(routeFeeBasis(12.345, 4)).toBe('$2/mi');
  });
});

describe('pay and platform', () => {
  it('pays the courier fee plus tip to the cent', () => {
    expect(courierPay(3001, 499)).toBe(3500);
    expect(courierPay(3000, null)).toBe(3000);
  });

  it('leaves the platform what the business paid minus the courier pay', () => {
    expect(platformFee(4500, 500, 3500)).toBe(1500);
    expect(platformFee(4500, 500, null)).toBe(4500);
  });
});

describe('late cancellation', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('is late under 2 hours before pickup', () => {
    expect(isLateCancellation(new Date('2026-11-21T13:59:59Z'), now)).toBe(true);
    expect(isLateCancellation(new Date('2026-11-21T14:00:00Z'), now)).toBe(false);
  });
});

describe('courierFeeOf', () => {
  it('is the pay less the tip, never below zero', () => {
    expect(courierFeeOf(30_05, 4_95)).toBe(25_10);
    expect(courierFeeOf(10_00, null)).toBe(10_00);
    expect(courierFeeOf(2_00, 5_00)).toBe(0);
  });
});
