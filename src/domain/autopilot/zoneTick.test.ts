import { describe, expect, it } from 'vitest';
import { MINUTE, NOW, TODAY, idleCourier, milesFrom, orderJob } from '../../../tests/support/autopilot';
import { INITIAL_CASCADE, type CascadeState } from './cascade';
import { DEFAULT_AUTOPILOT_SETTINGS, type AutopilotSettings } from './settings';
import { zoneTick, type ZoneCourier, type ZoneOrder, type ZoneSnapshot } from './zoneTick';

const settings: AutopilotSettings = { ...DEFAULT_AUTOPILOT_SETTINGS, mode: 'auto_offer', maxSingleOffers: 2, offerSeconds: 45 };
const courier = (id: number, miles: number, overrides: Partial<ZoneCourier> = {}): ZoneCourier => ({
  ...idleCourier(id, milesFrom(miles), { name: `Courier ${id}` }),
  acceptsAutomatically: false,
  ...overrides,
});
const near = courier(1, 1);
const far = courier(2, 3);

/** An order ready in `readyIn` minutes, in `status`, with its cascade so far. */
const order = (id: number, overrides: Partial<ZoneOrder> = {}, readyIn = 10): ZoneOrder => ({
  id,
  status: 'new',
  courierId: null,
  job: orderJob(id, milesFrom(4), readyIn, readyIn + 40),
  cascade: null,
  ...overrides,
});
const single = (courierId: number, expiresAt: number, tried = [courierId]): CascadeState => ({
  phase: 'single',
  courierId,
  offeredAt: expiresAt - 45_000,
  expiresAt,
  tried,
});
const tick = (orders: ZoneOrder[], couriers: ZoneCourier[] = [near, far], overrides: Partial<ZoneSnapshot> = {}, now = NOW) =>
  zoneTick({ settings, paused: false, orders, couriers, ...overrides }, now, TODAY);

