import { describe, expect, it } from 'vitest';
import { COURIER_HELD_STATUSES } from './orderStatus';
import { movableStops, reorderStart, resequence, type SequencedStop } from './stopSequence';

const stops: SequencedStop[] = [
  { id: 11, sequence: 1, status: 'delivered' },
  { id: 12, sequence: 2, status: 'on_way' },
  { id: 13, sequence: 3, status: 'pending' },
  { id: 14, sequence: 5, status: 'pending' },
];

describe('resequence', () => {
  it('gives the stops not yet reached their numbers in the new order; the first is the one on its way', () => {
    const plan = resequence(stops, [14, 12, 13]);
    expect(plan).toEqual({
      ok: true,
      sequences: [2, 3, 5],
      changes: [
        { id: 14, sequence: 2, status: 'on_way' },
        { id: 12, sequence: 3, status: 'pending' },
        { id: 13, sequence: 5, status: 'pending' },
      ],
    });
  });

  it('changes nothing for the same order, and keeps statuses when none is on its way', () => {
    expect(resequence(stops, [12, 13, 14])).toMatchObject({ ok: true, changes: [] });
    const beforePickup = stops.map((stop) => ({ ...stop, status: 'pending' as const }));
    expect(resequence(beforePickup, [14, 13, 12, 11])).toMatchObject({
      ok: true,
      changes: [
        { id: 14, sequence: 1, status: 'pending' },
        { id: 13, sequence: 2, status: 'pending' },
        { id: 12, sequence: 3, status: 'pending' },
        { id: 11, sequence: 5, status: 'pending' },
      ],
    });
  });

  it('keeps a stop the courier has arrived at where it is', () => {
    const arrived = stops.map((stop) => (stop.id === 12 ? { ...stop, status: 'arrived' as const } : stop));
    expect(movableStops(arrived).map((stop) => stop.id)).toEqual([13, 14]);
    expect(resequence(arrived, [14, 13])).toMatchObject({
      ok: true,
      changes: [
        { id: 14, sequence: 3 },
        { id: 13, sequence: 5 },
      ],
    });
    expect(resequence(arrived, [12, 14, 13])).toMatchObject({ ok: false, kind: 'conflict' });
  });

  it('refuses a delivered stop or a missing one as stale (409), repeats and strangers as malformed (400)', () => {
    expect(resequence(stops, [11, 12, 13, 14])).toMatchObject({ ok: false, kind: 'conflict', error: 'The stops have changed' });
    expect(resequence(stops, [12, 13])).toMatchObject({ ok: false, kind: 'conflict' });
    expect(resequence(stops, [12, 12, 13])).toMatchObject({ ok: false, kind: 'invalid', error: 'Invalid stop order' });
    expect(resequence(stops, [12, 13, 99])).toMatchObject({ ok: false, kind: 'invalid' });
  });
});

describe('reorderStart', () => {
  const here = { lat: 27.95, lng: -82.45 };
  const door = { lat: 27.96, lng: -82.46 };
  const last = { lat: 27.97, lng: -82.47 };
  const pickup = { lat: 27.94, lng: -82.48 };

  it('starts at the stop the courier is at, else where they are on the road, else the last stop delivered', () => {
    expect(reorderStart({ orderStatus: 'in_pharmacy_delivery', arrivedAt: door, position: here, lastDelivered: last, pickup })).toBe(door);
    expect(reorderStart({ orderStatus: 'in_pharmacy_delivery', arrivedAt: null, position: here, lastDelivered: last, pickup })).toBe(here);
    expect(reorderStart({ orderStatus: 'in_pharmacy_delivery', arrivedAt: null, position: null, lastDelivered: last, pickup })).toBe(last);
    expect(reorderStart({ orderStatus: 'pharmacy_picked_up', arrivedAt: null, position: null, lastDelivered: null, pickup })).toBe(pickup);
  });

  it('starts at the pickup while the packages are not yet in the car', () => {
    expect(reorderStart({ orderStatus: 'courier_on_way_to_pharmacy', arrivedAt: null, position: here, lastDelivered: null, pickup })).toBe(pickup);
  });

  it('allows reordering from acceptance to the last stop, not after', () => {
    for (const status of ['courier_confirmed', 'awaiting_pharmacy_pickup', 'in_pharmacy_delivery', 'on_way_to_customer'] as const)
      expect(COURIER_HELD_STATUSES.has(status)).toBe(true);
    for (const status of ['new', 'pending_courier', 'delivered', 'pharmacy_completed', 'cancelled', 'courier_rejected'] as const)
      expect(COURIER_HELD_STATUSES.has(status)).toBe(false);
  });
});
