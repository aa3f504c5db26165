import { describe, expect, it } from 'vitest';
import {
  heldOrdersWarning,
  nearestCouriers,
  notOffered,
  orderUrgency,
  rankCouriers,
  unsuitability,
  type CourierCandidate,
  type OrderToStaff,
} from './dispatch';
import { planSearch } from './orderSearch';
import { vehicleFits } from './vehicles';

const NOW = Date.parse('2026-11-23T15:00:00Z');
const MINUTE = 60_000;
const TODAY = '2026-11-23';

describe('orderUrgency', () => {
  const order = (status: Parameters<typeof orderUrgency>[0]['status'], pickupIn: number, deliveryIn = pickupIn + 60) => ({
    status,
    pickupTime: NOW + pickupIn * MINUTE,
    deliveryTime: NOW + deliveryIn * MINUTE,
  });
  it('is late past the delivery time, or not picked up past the pickup time', () => {
    expect(orderUrgency(order('on_way_to_customer', -90, -1), NOW)).toBe('late');
    expect(orderUrgency(order('assigned', -1), NOW)).toBe('late');
    expect(orderUrgency(order('picked_up', -10), NOW)).toBeNull();
  });
  it('is at risk when nobody is on the way within 30 minutes of pickup, or its courier was deactivated', () => {
    expect(orderUrgency(order('pending_courier', 30), NOW)).toBe('at_risk');
    expect(orderUrgency(order('courier_confirmed', 20), NOW)).toBe('at_risk');
    expect(orderUrgency(order('courier_on_way_to_pickup', 20), NOW)).toBeNull();
    expect(orderUrgency(order('new', 31), NOW)).toBeNull();
    expect(orderUrgency(order('assigned', 120), NOW, true)).toBe('at_risk');
  });
  it('never flags a finished order', () => {
    expect(orderUrgency(order('delivered', -600), NOW)).toBeNull();
    expect(orderUrgency(order('cancelled', -600), NOW, true)).toBeNull();
  });
});

