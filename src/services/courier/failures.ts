/**
 * A delivery that cannot be made (issue 27, decision C28; POST /api/orders/:id/delivery-failures):
 * the courier says why, with a photo and notes; the rule of src/domain/failedDelivery.ts
 * decides what follows, and the record, the order's history and what follows are written in
 * one transaction. A stop that is returned settles like a delivered one: the route goes on.
 */
import { alertOrderOf } from '../dispatch/alerts';
import { sql } from 'drizzle-orm';
import { changeOrders, type OrderChange } from '../../db/orders/change';
import { recordFailure } from '../../db/orders/failures';
import { orders, type Order } from '../../db/schema';
import { currentStop, isPharmacyOrder } from '../../domain/courierFlow';
import { Failure, refused } from '../../domain/failures';
import { FAILURE_REASON_LABELS, failureDetail, failureOutcome, failureRefusal, type FailureOutcome, type FailureReason } from '../../domain/failedDelivery';
import { previousStepAt, stepTime, stepTimeNote } from '../../domain/stepTime';
import { actorOf, heldBy, heldOrder, readAroundOrder, settled, storeAll, withPhotos, type OrderAnswer, type CourierContext } from './context';
import { afterStopSettled } from './stops';

export interface FailureInput {
  stopId?: number;
  reason: FailureReason;
  notes?: string | null;
  /** An image data string or the URL of a photo uploaded for the order. */
  photo?: string | null;
}

export async function reportFailedDelivery(ctx: CourierContext, orderId: number, input: FailureInput): Promise<OrderAnswer & { outcome: FailureOutcome }> {
  const [order, around] = await Promise.all([heldOrder(ctx, orderId), readAroundOrder(ctx.db, orderId)]);
  const { stops, pickup, photoKeys } = around;
  const stop = input.stopId == null ? null : stops.find((candidate) => candidate.id === input.stopId);
  if (stop === undefined) throw new Failure('invalid', 'Invalid request', 'stopId must name a stop of this order.');
  const refusal = failureRefusal({
    orderStatus: order.status,
    hasStops: stops.length > 0,
    stop: stop && { status: stop.status, returnedAt: stop.returnedAt, current: currentStop(stops)?.id === stop.id },
  });
  if (refusal) throw refused(refusal);

  const pharmacy = isPharmacyOrder(order);
  const outcome = failureOutcome(input.reason, stop != null, stop ? stop.failedAttempts : order.failedAttempts);
  // Tapped at the door, perhaps long before a signal (decision F7).
  const time = stepTime(ctx.now, ctx.device, previousStepAt(order, ...stops.flatMap((other) => [other.arrivedTime, other.deliveredTime])));

  return withPhotos(ctx, async (stored) => {
    const [photo] = await storeAll(
      ctx,
      stored,
      stop ? { orderId: order.id, kind: 'stop', stopId: stop.id } : { orderId: order.id, kind: 'delivery' },
      input.photo ? [input.photo] : [],
      photoKeys,
    );
    const failure = { orderId: order.id, stop, courierId: ctx.user.courierId, reason: input.reason, outcome, notes: input.notes ?? null, photo: photo ?? null };
    const record: OrderChange = {
      orderId: order.id,
      from: [order.status],
      where: heldBy(ctx),
      set: stop ? {} : { failedAttempts: sql`${orders.failedAttempts} + 1`, ...(outcome === 'dispatch' ? { deliveryFailedAt: time.at } : {}) },
      alongside: (condition) => recordFailure(ctx.db, { ...failure, at: time.at, now: ctx.now }, condition),
      actor: actorOf(ctx),
      action: 'delivery_failed',
      detail: [failureDetail({ reason: input.reason, outcome, pharmacy, stop }), input.notes, stepTimeNote(time, ctx.now, ctx.formatClock)]
        .filter(Boolean)
        .join('; '),
      now: ctx.now,
      at: time.at,
      readStops: true,
    };
    const returned =
      stop && outcome === 'return' ? stops.map((candidate) => (candidate.id === stop.id ? { ...candidate, returnedAt: time.at } : candidate)) : null;
    const { outcomes } = await changeOrders(ctx.db, returned ? [record, afterStopSettled(ctx, order, returned, stop!, 'returned')] : [record]);
    const answer = settled(outcomes[0], undefined, (current: Order) => current.courierId === ctx.user.courierId);
    if (outcome === 'dispatch' && outcomes[0].applied)
      ctx.alertDispatchers((courierName) => ({
        type: 'alert',
        kind: 'delivery_failed',
        reason: FAILURE_REASON_LABELS[input.reason],
        ...alertOrderOf(order, courierName),
      }));
    const last = outcomes.at(-1)!;
    return { order: last.order ?? answer, stops: last.stops ?? stops, pickup, outcome };
  });
}
