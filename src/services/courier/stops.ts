/**
 * The stops of a multi-stop order (spec 3-courier-area.md §4.5): only the current stop moves, forward;
 * delivering one needs its photo and the courier at the door (stopStepRefusal in
 * src/domain/courierFlow.ts); what follows a delivery (the next stop sets off, the order
 * follows, the last one completes it) happens here, on the server.
 */
import { and } from 'drizzle-orm';
import { changeOrder, changeOrders, type ChangeResult, type OrderChange } from '../../db/orders/change';
import { stopIsReturned } from '../../db/orders/failures';
import { findStop, moveStop, orderOfStop, setOffStop, stopIsDelivered } from '../../db/orders/stops';
import type { Order, OrderStop } from '../../db/schema';
import { ARRIVED_WITHOUT_POSITION, completionRefusal, currentStop, isPharmacyOrder, stopStepRefusal, type ArrivalFacts } from '../../domain/courierFlow';
import { haversineMeters } from '../../domain/geo';
import { precisionOf, proximityApplies } from '../../domain/location';
import { Failure, refused } from '../../domain/failures';
import { STOP_DELIVERY_PHASE, type StopStatus } from '../../domain/orderStatus';
import { previousStepAt, stepTime, stepTimeNote } from '../../domain/stepTime';
import { actorOf, heldBy, heldOrder, readAroundOrder, settled, stopFacts, storeAll, withPhotos, type AroundOrder, type CourierContext } from './context';

export interface StopInput {
  status: StopStatus;
  deliveryPhoto?: string | null;
  deliveryNotes?: string | null;
  /** The device's position with an arrival, or the courier's word without one (decision C23). */
  courierLatitude?: number | null;
  courierLongitude?: number | null;
  withoutPosition?: boolean;
}

/** An arrival at a stop, as the proximity check judges it: against the stop's own place when it is exact. */
function stopArrival(ctx: CourierContext, stop: OrderStop, input: StopInput): ArrivalFacts {
  const position = input.courierLatitude != null && input.courierLongitude != null ? { lat: input.courierLatitude, lng: input.courierLongitude } : null;
  const exact = stop.latitude != null && stop.longitude != null && proximityApplies(precisionOf(stop.latitude, stop.longitude, stop.locationPrecision));
  return {
    proximityCheck: ctx.proximityCheck,
    hasDevicePosition: position != null,
    confirmedWithoutPosition: input.withoutPosition === true,
    distanceM: ctx.proximityCheck && position && exact ? haversineMeters(position, { lat: stop.latitude!, lng: stop.longitude! }) : null,
  };
}

/**
 * What follows a settled stop (delivered, or returned after a failed delivery: issue 27), as
 * a change to run with it: the next stop sets off and the order follows it (a pharmacy
 * route is "Delivering"; a restaurant order goes back on the way); after the last stop the
 * order is delivered, unless no stop was, when it waits for the dispatcher (decision C28).
 * It applies only once the stop is settled, so it is safe to run again: each step is a
 * compare-and-set.
 */
export function afterStopSettled(
  ctx: CourierContext,
  order: Order,
  after: readonly OrderStop[],
  settled: OrderStop,
  how: 'delivered' | 'returned',
): OrderChange {
  const pharmacy = isPharmacyOrder(order);
  const base = {
    orderId: order.id,
    where: and(heldBy(ctx), how === 'delivered' ? stopIsDelivered(settled.id) : stopIsReturned(settled.id)),
    actor: actorOf(ctx),
    action: 'status',
    now: ctx.now,
    readStops: true,
  };
  const next = currentStop(after);
  if (next) {
    return {
      ...base,
      ...(pharmacy
        ? { from: ['pharmacy_picked_up'], to: 'in_pharmacy_delivery' }
        : { from: ['arrived_at_customer', 'setup_in_progress'], to: 'on_way_to_customer' }),
      detail: `Stop ${settled.sequence} ${how}`,
      beforeUpdate: (condition) => (next.status === 'pending' ? [setOffStop(ctx.db, next.id, ctx.now, condition)] : []),
    };
  }
  if (!after.some((stop) => stop.status === 'delivered')) {
    return { ...base, from: [...STOP_DELIVERY_PHASE], set: { deliveryFailedAt: ctx.now }, detail: 'No stop could be delivered; waiting for dispatch' };
  }
  return {
    ...base,
    from: pharmacy ? ['pharmacy_picked_up', 'in_pharmacy_delivery'] : ['on_way_to_customer', 'arrived_at_customer', 'setup_in_progress'],
    to: 'delivered',
    set: pharmacy ? {} : { deliveryNotes: after.some((stop) => stop.returnedAt != null) ? 'All stops settled' : 'All stops delivered' },
    detail: after.some((stop) => stop.returnedAt != null) ? 'All stops settled; returns go back to the pickup' : 'All stops delivered',
  };
}

/** A stop after a step, with its order and the order's stops. */
interface SteppedStop {
  stop: OrderStop;
  order: Order;
  stops: OrderStop[];
}

/** The stop and its order after a step, from the last change's read-back (or, when nothing was run, as read). */
function answerOf(stop: OrderStop, result: ChangeResult | undefined, order: Order, stops: readonly OrderStop[]): SteppedStop {
  const now = result?.stops ?? [...stops];
  return { stop: now.find((candidate) => candidate.id === stop.id) ?? stop, order: result?.order ?? order, stops: now };
}