describe('zoneTick', () => {
  it('offers a due order to the best courier alone, with a time to accept, and wakes when it ends', () => {
    const { decisions, wakeAt } = tick([order(7)]);
    expect(decisions).toHaveLength(1);
    expect(decisions[0].change).toEqual({ to: 'assigned', courierId: 1, offerExpiresAt: NOW + 45_000 });
    expect(decisions[0].read).toEqual({ status: 'new', courierId: null });
    expect(decisions[0].history[0].text).toMatch(/^offered to Courier 1: \d+ min away, idle$/);
    expect(decisions[0].history[0].weighed).toHaveLength(2);
    expect(wakeAt).toBe(NOW + 45_000);
  });

  it('leaves an order booked for another day until its lead time, and wakes then', () => {
    const { decisions, wakeAt } = tick([order(7, {}, 3 * 24 * 60)]);
    expect(decisions).toEqual([]);
    expect(wakeAt).toBeGreaterThan(NOW + 3 * 24 * 60 * MINUTE - 30 * MINUTE);
    expect(wakeAt).toBeLessThan(NOW + 3 * 24 * 60 * MINUTE);
  });

  it('decides nothing in a manual or paused zone', () => {
    expect(tick([order(7)], undefined, { settings: { ...settings, mode: 'manual' } })).toEqual({ decisions: [], wakeAt: null });
    expect(tick([order(7)], undefined, { paused: true })).toEqual({ decisions: [], wakeAt: null });
  });

  it('offers a declined order to the next courier, never again to who declined', () => {
    const declined = order(7, { status: 'courier_rejected', courierId: 1, cascade: single(1, NOW + 30_000) });
    const [decision] = tick([declined]).decisions;
    expect(decision.change).toMatchObject({ to: 'assigned', courierId: 2 });
    expect(decision.history.map((line) => line.text)).toEqual([
      expect.stringMatching(/^declined after \d+ s$/),
      expect.stringMatching(/^offered to Courier 2/),
    ]);
    expect(decision.lapsedCourierId).toBeNull();
  });

  it('moves an offer that ran out to the next courier, and the first may not see it again', () => {
    const lapsed = order(7, { status: 'assigned', courierId: 1, cascade: single(1, NOW - 1) });
    const [decision] = tick([lapsed]).decisions;
    expect(decision.change).toMatchObject({ to: 'assigned', courierId: 2 });
    expect(decision.lapsedCourierId).toBe(1);
    expect(decision.history[0].text).toMatch(/^timed out after/);
  });

  it('gives one courier one offer at a time: the second order goes to the next courier', () => {
    const { decisions } = tick([order(7), order(8, {}, 12)], undefined, { settings: { ...settings, batching: false } });
    expect(decisions.map((decision) => decision.change?.courierId)).toEqual([1, 2]);
    const busy = order(9, { status: 'assigned', courierId: 1, cascade: single(1, NOW + 30_000) });
    expect(tick([busy, order(10)]).decisions.map((decision) => decision.change?.courierId)).toEqual([2]);
  });

  it('offers orders from one pickup that one drive delivers on time to one courier as one trip, with one end', () => {
    const { decisions } = tick([order(7, { orderNumber: '1007' }), order(8, { orderNumber: '1008' }, 12)]);
    expect(decisions.map((decision) => decision.change)).toEqual([
      { to: 'assigned', courierId: 1, offerExpiresAt: NOW + 45_000 },
      { to: 'assigned', courierId: 1, offerExpiresAt: NOW + 45_000 },
    ]);
    for (const decision of decisions) expect(decision.history[0].text).toMatch(/^offered to Courier 1: .*, as one trip from one pickup: #1007, #1008$/);
    // A third order, due now elsewhere, goes to the next courier: the first holds the trip's offer.
    const elsewhere = { ...order(9), job: orderJob(9, milesFrom(4), 10, 50, milesFrom(-3)) };
    expect(tick([order(7), order(8, {}, 12), elsewhere]).decisions.map((decision) => decision.change?.courierId)).toEqual([1, 2, 1]);
  });

  it('records an acceptance and stops; a dispatcher who assigned someone else takes it over', () => {
    const accepted = tick([order(7, { status: 'courier_confirmed', courierId: 1, cascade: single(1, NOW + 30_000) })]).decisions[0];
    expect(accepted.change).toBeNull();
    expect(accepted.cascade.phase).toBe('assigned');
    expect(accepted.history[0].text).toMatch(/^accepted by Courier 1 after/);
    const taken = tick([order(7, { status: 'assigned', courierId: 2, cascade: single(1, NOW + 30_000) })]).decisions[0];
    expect(taken.change).toBeNull();
    expect(taken.cascade.phase).toBe('manual');
    expect(taken.history[0].text).toBe('taken back by the dispatcher');
  });

  it('assigns at once in an auto-assign zone to a courier who opted in, and offers to one who did not', () => {
    const optedIn = courier(1, 1, { acceptsAutomatically: true });
    const autoAssign = { settings: { ...settings, mode: 'auto_assign' as const } };
    expect(tick([order(7)], [optedIn, far], autoAssign).decisions[0].change).toEqual({ to: 'courier_confirmed', courierId: 1, offerExpiresAt: null });
    expect(tick([order(7)], [near, far], autoAssign).decisions[0].change).toMatchObject({ to: 'assigned', courierId: 1 });
  });

  it('offers to the zone after the cascade, then alerts the dispatcher when nobody took it', () => {
    const spent = order(7, { status: 'courier_rejected', courierId: 2, cascade: single(2, NOW + 30_000, [1, 2]) });
    const [toZone] = tick([spent]).decisions;
    expect(toZone.change).toEqual({ to: 'pending_courier', courierId: null, offerExpiresAt: null });
    const zoneState: CascadeState = { ...INITIAL_CASCADE, phase: 'zone', offeredAt: NOW - 5 * MINUTE, expiresAt: NOW - 1, tried: [1, 2] };
    const [alerted] = tick([order(7, { status: 'pending_courier', cascade: zoneState })]).decisions;
    expect(alerted.cascade.phase).toBe('needs_person');
    expect(alerted.alert).toMatch(/nobody in the zone took it/);
  });

  it('says why each courier could not take an order nobody could', () => {
    const [decision] = tick([order(7)], [courier(1, 1, { heldOrders: 3 }), courier(2, 2, { online: false })]).decisions;
    expect(decision.change).toMatchObject({ to: 'pending_courier' });
    expect(decision.history[0]).toMatchObject({
      text: 'offered to the zone: no courier could take it alone',
      weighed: ['Courier 1: holds 3 orders (max 3)', 'Courier 2: offline'],
    });
  });

  it('lets a cancelled order go', () => {
    const [decision] = tick([order(7, { status: 'cancelled', cascade: single(1, NOW + 30_000) })]).decisions;
    expect(decision).toMatchObject({ change: null, cascade: { phase: 'manual' } });
    expect(decision.history[0].text).toMatch(/autopilot stops/);
  });
});
