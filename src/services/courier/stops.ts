/**
 * The stops of a multi-stop order (spec 3-courier-area.md §4.5): only the current stop moves, forward;
 * delivering one needs its photo and the courier at the door (stopStepRefusal in
 * src/domain/courierFlow.ts); what follows a delivery (the next stop sets off, the order
 * follows, the last one completes it) happens here, on the server.
 */
import { and } from 'drizzle-orm';
import { changeOrder } from '../../db/orders/change';
import { getStops } from '../../db/orders/read';
import { findStop, moveStop, setOffStop, stopWithOrder } from '../../db/orders/stops';
import type { Order, OrderStop } from '../../db/schema';
import { completionRefusal, currentStop, isPharmacyOrder, stopStepRefusal } from '../../domain/courierFlow';
import { Failure, refused } from '../../domain/failures';
import { STOP_DELIVERY_PHASE, type StopStatus } from '../../domain/orderStatus';
import { previousStepAt, stepTime, stepTimeNote } from '../../domain/stepTime';
import { actorOf, heldBy, heldOrder, settled, stopFacts, storeAll, withPhotos, type CourierContext } from './context';

export interface StopInput {
  status: StopStatus;
  deliveryPhoto?: string | null;
  deliveryNotes?: string | null;
}

/** Once the packages are in the car, the first stop still pending is on the way. */
/** Sets off the route's current stop if it has not yet; says whether it did. */
export async function setOffCurrentStop(ctx: CourierContext, stops: readonly OrderStop[]): Promise<boolean> {
  const current = currentStop(stops);
  if (current?.status !== 'pending') return false;
  await setOffStop(ctx.db, current.id, ctx.now);
  return true;
}

/**
 * What follows a delivered stop: the next stop sets off and the order follows it (a
 * pharmacy route is "Delivering"; a restaurant order goes back on the way); after the
 * last stop the order is delivered. Safe to run again: each step is a compare-and-set.
 */
async function afterStopDelivered(ctx: CourierContext, order: Order, stops: readonly OrderStop[], delivered: OrderStop): Promise<void> {
  const pharmacy = isPharmacyOrder(order);
  const base = { orderId: order.id, where: heldBy(ctx), actor: actorOf(ctx), action: 'status', now: ctx.now };
  if (currentStop(stops)) {
    await setOffCurrentStop(ctx, stops);
    await changeOrder(
      ctx.db,
      pharmacy
        ? { ...base, from: ['pharmacy_picked_up'], to: 'in_pharmacy_delivery', detail: `Stop ${delivered.sequence} delivered` }
        : { ...base, from: ['arrived_at_customer', 'setup_in_progress'], to: 'on_way_to_customer', detail: `Stop ${delivered.sequence} delivered` },
    );
    return;
  }
  await changeOrder(ctx.db, {
    ...base,
    from: pharmacy ? ['pharmacy_picked_up', 'in_pharmacy_delivery'] : ['arrived_at_customer', 'setup_in_progress'],
    to: 'delivered',
    set: pharmacy ? {} : { deliveryNotes: 'All stops delivered' },
    detail: 'All stops delivered',
  });
}

async function moveHeldStop(ctx: CourierContext, order: Order, stop: OrderStop, input: StopInput): Promise<void> {
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
  const stops = await getStops(ctx.db, order.id);
  if (stop.status === input.status) {
    // A repeat: make sure what follows a delivery has happened too.
    if (input.status === 'delivered') await afterStopDelivered(ctx, order, stops, stop);
    return;
  }
  await withPhotos(ctx, async (stored) => {
    const pharmacy = isPharmacyOrder(order);
    const [added] = await storeAll(ctx, stored, { orderId: order.id, kind: 'stop', stopId: stop.id }, input.deliveryPhoto ? [input.deliveryPhoto] : []);
    const photo = added ?? stop.deliveryPhoto;
    const after = stops.map((candidate) => (candidate.id === stop.id ? { ...candidate, status: input.status, deliveryPhoto: photo } : candidate));
    const completes = input.status === 'delivered' && !currentStop(after);
    const refusal = stopStepRefusal({
      orderStatus: order.status,
      pharmacy,
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
    // A step that waited on the phone keeps its tap time when plausible (decision F7).
    const time = stepTime(ctx.now, ctx.device, previousStepAt(order, ...stops.flatMap((other) => [other.arrivedTime, other.deliveredTime])));
    const note = [detail, stepTimeNote(time, ctx.now, ctx.formatClock)].filter(Boolean).join('; ');
    const move = moveStop(ctx.db, { stop, to: input.status, photo, notes: input.deliveryNotes, orderHeld: heldBy(ctx), now: ctx.now, at: time.at });
    const result = await changeOrder(
      ctx.db,
      {
        orderId: order.id,
        from: [...STOP_DELIVERY_PHASE],
        where: and(heldBy(ctx), move.moved),
        actor: actorOf(ctx),
        action: 'stop',
        detail: note,
        now: ctx.now,
        at: time.at,
      },
      move.statement,
    );
    const [updated] = result.companion ?? [];
    if (!updated) {
      if (result.order && result.order.courierId === ctx.user.courierId && STOP_DELIVERY_PHASE.has(result.order.status)) {
        throw new Failure('conflict', 'The stop has changed', 'Refresh to see it as it is.');
      }
      settled(result, undefined, () => false); // throws: the order was taken from the courier meanwhile
    }
    if (input.status === 'delivered') await afterStopDelivered(ctx, order, after, updated);
  });
}

/**
 * A courier's step on a stop (PATCH /api/order-stops/:stopId) of an order they hold:
 * answers the stop and its order as they are after it.
 */
export async function stepStop(ctx: CourierContext, stopId: number, input: StopInput): Promise<{ stop: OrderStop; order: Order }> {
  const stop = await findStop(ctx.db, stopId);
  if (!stop) throw new Failure('not_found', 'Stop not found');
  const order = await heldOrder(ctx, stop.orderId, { orTakenFromCourier: true });
  await moveHeldStop(ctx, order, stop, input);
  return stopWithOrder(ctx.db, stop.id, order.id);
}
