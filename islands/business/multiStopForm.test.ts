import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL } from '../../src/domain/email';
import { MAX_ROUTE_STOPS } from '../../src/domain/schemas/businessOrders';
import { ApiRequestError } from '../lib/api';
import { emptyAddress } from './address';
import {
  calculationProblem,
  canAddStop,
  canOptimize,
  canRemoveStop,
  emptyStop,
  initialMultiStopState,
  multiStopOrderBody,
  multiStopReducer,
  orderProblem,
  pasteRoom,
  routeRequest,
  stopEmailProblem,
  stopFailure,
  stopLabel,
  stopTitle,
  type MultiStopAction,
  type MultiStopState,
  type Stop,
} from './multiStopForm';
import type { Route } from './multiStopRoute';

const defaults = { defaultPickup: '2026-03-02T09:00', defaultDelivery: '2026-03-02T10:00' };
const typed = true;
const run = (state: MultiStopState, ...actions: MultiStopAction[]) => actions.reduce(multiStopReducer, state);
const start = () => initialMultiStopState(defaults, typed);

/** A stop the order can be created with: a customer, and an address the route placed. */
const placed = (key: string, name: string, street: string): Stop => ({
  ...emptyStop(key, typed),
  customerName: ` ${name} `,
  customerPhone: '8135550100',
  address: {
    ...emptyAddress(typed),
    text: street,
    parts: { street, apartment: '', city: 'Tampa', state: 'Florida', zip: '' },
    point: { latitude: 27.95, longitude: -82.45, precision: 'address' },
  },
});

const route: Route = {
  miles: 6.2,
  fee: '12.40',
  polyline: 'abc',
  estimated: false,
  approximate: false,
  pickup: { lat: 27.9, lng: -82.5, precision: 'address' },
  points: [],
  arrivals: {},
  lateKeys: [],
  saving: null,
};

/** A form with a calculated route, filled in enough to create the order. */
function ready(stops: Stop[]): MultiStopState {
  return {
    ...start(),
    order: { internalOrderNumber: ' RX-1 ', amount: '45.50', tip: '', pickup: '2026-03-02T09:00', delivery: '2026-03-02T10:00' },
    stops,
    route,
  };
}

describe('the stop cards', () => {
  it('start with one empty stop, and new stops get keys never used before', () => {
    let state = run(start(), { type: 'addStop', typed }, { type: 'addStop', typed });
    expect(state.stops.map((stop) => stop.key)).toEqual(['stop-1', 'stop-2', 'stop-3']);
    state = run(state, { type: 'removeStop', key: 'stop-3' }, { type: 'addStop', typed });
    expect(state.stops.map((stop) => stop.key)).toEqual(['stop-1', 'stop-2', 'stop-4']);
    expect(state.stops[2].address.parts).toMatchObject({ city: 'Tampa', state: 'Florida' });
  });

  it(`stop at ${MAX_ROUTE_STOPS}, and never fall below one`, () => {
    let state = start();
    for (let added = 0; added < MAX_ROUTE_STOPS + 3; added++) state = run(state, { type: 'addStop', typed });
    expect(state.stops).toHaveLength(MAX_ROUTE_STOPS);
    expect(canAddStop(state)).toBe(false);

    const one = start();
    expect(canRemoveStop(one)).toBe(false);
    expect(run(one, { type: 'removeStop', key: 'stop-1' }).stops).toHaveLength(1);
  });

  it('move by dragging, and optimizing needs two of them and no calculation under way', () => {
    const state = run(start(), { type: 'addStop', typed }, { type: 'addStop', typed }, { type: 'moveStop', from: 2, to: 0 });
    expect(state.stops.map((stop) => stop.key)).toEqual(['stop-3', 'stop-1', 'stop-2']);
    expect(canOptimize(start())).toBe(false);
    expect(canOptimize(state)).toBe(true);
    expect(canOptimize({ ...state, calculating: 'form' })).toBe(false);
  });

  it('discard the route and what was announced whenever they change outside the modal', () => {
    const calculated = { ...ready([placed('stop-1', 'Ann', '1 A St'), placed('stop-2', 'Bo', '2 B St')]), announcement: 'Already the best order.' };
    for (const action of [
      { type: 'editStop', key: 'stop-1', change: { customerName: 'Ann Lee' } },
      { type: 'addStop', typed },
      { type: 'removeStop', key: 'stop-2' },
      { type: 'moveStop', from: 1, to: 0 },
    ] satisfies MultiStopAction[]) {
      expect(run(calculated, action)).toMatchObject({ route: null, announcement: '' });
    }
    expect(run(calculated, { type: 'editOrder', change: { tip: '5' } }).route).toBe(route);
  });

  it('turn what was typed into the street when the maps service turns out to be down, keeping the route', () => {
    const typing = run(initialMultiStopState(defaults, false), {
      type: 'editStop',
      key: 'stop-1',
      change: { address: { ...emptyAddress(false), text: '401 E Jackson St' } },
    });
    const typedNow = run({ ...typing, route }, { type: 'addressesTyped' });
    expect(typedNow.stops[0].address.parts).toMatchObject({ street: '401 E Jackson St', city: 'Tampa', state: 'Florida' });
    expect(typedNow.route).toBe(route);
  });
});

