/**
 * The courier's own order of the stops not yet reached (issue 18): by hand, or the best
 * order from where they are ("Optimize remaining stops"), meeting deliver-by times when it
 * can. The rules are in src/domain/stopSequence.ts; the write, one transaction under the
 * order's compare-and-set, in src/db/orders/stopSequence.ts. The fee is never touched.
 */
import type { PickupPlace } from '../../db/orders/courier';
import type { Order, OrderStop } from '../../db/schema';
import { applyStopOrder } from '../../db/orders/stopSequence';
import { Failure } from '../../domain/failures';
import { STOP_DELIVERY_PHASE, COURIER_HELD_STATUSES, statusWords } from '../../domain/orderStatus';
import { STOP_SERVICE_MINUTES } from '../../domain/routeOptimizer';
import { movableStops, reorderStart, resequence, type StopChange } from '../../domain/stopSequence';
import { bestRoute } from '../../maps/bestRoute';
import { routeThrough } from '../../maps/routing';
import type { MapsServer } from '../../maps/service';
import { heldOrder, readAroundOrder, type AroundOrder, type CourierContext, type OrderAnswer } from './context';

/** Refuses an order whose stops may no longer move: it is finished or back with the dispatcher. */
function assertCanReorder(order: Order): void {
  if (!COURIER_HELD_STATUSES.has(order.status))
    throw new Failure('conflict', 'Stops can no longer be reordered', `This order is ${statusWords(order.status)}.`);
}

/**
 * Puts the stops not yet reached in the order of `stopIds` and answers the order as it now
 * is. `describe` says in the history how, given the stops with their new numbers. A new
 * order equal to the old one writes nothing.
 */
async function reorderStops(
  ctx: CourierContext,
  maps: MapsServer,
  pickup: PickupPlace | undefined,
  order: Order,
  stops: readonly OrderStop[],
  stopIds: readonly number[],
  describe: (list: string) => string,
): Promise<{ order: Order; stops: OrderStop[] }> {
  assertCanReorder(order);
  const plan = resequence(stops, stopIds);
  if (!plan.ok) throw new Failure(plan.kind, plan.error, plan.details);
  if (plan.changes.length === 0) return { order, stops: [...stops] };
  const names = new Map(stops.map((stop) => [stop.id, stop.customerName]));
  const list = stopIds.map((id, position) => `${plan.sequences[position]} ${names.get(id)}`).join(', ');
  const by = { courierId: ctx.user.courierId, userId: ctx.user.id, now: ctx.now };
  const result = await applyStopOrder(ctx.db, by, order.id, stops, plan.changes, describe(list), await routeMilesAfter(maps, pickup, stops, plan.changes));
  if (!result.applied) throw new Failure('conflict', 'The stops have changed', 'The route changed while you reordered it. Refresh to see it as it is.');
  return { order: result.order, stops: result.stops! };
}

/** The order the courier holds, its stops and its pickup: one round trip, with the session's check. */
async function readHeldRoute(ctx: CourierContext, orderId: number): Promise<{ order: Order } & AroundOrder> {
  const [order, around] = await Promise.all([heldOrder(ctx, orderId), readAroundOrder(ctx.db, orderId)]);
  return { order, ...around };
}

/** PUT /api/orders/:id/stop-order: the stops not yet reached, in the order the courier chose. Answers the order, its stops and pickup. */
export async function reorderByHand(ctx: CourierContext, maps: MapsServer, orderId: number, stopIds: readonly number[]): Promise<OrderAnswer> {
  const { order, stops, pickup } = await readHeldRoute(ctx, orderId);
  return { ...(await reorderStops(ctx, maps, pickup, order, stops, stopIds, (list) => `Reordered by the courier: ${list}`)), pickup };
}

/** The miles of the whole route, from the pickup through every stop, in the order after `changes`: what the courier's map now shows. */
async function routeMilesAfter(
  maps: MapsServer,
  pickup: PickupPlace | undefined,
  stops: readonly OrderStop[],
  changes: readonly StopChange[],
): Promise<number | undefined> {
  const origin = placeOf(pickup);
  if (!origin) return undefined;
  const sequence = new Map(changes.map((change) => [change.id, change.sequence]));
  const reordered = stops.map((stop) => ({ ...stop, sequence: sequence.get(stop.id) ?? stop.sequence }));
  return (await routeThrough(maps, origin, reordered)).miles;
}

export interface StopOptimization extends OrderAnswer {
  previousMiles: number;
  miles: number;
  estimated: boolean;
  lateStopIds: number[];
}

type Place = { latitude: number | null; longitude: number | null };
const placeOf = (stop: Place | undefined) => (stop?.latitude != null && stop.longitude != null ? { lat: stop.latitude, lng: stop.longitude } : null);

/**
 * POST /api/orders/:id/stop-order/optimize: the remaining stops in the best order from
 * where the courier is (src/domain/stopSequence.ts reorderStart), and what that saves.
 */
export async function optimizeRemainingStops(
  ctx: CourierContext,
  maps: MapsServer,
  orderId: number,
  position: { lat: number; lng: number } | null,
): Promise<StopOptimization> {
  const { order, stops, pickup: place } = await readHeldRoute(ctx, orderId);
  assertCanReorder(order);
  const pickup = placeOf(place);
  const remaining = movableStops(stops);
  const unplaced = remaining.find((stop) => placeOf(stop) == null);
  if (unplaced)
    throw new Failure('conflict', `Stop ${unplaced.sequence} has no map location`, 'The stops cannot be ordered without knowing where each one is.');
  const arrivedAt = placeOf(stops.find((stop) => stop.status === 'arrived'));
  const start = reorderStart({
    orderStatus: order.status,
    arrivedAt,
    position,
    lastDelivered: placeOf(stops.filter((stop) => stop.status === 'delivered').at(-1)),
    pickup,
  });
  if (!start) throw new Failure('conflict', 'No place to start from', 'Your position is unknown and the pickup has no map location.');
  // On the road the route starts now (after the stop the courier is at); before the pickup, at the pickup time.
  const departure = STOP_DELIVERY_PHASE.has(order.status) ? ctx.now + (arrivedAt ? STOP_SERVICE_MINUTES * 60_000 : 0) : Math.max(ctx.now, order.pickupTime);
  const { given, best } = await bestRoute(
    maps,
    start,
    remaining.map((stop) => placeOf(stop)!),
    {
      departure,
      deliverBy: remaining.map((stop) => stop.deliverBy),
      deliverAfter: remaining.map((stop) => stop.deliverAfter),
      serviceMinutes: remaining.map((stop) => stop.serviceMinutes),
    },
  );
  const miles = (route: typeof given) => `${route.plan.miles.toFixed(2)} mi`;
  const changed = await reorderStops(
    ctx,
    maps,
    place,
    order,
    stops,
    best.order.map((index) => remaining[index].id),
    (list) => `Optimized by the courier: ${list} (${miles(given)} → ${miles(best)}${best.plan.estimated ? ', estimated' : ''})`,
  );
  return {
    ...changed,
    pickup: place,
    previousMiles: given.plan.miles,
    miles: best.plan.miles,
    estimated: best.plan.estimated,
    lateStopIds: best.late.map((index) => remaining[index].id),
  };
}
