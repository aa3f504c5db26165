import { describe, expect, it } from 'vitest';
import {
  groupTrips,
  canArriveAtCustomer,
  canGoOnlinePharmacy,
  canMoveStop,
  completionRefusal,
  courierCardLabel,
  currentStop,
  detailScreen,
  nativeMaps,
  navigationAddress,
  navigationDestination,
  POSITION_REQUIRED,
  STOP_ARRIVAL_RADIUS_M,
  type ArrivalFacts,
  stepRefusal,
  stopStepRefusal,
  upcomingDelivery,
  webMapsUrl,
  type StepFacts,
} from './courierFlow';
import type { OrderStatus } from './orderStatus';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 21, 15, 0);

const restaurant = (status: OrderStatus) => ({ status, totalDistanceMiles: null, courierId: 7 as number | null });
const pharmacy = (status: OrderStatus) => ({ status, totalDistanceMiles: 4.2, courierId: 7 as number | null });

describe('screens and labels', () => {
  it('opens the pharmacy workflow for a held pharmacy order, the restaurant one for a delivery under way, else the preview', () => {
    expect(detailScreen(pharmacy('assigned'))).toBe('pharmacy');
    expect(detailScreen({ ...pharmacy('pending_courier'), courierId: null })).toBe('preview');
    expect(detailScreen(restaurant('arrived_at_pickup'))).toBe('restaurant');
    expect(detailScreen(restaurant('delivered'))).toBe('restaurant');
    expect(detailScreen(restaurant('courier_confirmed'))).toBe('preview');
    expect(detailScreen(restaurant('courier_confirmed'), true)).toBe('restaurant');
    expect(detailScreen(restaurant('assigned'))).toBe('preview');
  });

  it('labels cards as the spec says', () => {
    expect(courierCardLabel(restaurant('pending_courier'))).toBe('Available');
    expect(courierCardLabel(pharmacy('courier_on_way_to_pickup'))).toBe('On Way to Pharmacy');
    expect(courierCardLabel(restaurant('courier_on_way_to_pickup'))).toBe('On the Way to Restaurant');
    expect(courierCardLabel(restaurant('arrived_at_pickup'))).toBe('At Restaurant');
    expect(courierCardLabel(pharmacy('arrived_at_pickup'))).toBe('At Pharmacy');
    expect(courierCardLabel(restaurant('missed_pickup'))).toBe('Missed Pickup');
  });
});

describe('time windows', () => {
  it('offers going online 90 minutes before a restaurant pickup and 1 hour before a pharmacy one, earliest first', () => {
    const order = (id: number, status: OrderStatus, minutes: number, miles: number | null = null) => ({
      id,
      status,
      totalDistanceMiles: miles,
      pickupTime: NOW + minutes * MINUTE,
    });
    expect(upcomingDelivery([order(1, 'courier_confirmed', 95)], NOW)).toBeUndefined();
    expect(upcomingDelivery([order(1, 'courier_confirmed', 90)], NOW)?.id).toBe(1);
    expect(upcomingDelivery([order(1, 'assigned', 80), order(2, 'courier_confirmed', 30), order(3, 'courier_on_way_to_pickup', 10)], NOW)?.id).toBe(2);
    expect(upcomingDelivery([order(4, 'awaiting_pharmacy_pickup', 75, 3)], NOW)).toBeUndefined();
    expect(upcomingDelivery([order(4, 'awaiting_pharmacy_pickup', 55, 3)], NOW)?.id).toBe(4);
    // The autopilot's offer, not yet accepted, is not a delivery to set off with.
    expect(upcomingDelivery([{ ...order(5, 'assigned', 20), offerExpiresAt: NOW + MINUTE }], NOW)).toBeUndefined();
    expect(canGoOnlinePharmacy(NOW + 60 * MINUTE, NOW)).toBe(true);
    expect(canGoOnlinePharmacy(NOW + 61 * MINUTE, NOW)).toBe(false);
  });

  it('allows arriving at the customer from 10 minutes before the delivery time', () => {
    expect(canArriveAtCustomer(NOW + 10 * MINUTE, NOW)).toBe(true);
    expect(canArriveAtCustomer(NOW + 11 * MINUTE, NOW)).toBe(false);
  });
});