describe('calculating the route', () => {
  const two = [placed('stop-1', 'Ann', '1 A St'), placed('stop-2', 'Bo', '2 B St')];
  const optimized: Route = { ...route, saving: { miles: 1.5, feeCents: 300, moved: true } };

  it('from the form opens the route modal, with what screen readers hear of the new order', () => {
    const state = run(start(), { type: 'routeRequested', calculation: 'optimize', stops: two });
    expect(state.calculating).toBe('optimize');
    const done = run(state, { type: 'routeCalculated', stops: [two[1], two[0]], route: optimized });
    expect(done).toMatchObject({ route: optimized, routeOpen: true, calculating: null });
    expect(done.stops.map((stop) => stop.key)).toEqual(['stop-2', 'stop-1']);
    expect(done.announcement).toBe('Optimized order: \u22121.5 mi, \u2212$3.00. New order: Stop 1, Bo; Stop 2, Ann.');
    expect(run(state, { type: 'routeCalculated', stops: two, route }).announcement).toBe('');
  });

  it('in the modal takes the dragged order at once, and leaves the modal as the user left it', () => {
    const open = { ...ready(two), routeOpen: true };
    const dragged = run(open, { type: 'routeRequested', calculation: 'modal', stops: [two[1], two[0]] });
    expect(dragged.stops.map((stop) => stop.key)).toEqual(['stop-2', 'stop-1']);
    expect(dragged.route).toBe(route);
    const closedMeanwhile = run(dragged, { type: 'routeShown', open: false }, { type: 'routeCalculated', stops: dragged.stops, route });
    expect(closedMeanwhile.routeOpen).toBe(false);
  });

  it('that fails in the modal drops the route and closes it; from the form it keeps the last one', () => {
    const open = { ...ready(two), routeOpen: true };
    expect(run(open, { type: 'routeRequested', calculation: 'modal', stops: two }, { type: 'routeFailed' })).toMatchObject({
      route: null,
      routeOpen: false,
      calculating: null,
    });
    expect(run(open, { type: 'routeRequested', calculation: 'form', stops: two }, { type: 'routeFailed' })).toMatchObject({
      route,
      routeOpen: true,
      calculating: null,
    });
  });

  it('needs the pharmacy somewhere and an address for every stop', () => {
    const pharmacy = { address: '100 N Tampa St', location: null };
    expect(calculationProblem(two, { address: ' ', location: null }, typed)).toBe('Pharmacy address not found');
    expect(calculationProblem(two, { address: '', location: { lat: 27.9, lng: -82.5 } }, typed)).toBeNull();
    expect(calculationProblem([...two, emptyStop('stop-3', typed)], pharmacy, typed)).toBe('Please enter addresses for all delivery stops');
    expect(calculationProblem(two, pharmacy, typed)).toBeNull();
  });

  it('sends placed stops by their coordinates, the others by their address, with deliver-by and deliver-after times in UTC and minutes at the stop', () => {
    const unplaced = { ...placed('stop-2', 'Bo', '2 B St'), deliverBy: '2026-03-02T11:30', deliverAfter: '2026-03-02T10:15', serviceMinutes: '12' };
    unplaced.address = { ...unplaced.address, point: null };
    const body = routeRequest([two[0], unplaced], '100 N Tampa St', '2026-03-02T09:00', true, typed);
    const utc = (date: Date) => date.toISOString().replace('.000Z', '+00:00');
    expect(body).toEqual({
      pharmacyAddress: '100 N Tampa St',
      optimize: true,
      departureTime: utc(new Date(2026, 2, 2, 9, 0)),
      stops: [
        { lat: 27.95, lng: -82.45, precision: 'address', deliverBy: null, deliverAfter: null, serviceMinutes: null },
        {
          address: '2 B St, Tampa, Florida',
          deliverBy: utc(new Date(2026, 2, 2, 11, 30)),
          deliverAfter: utc(new Date(2026, 2, 2, 10, 15)),
          serviceMinutes: 12,
        },
      ],
    });
  });
});