async function moveHeldStop(
  ctx: CourierContext,
  order: Order,
  { stops, photoKeys }: Pick<AroundOrder, 'stops' | 'photoKeys'>,
  stop: OrderStop,
  input: StopInput,
): Promise<SteppedStop> {
  const detail = `Stop ${stop.sequence} (${stop.customerName}): ${input.status.replace('_', ' ')}`;
  if (order.courierId !== ctx.user.courierId) {
    // Taken from the courier (cancelled or reassigned) before this step arrived: recorded as refused, answered as a conflict (S4).
    const attempt = await changeOrder(ctx.db, {
      orderId: order.id,
      from: [order.status],
      where: heldBy(ctx),
      actor: actorOf(ctx),
      action: 'stop',
      detail,
      now: ctx.now,
    });
    settled(attempt, undefined, () => false);
  }
  if (stop.status === input.status) {
    // A repeat: make sure what follows a delivery has happened too.
    if (input.status !== 'delivered') return { stop, order, stops: [...stops] };
    return answerOf(stop, await changeOrder(ctx.db, afterStopSettled(ctx, order, stops, stop, 'delivered')), order, stops);
  }
  return withPhotos(ctx, async (stored) => {
    const pharmacy = isPharmacyOrder(order);
    const [added] = await storeAll(
      ctx,
      stored,
      { orderId: order.id, kind: 'stop', stopId: stop.id },
      input.deliveryPhoto ? [input.deliveryPhoto] : [],
      photoKeys,
    );
    const photo = added ?? stop.deliveryPhoto;
    const after = stops.map((candidate) => (candidate.id === stop.id ? { ...candidate, status: input.status, deliveryPhoto: photo } : candidate));
    const completes = input.status === 'delivered' && !currentStop(after);
    const arrival = input.status === 'arrived' ? stopArrival(ctx, stop, input) : undefined;
    const refusal = stopStepRefusal({
      orderStatus: order.status,
      pharmacy,
      arrival,
      stop: { ...stopFacts({ ...stop, deliveryPhoto: photo }), sequence: stop.sequence },
      current: currentStop(stops),
      to: input.status,
      completion: completes
        ? completionRefusal({
            pharmacy,
            photoCount: order.deliveryPhotos.length,
            hasPickupPhoto: order.pharmacyPickupPhoto != null,
            stops: after.map(stopFacts),
          })
        : null,
    });
    if (refusal) throw refused(refusal);

    // The stop moves only while this courier still holds the order in its delivery phase,
    // checked in the same statement; the order's history then records the step only if
    // the stop really moved, in the same transaction: a cancel cannot fall in between.
    // What follows a delivery runs in that transaction too.
    // A step that waited on the phone keeps its tap time when plausible (decision F7).
    const time = stepTime(ctx.now, ctx.device, previousStepAt(order, ...stops.flatMap((other) => [other.arrivedTime, other.deliveredTime])));
    const unplaced = arrival?.proximityCheck && !arrival.hasDevicePosition;
    const note = [detail, unplaced ? ARRIVED_WITHOUT_POSITION : null, stepTimeNote(time, ctx.now, ctx.formatClock)].filter(Boolean).join('; ');
    const move = moveStop(ctx.db, { stop, to: input.status, photo, notes: input.deliveryNotes, orderHeld: heldBy(ctx), now: ctx.now, at: time.at });
    const step: OrderChange = {
      orderId: order.id,
      from: [...STOP_DELIVERY_PHASE],
      where: and(heldBy(ctx), move.moved),
      // Flagged to the dispatcher: an arrival nobody's phone placed (decision C23).
      set: unplaced ? { arrivedWithoutPositionAt: ctx.now } : undefined,
      actor: actorOf(ctx),
      action: 'stop',
      detail: note,
      now: ctx.now,
      at: time.at,
    };
    // The last change reads the stops back for the answer.
    const changes = input.status === 'delivered' ? [step, afterStopSettled(ctx, order, after, stop, 'delivered')] : [{ ...step, readStops: true }];
    const { outcomes, companion } = await changeOrders(ctx.db, changes, move.statement);
    const [moved] = companion ?? [];
    if (!moved) {
      const [result] = outcomes;
      if (result.order && result.order.courierId === ctx.user.courierId && STOP_DELIVERY_PHASE.has(result.order.status)) {
        throw new Failure('conflict', 'The stop has changed', 'Refresh to see it as it is.');
      }
      settled(result, undefined, () => false); // throws: the order was taken from the courier meanwhile
    }
    return answerOf(stop, outcomes.at(-1), order, stops);
  });
}

/**
 * A courier's step on a stop (PATCH /api/order-stops/:stopId) of an order they hold:
 * answers the stop and its order as they are after it. The stop, its order and the
 * order's stops are read together, with the session's check; the step is one transaction.
 */
export async function stepStop(ctx: CourierContext, stopId: number, input: StopInput): Promise<SteppedStop & Pick<AroundOrder, 'pickup'>> {
  const ofStop = orderOfStop(stopId);
  const [stop, held, { stops, pickup, photoKeys }] = await Promise.all([
    findStop(ctx.db, stopId),
    // A stop that does not exist is answered as such, not as its missing order.
    heldOrder(ctx, ofStop, { orTakenFromCourier: true }).then(
      (order) => ({ order }),
      (refusal: unknown) => ({ refusal }),
    ),
    readAroundOrder(ctx.db, ofStop),
  ]);
  if (!stop) throw new Failure('not_found', 'Stop not found');
  if (!('order' in held)) throw held.refusal;
  return { ...(await moveHeldStop(ctx, held.order, { stops, photoKeys }, stop, input)), pickup };
}