describe('rankCouriers', () => {
  const pickup = { lat: 27.9427, lng: -82.4497 };
  const courier = (id: number, lat: number | null, overrides: Partial<CourierCandidate> = {}): CourierCandidate => ({
    id,
    name: `Courier ${id}`,
    zoneId: 1,
    zoneName: 'Tampa',
    vehicleType: 'sedan',
    isActive: true,
    driversLicenseExpiry: '2099-01-01',
    insuranceExpiry: '2099-01-01',
    position: lat == null ? null : { lat, lng: pickup.lng },
    lastLocationAt: NOW - MINUTE,
    held: [],
    ...overrides,
  });
  const order: OrderToStaff = {
    origin: pickup,
    originIsOrder: false,
    zoneId: 1,
    requiredVehicleTypes: ['sedan', 'suv'],
    missedBy: null,
    heldBy: null,
    declinedBy: [],
  };
  const holding = (count: number) => Array.from({ length: count }, (_, i) => ({ orderNumber: `10${i}`, status: 'assigned' as const }));

  it('puts online before recent before offline, nearest first counting 3 miles per active order, and says why', () => {
    const ranked = rankCouriers(
      [
        courier(1, 28.0427),
        courier(2, 27.9527),
        courier(3, 27.9437, { held: holding(1) }),
        courier(4, 27.943, { lastLocationAt: NOW - 10 * MINUTE }),
        courier(5, null, { lastLocationAt: null }),
      ],
      order,
      NOW,
      TODAY,
    );
    expect(ranked.map((s) => s.courierId)).toEqual([2, 3, 1, 4, 5]);
    expect(ranked[0].reason).toBe('0.7 mi away, online, no active orders');
    expect(ranked[1].reason).toBe('0.1 mi away, online, 1 active order');
    expect(ranked[3].reason).toBe('0.0 mi away, seen recently, no active orders');
    expect(ranked[4].reason).toBe('distance unknown, offline, no active orders');
  });

  it('leaves out who cannot take the order', () => {
    const ranked = rankCouriers(
      [
        courier(1, 27.95, { isActive: false }),
        courier(2, 27.95, { insuranceExpiry: '2026-11-22' }),
        courier(3, 27.95, { vehicleType: 'truck' }),
        courier(4, 27.95),
        courier(5, 27.95, { vehicleType: 'suv' }),
      ],
      { ...order, missedBy: 4 },
      NOW,
      TODAY,
    );
    expect(ranked.map((s) => s.courierId)).toEqual([5]);
    expect(unsuitability(courier(2, null, { insuranceExpiry: '2026-11-22' }), order, TODAY)).toBe('documents expired');
    expect(unsuitability(courier(2, null, { insuranceExpiry: TODAY }), order, TODAY)).toBeNull();
    expect(
      notOffered(
        [courier(1, 27.95, { isActive: false }), courier(2, 27.95, { insuranceExpiry: '2026-11-22' }), courier(4, 27.95)],
        { ...order, missedBy: 4 },
        TODAY,
      ),
    ).toEqual([
      { courierId: 2, name: 'Courier 2', why: 'documents expired' },
      { courierId: 4, name: 'Courier 4', why: 'missed this pickup' },
    ]);
  });

  it('offers those who declined the order last, saying so, and never the courier who holds it', () => {
    const ranked = rankCouriers(
      [courier(1, 27.9437), courier(2, 27.9527), courier(3, 27.95, { held: holding(2) })],
      { ...order, heldBy: 3, declinedBy: [1] },
      NOW,
      TODAY,
    );
    expect(ranked.map((s) => [s.courierId, s.declined])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(ranked[1].reason).toBe('declined this order, 0.1 mi away, online, no active orders');
    expect(notOffered([courier(3, 27.95)], { ...order, heldBy: 3 }, TODAY)).toEqual([]);
  });

  it('measures from the origin it is given: where the order is once picked up', () => {
    const withCourier = { lat: 28.0427, lng: pickup.lng };
    const ranked = rankCouriers([courier(1, 28.0427), courier(2, 27.9437)], { ...order, origin: withCourier, originIsOrder: true }, NOW, TODAY);
    expect(ranked.map((s) => [s.courierId, s.milesAway])).toEqual([
      [1, 0],
      [2, 6.8],
    ]);
  });
});

describe('nearestCouriers', () => {
  it('lists couriers seen in the last half hour nearest first, with their miles', () => {
    const at = (id: number, lat: number | null, seenMinutesAgo: number | null) => ({
      id,
      latitude: lat,
      longitude: lat == null ? null : -82.4497,
      lastLocationUpdateTime: seenMinutesAgo == null ? null : NOW - seenMinutesAgo * MINUTE,
    });
    const near = nearestCouriers(
      [at(1, 28.0427, 1), at(2, 27.9527, 20), at(3, 27.9437, 45), at(4, null, 1), at(5, 27.96, 2)],
      { lat: 27.9427, lng: -82.4497 },
      NOW,
      2,
    );
    expect(near.map(({ courier, miles }) => [courier.id, miles])).toEqual([
      [2, 0.7],
      [5, 1.2],
    ]);
  });
});

describe('vehicleFits', () => {
  it('takes any vehicle when none is required, else one of those named', () => {
    expect(vehicleFits([], 'hatchback')).toBe(true);
    expect(vehicleFits(['suv', 'truck'], 'truck')).toBe(true);
    expect(vehicleFits(['suv'], 'sedan')).toBe(false);
  });
});

describe('planSearch', () => {
  it('reduces a phone as typed to its digits and quotes the term as one phrase', () => {
    expect(planSearch('(813) 555-0142')).toEqual({ kind: 'index', match: '"8135550142"', text: '8135550142' });
    expect(planSearch('+1 813 555 0142')).toEqual({ kind: 'index', match: '"8135550142"', text: '8135550142' });
    expect(planSearch('555-0142')).toEqual({ kind: 'index', match: '"5550142"', text: '5550142' });
    expect(planSearch('#10042')).toEqual({ kind: 'index', match: '"10042"', text: '10042' });
    expect(planSearch('Say "hi" OR x')).toEqual({ kind: 'index', match: '"Say ""hi"" OR x"', text: 'Say "hi" OR x' });
  });
  it("keeps the words of a street or a name as typed, for the index and for couriers' names", () => {
    expect(planSearch('  W Kennedy Blvd ')).toEqual({ kind: 'index', match: '"W Kennedy Blvd"', text: 'W Kennedy Blvd' });
    expect(planSearch('Sofia')).toEqual({ kind: 'index', match: '"Sofia"', text: 'Sofia' });
  });
  it('leaves a search too short for the index to the exact order number', () => {
    expect(planSearch('#7')).toEqual({ kind: 'exact', value: '7' });
  });
});

describe('heldOrdersWarning', () => {
  it('names the orders a deactivation leaves behind', () => {
    expect(heldOrdersWarning('Jamal', ['10019', '10018'])).toBe(
      'Jamal holds 2 unfinished orders (#10019, #10018). Deactivate anyway? Those orders will show in Orders as needing reassignment.',
    );
  });
});