describe('step refusals', () => {
  const facts = (over: Partial<StepFacts> = {}): StepFacts => ({
    now: NOW,
    pharmacy: false,
    documentsValid: true,
    distanceToPickupM: null,
    proximityCheck: true,
    hasDevicePosition: true,
    confirmedWithoutPosition: false,
    photoCount: 0,
    hasPickupPhoto: false,
    stops: [],
    acceptLateFee: false,
    formatTime: (time) => new Date(time).toISOString().slice(11, 16),
    ...over,
  });
  const order = (status: OrderStatus, over: Partial<{ pickupTime: number; deliveryTime: number }> = {}) => ({
    status,
    pickupTime: NOW + 3 * 60 * MINUTE,
    deliveryTime: NOW + 4 * 60 * MINUTE,
    ...over,
  });

  it('refuses moves the transition table does not have, and pharmacy statuses on restaurant orders', () => {
    expect(stepRefusal(order('courier_confirmed'), 'delivered', facts())?.error).toBe('Status change not allowed');
    expect(stepRefusal(order('courier_confirmed'), 'awaiting_pharmacy_pickup', facts())?.error).toBe('Status change not allowed');
    expect(stepRefusal(order('courier_confirmed'), 'awaiting_pharmacy_pickup', facts({ pharmacy: true }))).toBeNull();
  });

  it('needs documents in date to set off, and the pharmacy hour', () => {
    expect(stepRefusal(order('courier_confirmed'), 'courier_on_way_to_pickup', facts({ documentsValid: false }))?.error).toBe('Documents expired');
    expect(stepRefusal(order('awaiting_pharmacy_pickup'), 'courier_on_way_to_pharmacy', facts({ pharmacy: true }))?.error).toBe('Too Early');
    expect(
      stepRefusal(order('awaiting_pharmacy_pickup', { pickupTime: NOW + 30 * MINUTE }), 'courier_on_way_to_pharmacy', facts({ pharmacy: true })),
    ).toBeNull();
  });

  it('checks the arrival radius only when a distance is known', () => {
    expect(stepRefusal(order('courier_on_way_to_pickup'), 'arrived_at_pickup', facts({ distanceToPickupM: 51 }))?.error).toBe('Not at Restaurant');
    expect(stepRefusal(order('courier_on_way_to_pickup'), 'arrived_at_pickup', facts({ distanceToPickupM: 50 }))).toBeNull();
    expect(stepRefusal(order('courier_on_way_to_pickup'), 'arrived_at_pickup', facts())).toBeNull();
    expect(stepRefusal(order('courier_on_way_to_pharmacy'), 'arrived_at_pharmacy', facts({ pharmacy: true, distanceToPickupM: 150 }))).toBeNull();
    expect(stepRefusal(order('courier_on_way_to_pharmacy'), 'arrived_at_pharmacy', facts({ pharmacy: true, distanceToPickupM: 160 }))?.details).toBe(
      'You must be within 500 feet of the pharmacy',
    );
  });

  it('with proximity checks on, an arrival needs the device position; with them off it does not', () => {
    expect(stepRefusal(order('courier_on_way_to_pickup'), 'arrived_at_pickup', facts({ hasDevicePosition: false }))).toBe(POSITION_REQUIRED);
    expect(stepRefusal(order('courier_on_way_to_pharmacy'), 'arrived_at_pharmacy', facts({ pharmacy: true, hasDevicePosition: false }))).toBe(
      POSITION_REQUIRED,
    );
    expect(stepRefusal(order('courier_on_way_to_pickup'), 'arrived_at_pickup', facts({ hasDevicePosition: false, proximityCheck: false }))).toBeNull();
    // Only arrivals: other steps go without a position.
    expect(stepRefusal(order('arrived_at_pickup'), 'picked_up', facts({ hasDevicePosition: false }))).toBeNull();
  });

  it('lets a courier whose phone cannot give a position confirm being there (C23)', () => {
    expect(stepRefusal(order('courier_on_way_to_pickup'), 'arrived_at_pickup', facts({ hasDevicePosition: false, confirmedWithoutPosition: true }))).toBeNull();
  });

  it('holds a stop arrival to the stop’s own place, with the same way forward without a position (C23)', () => {
    const arriving = (arrival: Partial<ArrivalFacts>) =>
      stopStepRefusal({
        orderStatus: 'in_pharmacy_delivery',
        pharmacy: true,
        arrival: { proximityCheck: true, hasDevicePosition: true, confirmedWithoutPosition: false, distanceM: 20, ...arrival },
        stop: { status: 'on_way', hasPhoto: false, sequence: 1 },
        current: { sequence: 1 },
        to: 'arrived',
        completion: null,
      });
    expect(arriving({})).toBeNull();
    expect(arriving({ distanceM: STOP_ARRIVAL_RADIUS_M + 1 })).toEqual({ error: 'Not at the stop', details: 'You must be within 500 feet of stop 1' });
    expect(arriving({ hasDevicePosition: false, distanceM: null })).toBe(POSITION_REQUIRED);
    expect(arriving({ hasDevicePosition: false, distanceM: null, confirmedWithoutPosition: true })).toBeNull();
    expect(arriving({ proximityCheck: false, hasDevicePosition: false, distanceM: null })).toBeNull();
  });

  it('names the earliest arrival time at the customer', () => {
    expect(stepRefusal(order('on_way_to_customer', { deliveryTime: NOW + 30 * MINUTE }), 'arrived_at_customer', facts())).toEqual({
      error: 'Too early to arrive',
      details: 'Cannot arrive before 15:20',
    });
  });

  it('asks for the $30 fee to be accepted when giving an order back under 2 hours before pickup', () => {
    expect(stepRefusal(order('courier_confirmed', { pickupTime: NOW + 119 * MINUTE }), 'courier_rejected', facts())?.error).toBe('Late cancellation fee');
    expect(stepRefusal(order('courier_confirmed', { pickupTime: NOW + 119 * MINUTE }), 'courier_rejected', facts({ acceptLateFee: true }))).toBeNull();
    expect(stepRefusal(order('courier_confirmed', { pickupTime: NOW + 121 * MINUTE }), 'courier_rejected', facts())).toBeNull();
  });

  it('completes a restaurant order with 4 photos and every stop delivered; a pharmacy route with its pickup and stop photos', () => {
    expect(completionRefusal({ pharmacy: false, photoCount: 3, hasPickupPhoto: false, stops: [] })?.details).toBe(
      'Please upload all 4 required photos before completing delivery',
    );
    expect(completionRefusal({ pharmacy: false, photoCount: 4, hasPickupPhoto: false, stops: [] })).toBeNull();
    expect(completionRefusal({ pharmacy: false, photoCount: 8, hasPickupPhoto: false, stops: [{ status: 'on_way', hasPhoto: false }] })?.error).toBe(
      'Stops remain',
    );
    expect(completionRefusal({ pharmacy: true, photoCount: 0, hasPickupPhoto: false, stops: [{ status: 'delivered', hasPhoto: true }] })?.error).toBe(
      'Missing Pickup Photo',
    );
    expect(completionRefusal({ pharmacy: true, photoCount: 0, hasPickupPhoto: true, stops: [{ status: 'delivered', hasPhoto: false }] })?.error).toBe(
      'Missing Delivery Photos',
    );
    expect(completionRefusal({ pharmacy: true, photoCount: 0, hasPickupPhoto: true, stops: [{ status: 'delivered', hasPhoto: true }] })).toBeNull();
  });
});

