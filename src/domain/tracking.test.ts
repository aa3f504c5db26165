import { describe, expect, it } from 'vitest';
import { estimateArrival, etaWords, firstName, isTrackingToken, newTrackingToken, showsCourier, timeline, trackingLinkEnded, trackingPhase } from './tracking';

describe('tracking tokens', () => {
  it('are 128 random bits in hex, never repeated', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newTrackingToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(isTrackingToken(token)).toBe(true);
    expect(isTrackingToken('x'.repeat(32))).toBe(false);
    expect(isTrackingToken(`${newTrackingToken()}0`)).toBe(false);
  });
});

describe('the phase a link shows', () => {
  it('follows the order, in plain words', () => {
    expect(trackingPhase('new')).toBe('preparing');
    expect(trackingPhase('courier_confirmed')).toBe('preparing');
    expect(trackingPhase('courier_on_way_to_pickup')).toBe('to_pickup');
    expect(trackingPhase('picked_up')).toBe('picked_up');
    expect(trackingPhase('on_way_to_customer')).toBe('on_the_way');
    expect(trackingPhase('pharmacy_completed')).toBe('delivered');
    expect(trackingPhase('missed_pickup')).toBe('cancelled');
  });

  it('follows its own stop once the items are picked up', () => {
    expect(trackingPhase('in_pharmacy_delivery', 'pending')).toBe('picked_up');
    expect(trackingPhase('pharmacy_picked_up', 'on_way')).toBe('on_the_way');
    expect(trackingPhase('in_pharmacy_delivery', 'delivered')).toBe('delivered');
    expect(trackingPhase('courier_on_way_to_pharmacy', 'pending')).toBe('to_pickup');
    expect(trackingPhase('cancelled', 'delivered')).toBe('cancelled');
  });

  it('shows the courier only on the way to this customer', () => {
    expect(showsCourier('courier_on_way_to_pickup')).toBe(false);
    expect(showsCourier('on_way_to_customer')).toBe(true);
    expect(showsCourier('arrived_at_customer')).toBe(true);
    expect(showsCourier('setup_in_progress')).toBe(false);
    expect(showsCourier('delivered')).toBe(false);
    expect(showsCourier('in_pharmacy_delivery', 'pending')).toBe(false);
    expect(showsCourier('in_pharmacy_delivery', 'on_way')).toBe(true);
  });

  it('marks the steps done, current and upcoming', () => {
    expect(timeline('picked_up').map((step) => step.state)).toEqual(['done', 'done', 'current', 'upcoming', 'upcoming']);
    expect(timeline('delivered').every((step) => step.state === 'done')).toBe(true);
    expect(timeline('cancelled')).toEqual([{ phase: 'cancelled', words: 'Cancelled', state: 'current' }]);
  });
});

describe('the ETA', () => {
  const door = { lat: 27.956, lng: -82.459 };
  it('uses the courier speed when moving, else the city average, on the road estimate', () => {
    const from = { lat: 27.9, lng: -82.459 }; // about 6.2 km north-south
    const average = estimateArrival(from, door, null);
    expect(average.meters).toBeGreaterThan(8000);
    expect(average.meters).toBeLessThan(8200);
    const fast = estimateArrival(from, door, 20);
    expect(fast.seconds).toBeLessThan(average.seconds);
    expect(estimateArrival(from, door, 1).seconds).toBe(average.seconds);
  });

  it('is said in words with its confidence', () => {
    expect(etaWords({ meters: 100, seconds: 300 })).toBe('Arriving now');
    expect(etaWords({ meters: 5000, seconds: 30 })).toBe('Arriving now');
    expect(etaWords({ meters: 5000, seconds: 12 * 60 + 10 })).toBe('about 12 min');
    expect(etaWords({ meters: 20000, seconds: 33 * 60 })).toBe('about 35 min');
    expect(etaWords({ meters: 90000, seconds: 71 * 60 })).toBe('about 1 h 10 min');
  });

  it('names the courier by first name only', () => {
    expect(firstName('  Marcus   Reed ')).toBe('Marcus');
  });
});

describe('how long a link lives once its delivery is over (K16)', () => {
  const DAY = 24 * 3_600_000;
  const now = Date.UTC(2026, 10, 27);
  it('ends 7 days after a cancellation and 30 after a delivery; never while under way', () => {
    expect(trackingLinkEnded('cancelled', now - 6 * DAY, now)).toBe(false);
    expect(trackingLinkEnded('cancelled', now - 8 * DAY, now)).toBe(true);
    expect(trackingLinkEnded('delivered', now - 29 * DAY, now)).toBe(false);
    expect(trackingLinkEnded('delivered', now - 31 * DAY, now)).toBe(true);
    expect(trackingLinkEnded('on_the_way', now - 90 * DAY, now)).toBe(false);
    expect(trackingLinkEnded('delivered', null, now)).toBe(false);
  });
});
