/**
 * A courier reordering the stops of a route they hold (issue 18), by hand or by
 * "Optimize remaining stops". Only stops not yet reached move: a delivered stop keeps
 * its place in the history of the route, and a stop the courier has arrived at stays
 * the current one. The stops that move take the sequence numbers they had between them,
 * in the new order, so numbers stay unique and delivered stops keep theirs; the stop on
 * its way is always the first of them. The business's fee is not touched.
 */
import type { LatLng } from './geo';
import { STOP_DELIVERY_PHASE, type OrderStatus, type StopStatus } from './orderStatus';

export interface SequencedStop {
  id: number;
  sequence: number;
  status: StopStatus;
}

const MOVABLE: ReadonlySet<StopStatus> = new Set(['pending', 'on_way']);

/** The stops that may move (not delivered, not arrived at), in their current order. */
export function movableStops<Stop extends SequencedStop>(stops: readonly Stop[]): Stop[] {
  return stops.filter((stop) => MOVABLE.has(stop.status)).sort((a, b) => a.sequence - b.sequence);
}

export interface StopChange {
  id: number;
  sequence: number;
  status: StopStatus;
}

export type Resequencing =
  { ok: true; changes: StopChange[]; sequences: number[] } | { ok: false; kind: 'invalid' | 'conflict'; error: string; details: string };

/**
 * The changes that put the movable stops in `order` (their ids, each once), and the
 * sequence number each then has, in that order. A list that
 * names other stops, or misses some, is refused: malformed (invalid) when it repeats a stop
 * or names one not on the route, stale (conflict) when it disagrees about which stops remain.
 */
export function resequence(stops: readonly SequencedStop[], order: readonly number[]): Resequencing {
  const known = new Set(stops.map((stop) => stop.id));
  if (new Set(order).size !== order.length || order.some((id) => !known.has(id))) {
    return { ok: false, kind: 'invalid', error: 'Invalid stop order', details: 'List each stop of this route at most once.' };
  }
  const movable = movableStops(stops);
  const moving = new Set(movable.map((stop) => stop.id));
  if (order.length !== movable.length || order.some((id) => !moving.has(id))) {
    return {
      ok: false,
      kind: 'conflict',
      error: 'The stops have changed',
      details: 'Only the stops not yet reached can be reordered, each once. Refresh to see the route as it is.',
    };
  }
  const slots = movable.map((stop) => stop.sequence);
  const onTheWay = movable.some((stop) => stop.status === 'on_way');
  const byId = new Map(movable.map((stop) => [stop.id, stop]));
  const changes = order.flatMap((id, position): StopChange[] => {
    const stop = byId.get(id)!;
    const status: StopStatus = onTheWay ? (position === 0 ? 'on_way' : 'pending') : stop.status;
    return stop.sequence === slots[position] && stop.status === status ? [] : [{ id, sequence: slots[position], status }];
  });
  return { ok: true, changes, sequences: slots };
}

/**
 * Where an optimization of the remaining stops starts: the stop the courier is at; else,
 * with the packages in the car, where the courier is (or, without a position, the last
 * stop delivered); else the pickup, where the route has yet to begin.
 */
export function reorderStart(facts: {
  orderStatus: OrderStatus;
  arrivedAt: LatLng | null;
  position: LatLng | null;
  lastDelivered: LatLng | null;
  pickup: LatLng | null;
}): LatLng | null {
  if (facts.arrivedAt) return facts.arrivedAt;
  if (!STOP_DELIVERY_PHASE.has(facts.orderStatus)) return facts.pickup;
  return facts.position ?? facts.lastDelivered ?? facts.pickup;
}