describe('stops', () => {
  it('move forward only, and the current stop is the first not delivered', () => {
    expect(canMoveStop('pending', 'arrived')).toBe(true);
    expect(canMoveStop('arrived', 'on_way')).toBe(false);
    expect(
      currentStop([
        { sequence: 2, status: 'pending' },
        { sequence: 1, status: 'delivered' },
        { sequence: 3, status: 'pending' },
      ])?.sequence,
    ).toBe(2);
    expect(currentStop([{ sequence: 1, status: 'delivered' }])).toBeUndefined();
  });

  it('act on the current stop only, and deliver with a photo after arriving', () => {
    const base = { orderStatus: 'in_pharmacy_delivery' as OrderStatus, pharmacy: true, current: { sequence: 1 }, completion: null };
    expect(stopStepRefusal({ ...base, stop: { sequence: 2, status: 'pending', hasPhoto: false }, to: 'arrived' })?.error).toBe('Not the current stop');
    expect(stopStepRefusal({ ...base, stop: { sequence: 1, status: 'on_way', hasPhoto: true }, to: 'delivered' })?.error).toBe('Not at the stop');
    expect(stopStepRefusal({ ...base, stop: { sequence: 1, status: 'arrived', hasPhoto: false }, to: 'delivered' })?.error).toBe('Photo Required');
    expect(stopStepRefusal({ ...base, stop: { sequence: 1, status: 'arrived', hasPhoto: true }, to: 'delivered' })).toBeNull();
    expect(
      stopStepRefusal({ ...base, orderStatus: 'courier_on_way_to_pharmacy', stop: { sequence: 1, status: 'pending', hasPhoto: false }, to: 'arrived' })?.error,
    ).toBe('Not delivering yet');
  });
});

