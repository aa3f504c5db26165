import { describe, expect, it } from 'vitest';
import { actualTimeline, deliveryTimeline, type TimelineOrder } from './orderTimeline';

const none: TimelineOrder = {
  status: 'delivered',
  totalDistanceMiles: null,
  setupRequired: false,
  onWayToPickupTime: null,
  arrivedAtPickupTime: null,
  pickedUpTime: null,
  pharmacyPickupTime: null,
  onWayToCustomerTime: null,
  arrivedAtCustomerTime: null,
  setupCompleteTime: null,
  completedAt: null,
};
// A delivered pharmacy route as the server stamps it: restaurant milestones included.
const route: TimelineOrder = {
  ...none,
  totalDistanceMiles: 9.9,
  onWayToPickupTime: 1,
  arrivedAtPickupTime: 2,
  pickedUpTime: 3,
  pharmacyPickupTime: 3,
  onWayToCustomerTime: 4,
  setupCompleteTime: 9,
  completedAt: 9,
};
const stops = [
  { sequence: 2, customerName: 'Ben', deliveredTime: 8 },
  { sequence: 1, customerName: 'Ava', deliveredTime: 6 },
];

describe('deliveryTimeline', () => {
  it("tells a pharmacy route's story: pharmacy, pickup, each stop, all delivered; never setup", () => {
    expect(deliveryTimeline(route, stops).map((step) => step.label)).toEqual([
      'Courier En Route to Pharmacy',
      'Arrived at Pharmacy',
      'Picked Up from Pharmacy',
      'En Route to the Stops',
      'Stop 1 Delivered: Ava',
      'Stop 2 Delivered: Ben',
      'All Stops Delivered',
    ]);
  });

  it("keeps the spec's restaurant words, with setup only for an order that needed it", () => {
    const delivered = { ...none, onWayToPickupTime: 1, pickedUpTime: 2, arrivedAtCustomerTime: 3, setupCompleteTime: 4 };
    expect(deliveryTimeline(delivered, []).map((step) => step.label)).toEqual([
      'Courier En Route to Restaurant',
      'Picked Up from Restaurant',
      'Delivered to Customer',
    ]);
    expect(deliveryTimeline({ ...delivered, setupRequired: true }, []).at(-1)).toEqual({ label: 'Setup Completed', time: 4 });
    expect(deliveryTimeline(none, [])).toEqual([]);
  });
});

describe('actualTimeline', () => {
  it('dates a pharmacy delivery by its pickup photo and its last stop', () => {
    expect(actualTimeline(route, stops)).toEqual({ pickedUp: 3, delivered: 9 });
    expect(actualTimeline({ ...route, completedAt: null }, stops)).toEqual({ pickedUp: 3, delivered: 8 });
  });

  it('dates a restaurant delivery by its arrival at the customer', () => {
    expect(actualTimeline({ ...none, pickedUpTime: 2, arrivedAtCustomerTime: 3, completedAt: 5 }, [])).toEqual({ pickedUp: 2, delivered: 3 });
  });
});