describe('creating the order', () => {
  it('asks for the order fields, then a complete stop, then a route, and only then looks at emails', () => {
    const stops = [placed('stop-1', 'Ann', '1 A St')];
    expect(orderProblem({ ...ready(stops), order: { ...ready(stops).order, amount: ' ' } }, typed)).toBe('Please fill in all required order fields');
    expect(orderProblem(ready([{ ...stops[0], customerPhone: '' }]), typed)).toBe('Please add at least one valid delivery stop');
    expect(orderProblem({ ...ready(stops), route: null }, typed)).toBe('Please calculate the route before creating the order');
    expect(orderProblem(ready(stops), typed)).toBeNull();
  });

  it('names the first stop sent with a bad email by its card number', () => {
    const stops = [
      { ...emptyStop('stop-1', typed), customerEmail: 'nope' },
      placed('stop-2', 'Bo', '2 B St'),
      { ...placed('stop-3', 'Cy', '3 C St'), customerEmail: 'cy@' },
    ];
    expect(stopEmailProblem(stops, typed)).toBe(`Stop 3: ${INVALID_EMAIL}`);
    expect(stopEmailProblem(stops.slice(0, 2), typed)).toBeNull();
  });

  it('sends the complete stops in order, the first one as the customer, and the route’s fee', () => {
    const first = { ...placed('stop-1', 'Ann', '1 A St'), customerEmail: ' ann@example.com ', deliverBy: '2026-03-02T11:30', deliverAfter: '2026-03-02T10:00' };
    const body = multiStopOrderBody(ready([emptyStop('stop-0', typed), first, placed('stop-2', 'Bo', '2 B St')]), typed);
    expect(body).toMatchObject({
      customerName: 'Ann',
      customerEmail: 'ann@example.com',
      customerAddress: '1 A St, Tampa, Florida',
      customerStreet: '1 A St, Tampa, Florida',
      customerLatitude: 27.95,
      internalOrderNumber: 'RX-1',
      amount: 45.5,
      items: [{ name: 'Pharmacy Order', quantity: 1, price: 45.5 }],
      tip: 0,
      deliveryFee: 12.4,
      calculatedDeliveryFee: 12.4,
      totalDistanceMiles: 6.2,
      requiredVehicleTypes: ['sedan'],
      setupRequired: false,
    });
    expect(body.stops.map(({ sequence, customerName, address, status }) => [sequence, customerName, address, status])).toEqual([
      [1, 'Ann', '1 A St, Tampa, Florida', 'pending'],
      [2, 'Bo', '2 B St, Tampa, Florida', 'pending'],
    ]);
    expect(body.stops[0].deliverBy).toBe(new Date(2026, 2, 2, 11, 30).toISOString().replace('.000Z', '+00:00'));
    expect(body.stops[1].deliverBy).toBeNull();
    expect(body.stops[0].deliverAfter).toBe(new Date(2026, 2, 2, 10, 0).toISOString().replace('.000Z', '+00:00'));
    expect(body.stops[1].deliverAfter).toBeNull();
    expect(body.stops.map((stop) => stop.serviceMinutes)).toEqual([null, null]);
  });

  it('sends the tip as typed, and an amount that is no number as typed (the server refuses it)', () => {
    const state = ready([placed('stop-1', 'Ann', '1 A St')]);
    const body = multiStopOrderBody({ ...state, order: { ...state.order, amount: 'abc', tip: ' 5 ' } }, typed);
    expect(body).toMatchObject({ amount: 'abc', tip: '5', items: [{ price: 'abc' }] });
  });

  it('starts over once created, and stays busy until the dashboard opens', () => {
    const state = run(
      { ...ready([placed('stop-1', 'Ann', '1 A St'), placed('stop-5', 'Bo', '2 B St')]), nextKey: 6 },
      { type: 'submitted' },
      { type: 'created', defaults, typed },
    );
    expect(state).toMatchObject({ order: { internalOrderNumber: '', amount: '', pickup: defaults.defaultPickup }, route: null, pending: true, nextKey: 2 });
    expect(state.stops.map((stop) => stop.key)).toEqual(['stop-1']);
    expect(run(state, { type: 'submitFailed' }).pending).toBe(false);
  });

  it('says which stop the server refused', () => {
    expect(stopFailure(new ApiRequestError(400, 'Bad Request', { fields: { 'stops.1.customerPhone': ['Phone must be 10 digits'] } }))).toBe(
      'Failed to create delivery stop 2: Phone must be 10 digits',
    );
    expect(stopFailure(new ApiRequestError(400, 'Bad Request', { fields: { amount: ['Required'] } }))).toBeNull();
    expect(stopFailure(new Error('offline'))).toBeNull();
  });
});