describe('navigation hand-off', () => {
  it('adds the service area only to an address that names no city, state or ZIP at all', () => {
    expect(navigationAddress('615 Channelside Dr, Tampa, FL 33602')).toBe('615 Channelside Dr, Tampa, FL 33602');
    expect(navigationAddress('12 Main St')).toBe('12 Main St, Tampa, Florida 33602');
    // Another city of the area, another state, a ZIP alone: left as they are.
    expect(navigationAddress('200 4th St N, St. Petersburg')).toBe('200 4th St N, St. Petersburg');
    expect(navigationAddress('200 4th St N, St. Petersburg, FL 33701')).toBe('200 4th St N, St. Petersburg, FL 33701');
    expect(navigationAddress('1 Main St, Atlanta, GA 30303')).toBe('1 Main St, Atlanta, GA 30303');
    expect(navigationAddress('500 Central Ave 33701')).toBe('500 Central Ave 33701');
    expect(navigationAddress('12 Main St, Apt 4')).toBe('12 Main St, Apt 4, Tampa, Florida 33602');
    expect(webMapsUrl({ address: '12 Main St' })).toBe(
      'https://www.google.com/maps/search/12%20Main%20St%2C%20Tampa%2C%20Florida%2033602/@27.9506,-82.4572,12z',
    );
    expect(nativeMaps({ address: '1 Bay St, Tampa' }, 'ios')).toEqual({ name: 'Apple Maps', url: 'maps://?daddr=1%20Bay%20St%2C%20Tampa&dirflg=d' });
    expect(nativeMaps({ address: '1 Bay St, Tampa' }, 'android').url).toBe('google.navigation:q=1%20Bay%20St%2C%20Tampa&mode=d');
  });

  it('prefers the place’s coordinates when they are its address’s, not a ZIP centre', () => {
    const placed = { address: '200 4th St N', latitude: 27.7731, longitude: -82.6387, precision: 'address' as const };
    expect(navigationDestination(placed)).toBe('27.7731,-82.6387');
    expect(nativeMaps(placed, 'android').url).toBe('google.navigation:q=27.7731%2C-82.6387&mode=d');
    expect(webMapsUrl(placed)).toBe('https://www.google.com/maps/search/27.7731%2C-82.6387/@27.9506,-82.4572,12z');
    expect(navigationDestination({ ...placed, precision: 'zip' })).toBe('200 4th St N, Tampa, Florida 33602');
    expect(navigationDestination({ ...placed, latitude: null })).toBe('200 4th St N, Tampa, Florida 33602');
  });
});

describe('groupTrips', () => {
  it('makes the autopilot offers that end together one entry, keeping everything else apart and in order', () => {
    const end = '2026-11-27T22:00:00.000Z';
    const entry = (id: number, status: 'assigned' | 'courier_confirmed', offerExpiresAt: string | null = null) => ({ id, status, offerExpiresAt });
    const grouped = groupTrips([
      entry(1, 'courier_confirmed'),
      entry(2, 'assigned', end),
      entry(3, 'assigned'),
      entry(4, 'assigned', end),
      entry(5, 'assigned', '2026-11-27T22:01:00.000Z'),
    ]);
    expect(grouped.map((group) => group.map((order) => order.id))).toEqual([[1], [2, 4], [3], [5]]);
  });
});