describe('a stop’s names', () => {
  it('for screen readers and in the modal', () => {
    const stop = placed('stop-1', 'Ann', '1 A St');
    expect(stopLabel(stop, 0)).toBe('Stop 1, Ann');
    expect(stopLabel(emptyStop('stop-2', typed), 1)).toBe('Stop 2');
    expect(stopTitle({ ...stop, customerName: '' }, 0, typed)).toBe('1 A St, Tampa, Florida');
    expect(stopTitle(emptyStop('stop-2', typed), 1, typed)).toBe('Stop 2');
  });
});

describe('a pasted list of stops (issue 32)', () => {
  const pasted = Array.from({ length: MAX_ROUTE_STOPS }, (_, index) => ({
    customerName: `Parcel ${index + 1}`,
    customerPhone: '8135550142',
    address: `${index + 1} Main St, Apt 2, Tampa, FL 33602`,
  }));

  it('takes the place of the empty cards, after the ones filled in, up to the most a route has', () => {
    const filled = run(start(), { type: 'editStop', key: 'stop-1', change: { customerName: 'Ann' } }, { type: 'addStop', typed });
    expect(pasteRoom(filled)).toBe(MAX_ROUTE_STOPS - 1);
    const state = run(filled, { type: 'pasteStops', stops: pasted.slice(0, MAX_ROUTE_STOPS - 1), typed });
    expect(state.stops).toHaveLength(MAX_ROUTE_STOPS);
    expect(state.stops[0].customerName).toBe('Ann');
    expect(state.stops[1]).toMatchObject({ key: 'stop-3', customerName: 'Parcel 1', customerPhone: '8135550142' });
    // Typed parts: the line split into them, for the server to place.
    expect(state.stops[1].address).toMatchObject({
      text: '1 Main St',
      parts: { street: '1 Main St', apartment: '2', city: 'Tampa', state: 'FL', zip: '33602' },
      point: null,
    });
    expect(new Set(state.stops.map((stop) => stop.key)).size).toBe(MAX_ROUTE_STOPS);
    expect(pasteRoom(state)).toBe(0);
    // One more than there is room for adds nothing.
    expect(run(filled, { type: 'pasteStops', stops: pasted, typed })).toBe(filled);
  });

  it('with suggestions, keeps the line for the server to place, and discards the route', () => {
    const routed = { ...initialMultiStopState(defaults, false), route: {} as Route };
    const state = run(routed, { type: 'pasteStops', stops: pasted.slice(0, 2), typed: false });
    expect(state.stops.map((stop) => stop.address.text)).toEqual(['1 Main St, Apt 2, Tampa, FL 33602', '2 Main St, Apt 2, Tampa, FL 33602']);
    expect(state.route).toBeNull();
  });
});
