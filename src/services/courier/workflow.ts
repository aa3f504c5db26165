/**
 * What a courier does to an order (spec 3-courier-area.md §4.3–4.4): answer an offer, walk the order
 * through the workflow, add its photos. Every change goes through changeOrder
 * (compare-and-set with the history); the conditions are the domain's (stepRefusal in
 * src/domain/courierFlow.ts). A refusal is a Failure in the courier's words; a repeat of
 * a step already taken answers like a success.
 */
import { alertOrderOf } from '../dispatch/alerts';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { findVisibleOrder, offeredTo } from '../../db/orders/access';
import { changeOrder, isRepeat } from '../../db/orders/change';
import { acceptedByAnother, declineOf, type PickupPlace } from '../../db/orders/courier';
import { getStops } from '../../db/orders/read';
import { setOffStop } from '../../db/orders/stops';
import { photoUrl } from '../../db/orders/serialize';
import { orders, type Order, type Photo, type PhotoKind } from '../../db/schema';
import {
  ARRIVED_WITHOUT_POSITION,
  currentStop,
  DOCUMENTS_EXPIRED,
  isOfferToCourier,
  isPharmacyOrder,
  ORDER_TAKEN,
  stepRefusal,
} from '../../domain/courierFlow';
import { Failure, refused } from '../../domain/failures';
import { isLateCancellation, LATE_CANCELLATION_FEE } from '../../domain/fees';
import { haversineMeters } from '../../domain/geo';
import { precisionOf, proximityApplies } from '../../domain/location';
import { formatUsd } from '../../domain/money';
import { COMPLETED_STATUSES, isFinished, STOP_DELIVERY_PHASE, type OrderStatus } from '../../domain/orderStatus';
import { MAX_ORDER_PHOTOS } from '../../domain/photos';
import { previousStepAt, stepTime, stepTimeNote } from '../../domain/stepTime';
import { storePhoto } from '../../photos/store';
import {
  actorOf,
  courierPhoto,
  heldBy,
  heldOrder,
  settled,
  stopFacts,
  storeAll,
  withPhotos,
  type CourierContext,
  readAroundOrder,
  type AroundOrder,
} from './context';

export interface StepInput {
  status?: OrderStatus;
  deliveryPhotos?: string[];
  deliveryNotes?: string | null;
  pharmacyPickupPhoto?: string | null;
  courierLatitude?: number | null;
  courierLongitude?: number | null;
  /** No position from the phone: the courier confirms being there (decision C23). */
  withoutPosition?: boolean;
  acceptLateFee?: boolean;
}

function mergedPhotos(existing: readonly string[], added: readonly string[]): string[] {
  const merged = [...new Set([...existing, ...added])];
  if (merged.length > MAX_ORDER_PHOTOS) throw new Failure('invalid', 'Too many photos', `An order keeps at most ${MAX_ORDER_PHOTOS} delivery photos.`);
  return merged;
}

// ---------------------------------------------------------------------------
// Accept and decline (POST /api/orders/:id/courier-response)
// ---------------------------------------------------------------------------

/**
 * First come, first served: of couriers accepting one offer at once, exactly one gets it
 * (the compare-and-set requires the order still unheld); the others hear it was taken.
 */
export async function acceptOrder(ctx: CourierContext, order: Order): Promise<Order> {
  if (!(await ctx.documentsValid())) throw refused(DOCUMENTS_EXPIRED, 'forbidden');
  const mine = (current: Order) => current.courierId === ctx.user.courierId;
  if (mine(order) && order.status === 'courier_confirmed') return order;
  if (mine(order) && order.status === 'assigned') {
    const result = await changeOrder(ctx.db, {
      orderId: order.id,
      from: ['assigned'],
      to: 'courier_confirmed',
      set: { offerExpiresAt: null },
      where: heldBy(ctx),
      actor: actorOf(ctx),
      action: 'accept',
      now: ctx.now,
    });
    return settled(result, 'courier_confirmed', mine);
  }
  if (order.status !== 'pending_courier') throw refused(ORDER_TAKEN);
  const result = await changeOrder(ctx.db, {
    orderId: order.id,
    from: ['pending_courier'],
    to: 'courier_confirmed',
    set: { courierId: ctx.user.courierId },
    where: offeredTo(ctx.user),
    alreadyDone: and(eq(orders.status, 'courier_confirmed'), heldBy(ctx)),
    actor: actorOf(ctx),
    action: 'accept',
    now: ctx.now,
  });
  if (!result.applied && !isRepeat(result, 'courier_confirmed', mine) && result.order) {
    // Still offered, yet not to this courier: they declined it earlier.
    if (result.order.status === 'pending_courier')
      throw new Failure('conflict', 'Order declined', 'You declined this order; it is offered to the other couriers.');
    if (!mine(result.order)) throw refused(ORDER_TAKEN);
  }
  return settled(result, 'courier_confirmed', mine);
}

/**
 * Declining the autopilot's offer to this courier alone (decision W12): no fee (they never
 * accepted it), no alert (the autopilot offers it to the next courier at once), and they are
 * not offered it again.
 */
async function declineOfferToMe(ctx: CourierContext, order: Order): Promise<Order> {
  const result = await changeOrder(
    ctx.db,
    {
      orderId: order.id,
      from: ['assigned'],
      to: 'courier_rejected',
      set: { courierId: null, offerExpiresAt: null },
      where: and(heldBy(ctx), isNotNull(orders.offerExpiresAt)),
      alreadyDone: and(eq(orders.status, 'courier_rejected'), isNull(orders.courierId)),
      actor: actorOf(ctx),
      action: 'reject',
      detail: 'Declined the offer made to them alone',
      now: ctx.now,
    },
    declineOf(ctx.db, order.id, ctx.user.courierId, ctx.now),
  );
  if (!result.applied && !isRepeat(result, 'courier_rejected')) throw refused(ORDER_TAKEN);
  return result.order ?? order;
}

/** Declining an offer hides it from this courier and leaves it offered to the others. */
async function declineOffer(ctx: CourierContext, order: Order): Promise<Order> {
  if (order.status !== 'pending_courier') throw refused(ORDER_TAKEN);
  const result = await changeOrder(
    ctx.db,
    {
      orderId: order.id,
      from: ['pending_courier'],
      where: isNull(orders.courierId),
      actor: actorOf(ctx),
      action: 'reject',
      detail: 'Declined the offer to the zone',
      now: ctx.now,
    },
    declineOf(ctx.db, order.id, ctx.user.courierId, ctx.now),
  );
  return result.order ?? order;
}

/**
 * The courier's answer to an order offered or assigned to them (spec 3-courier-area.md §2.6).
 * Giving back an order they hold returns it to the dispatcher (decision D19).
 */
export async function answerOrder(
  ctx: CourierContext,
  orderId: number,
  answer: { action: 'accept' | 'reject'; acceptLateFee?: boolean },
): Promise<{ order: Order } & AroundOrder> {
  // What the answer shows is read with the order: neither an accept nor a decline of an offer moves a stop.
  const [order, around] = await Promise.all([findVisibleOrder(ctx.db, ctx.user, orderId), readAroundOrder(ctx.db, orderId)]);
  if (!order) {
    // The offer was there a moment ago: say why it is gone rather than "not found".
    if (answer.action === 'accept' && (await acceptedByAnother(ctx.db, orderId, ctx.user.courierId))) throw refused(ORDER_TAKEN);
    throw new Failure('not_found', 'Order not found');
  }
  if (answer.action === 'accept') return { order: await acceptOrder(ctx, order), ...around };
  if (isOfferToCourier(order) && order.courierId === ctx.user.courierId) return { order: await declineOfferToMe(ctx, order), ...around };
  if (order.courierId === ctx.user.courierId)
    return stepOrder(ctx, order, { status: 'courier_rejected', acceptLateFee: answer.acceptLateFee ?? false }, around);
  return { order: await declineOffer(ctx, order), ...around };
}

// ---------------------------------------------------------------------------
// Workflow steps (PATCH /api/orders/:id)
// ---------------------------------------------------------------------------

/** The history's note on a step: the fee of a late cancellation, how far from the pickup an arrival was. */
function stepDetail(order: Order, to: OrderStatus, now: number, distance: number | null, positionSent: boolean, confirmed: boolean): string | null {
  if ((to === 'cancelled' || to === 'courier_rejected') && isLateCancellation(order.pickupTime, now)) {
    return `Late cancellation fee ${formatUsd(LATE_CANCELLATION_FEE)}`;
  }
  if (to === 'arrived_at_pickup' || to === 'arrived_at_pharmacy') {
    if (distance != null) return `Arrived ${Math.round(distance)} m from the pickup`;
    if (!positionSent) return confirmed ? ARRIVED_WITHOUT_POSITION : 'Arrived without a device position';
  }
  return null;
}

/** How far the device is from the order's pickup, when both are known and the pickup is placed at its address (an approximate one is not held to the radius). */
function distanceToPickup(place: PickupPlace | undefined, position: { lat: number; lng: number }): number | null {
  if (place?.latitude == null || place.longitude == null || !proximityApplies(precisionOf(place.latitude, place.longitude, place.precision))) return null;
  return haversineMeters(position, { lat: place.latitude, lng: place.longitude });
}

/**
 * A step of the workflow, with the photos and notes that come with it. Answers the order
 * and what is around it after the step (the stops read again only when the step set one off).
 */
export async function stepOrder(ctx: CourierContext, order: Order, input: StepInput, around: AroundOrder): Promise<{ order: Order } & AroundOrder> {
  if (order.courierId !== ctx.user.courierId) {
    // Taken from the courier since their screen last saw it (an admin cancelled or
    // reassigned it): the attempt is recorded as refused beside the change that won (S4).
    const attempt = await changeOrder(ctx.db, {
      orderId: order.id,
      from: [order.status],
      to: input.status,
      where: heldBy(ctx),
      actor: actorOf(ctx),
      action: input.status ? 'status' : 'edit',
      now: ctx.now,
    });
    return { order: settled(attempt, undefined, () => false), ...around };
  }
  // A courier cannot cancel the customer's delivery: "Cancel Order" gives it back to dispatch, penalty and all (C26).
  const asked = input.status === 'cancelled' ? 'courier_rejected' : input.status;
  const to = asked && asked !== order.status ? asked : undefined;
  const repeat = asked !== undefined && to === undefined;
  const hasExtras = !!input.deliveryPhotos?.length || input.pharmacyPickupPhoto != null || input.deliveryNotes !== undefined;
  // The same step again (an offline retry, "Continue to New Orders"): harmless.
  if (repeat && !hasExtras) return { order, ...around };
  if (!to) assertTakesPhotos(order);

  return withPhotos(ctx, async (stored) => {
    const pharmacy = isPharmacyOrder(order);
    const { stops, pickup, photoKeys } = around;
    const added = await storeAll(ctx, stored, { orderId: order.id, kind: 'delivery' }, input.deliveryPhotos ?? [], photoKeys);
    const [pickupPhoto] = await storeAll(
      ctx,
      stored,
      { orderId: order.id, kind: 'pharmacy_pickup' },
      input.pharmacyPickupPhoto ? [input.pharmacyPickupPhoto] : [],
      photoKeys,
    );
    const photos = mergedPhotos(order.deliveryPhotos, added);

    const position = input.courierLatitude != null && input.courierLongitude != null ? { lat: input.courierLatitude, lng: input.courierLongitude } : null;
    const arriving = to === 'arrived_at_pickup' || to === 'arrived_at_pharmacy';
    const distance = arriving && position && ctx.proximityCheck ? distanceToPickup(pickup, position) : null;

    if (to) {
      const refusal = stepRefusal(order, to, {
        now: ctx.now,
        pharmacy,
        documentsValid: await ctx.documentsValid(),
        distanceToPickupM: distance,
        proximityCheck: ctx.proximityCheck,
        hasDevicePosition: position != null,
        confirmedWithoutPosition: input.withoutPosition === true,
        photoCount: photos.length,
        hasPickupPhoto: (pickupPhoto ?? order.pharmacyPickupPhoto) != null,
        stops: stops.map(stopFacts),
        acceptLateFee: input.acceptLateFee ?? false,
        formatTime: ctx.formatTime,
      });
      if (refusal) throw refused(refusal, refusal.error === DOCUMENTS_EXPIRED.error ? 'forbidden' : 'conflict');
    }

    const set: Partial<typeof orders.$inferInsert> = {};
    if (added.length) set.deliveryPhotos = photos;
    if (pickupPhoto) set.pharmacyPickupPhoto = pickupPhoto;
    if (input.deliveryNotes !== undefined) set.deliveryNotes = input.deliveryNotes;
    if (to === 'courier_rejected') set.courierId = null;
    // A failed delivery waiting for the dispatcher no longer waits once the courier moves the order on (decision C28).
    if (to && order.deliveryFailedAt != null) set.deliveryFailedAt = null;
    // Flagged to the dispatcher: an arrival nobody's phone placed (decision C23).
    if (arriving && position == null && ctx.proximityCheck) set.arrivedWithoutPositionAt = ctx.now;

    // A step that waited on the phone keeps its tap time when plausible (decision F7); so do
    // photos and notes, so the history lists them where they happened.
    const time = stepTime(ctx.now, ctx.device, previousStepAt(order));
    const notes = [
      to ? stepDetail(order, to, ctx.now, distance, position != null, input.withoutPosition === true) : null,
      stepTimeNote(time, ctx.now, ctx.formatClock),
    ].filter(Boolean);
    // Once the packages are in the car, the route's first stop still pending is on the way: set off with the step itself.
    const current = to && STOP_DELIVERY_PHASE.has(to) ? currentStop(stops) : undefined;
    const settingOff = current?.status === 'pending' ? current : undefined;
    const result = await changeOrder(ctx.db, {
      orderId: order.id,
      from: [order.status],
      to,
      set,
      where: heldBy(ctx),
      beforeUpdate: settingOff && ((condition) => [setOffStop(ctx.db, settingOff.id, ctx.now, condition)]),
      readStops: settingOff !== undefined,
      // Given back, the order no longer names the courier; a retry still finds it done.
      alreadyDone: to === 'courier_rejected' ? and(eq(orders.status, 'courier_rejected'), isNull(orders.courierId)) : undefined,
      actor: actorOf(ctx),
      action: to === 'courier_rejected' ? 'reject' : to ? 'status' : 'edit',
      detail: notes.length ? notes.join('; ') : null,
      now: ctx.now,
      at: time.at,
    });
    const changed = settled(result, to, (current) => to === 'courier_rejected' || current.courierId === ctx.user.courierId);
    if (to === 'courier_rejected' && result.applied)
      ctx.alertDispatchers((courierName) => ({ type: 'alert', kind: 'declined', ...alertOrderOf(order, courierName) }));
    return { order: changed, stops: result.stops ?? stops, pickup, photoKeys };
  });
}

/** Photos and notes are added from the pickup on, and to a completed order (proof may come late). */
function assertTakesPhotos(order: Order): void {
  if (!STOP_DELIVERY_PHASE.has(order.status) && !COMPLETED_STATUSES.has(order.status)) {
    throw new Failure('conflict', 'Not delivering yet', 'Photos and notes are added during the delivery.');
  }
}

/**
 * Photos and notes of the delivery (POST /api/orders/:id/delivery-photos): image data
 * strings or URLs of uploaded photos, or one photo's bytes. They are added to the order's.
 */
export async function addDeliveryPhotos(
  ctx: CourierContext,
  order: Order,
  photos: string[] | Uint8Array,
  notes: string | null | undefined,
  around: AroundOrder,
): Promise<{ order: Order } & AroundOrder> {
  if (!(photos instanceof Uint8Array)) return stepOrder(ctx, order, { deliveryPhotos: photos, deliveryNotes: notes }, around);
  assertTakesPhotos(order);
  return withPhotos(ctx, async (stored) => {
    const photo = await storePhoto(ctx.bucket, ctx.db, courierPhoto(ctx, { orderId: order.id, kind: 'delivery' }), photos);
    stored.push(photo.key);
    const photoKeys = new Set([...around.photoKeys, photo.key]);
    return stepOrder(ctx, order, { deliveryPhotos: [photoUrl(photo.key)], deliveryNotes: notes }, { ...around, photoKeys });
  });
}

/**
 * A photo uploaded as it is taken (POST /api/orders/:id/photos), attached later by the
 * step that needs it. Taken until the order is finished; a stop's photo names a stop of
 * the order. The bytes are read only once the upload is accepted.
 */
export async function uploadPhoto(
  ctx: CourierContext,
  orderId: number,
  target: { kind: PhotoKind; stopId?: number; latitude?: number | null; longitude?: number | null },
  bytes: () => Promise<Uint8Array>,
): Promise<Photo> {
  const order = await heldOrder(ctx, orderId);
  if (isFinished(order.status)) throw new Failure('conflict', 'Photos closed', 'This order takes no more photos.');
  if (target.kind === 'stop' && !(target.stopId && (await getStops(ctx.db, order.id)).some((stop) => stop.id === target.stopId))) {
    throw new Failure('invalid', 'Invalid request', 'A stop photo needs the stopId of a stop of this order.');
  }
  return storePhoto(
    ctx.bucket,
    ctx.db,
    courierPhoto(ctx, {
      orderId: order.id,
      kind: target.kind,
      stopId: target.kind === 'stop' ? target.stopId : undefined,
      takenAtPosition: target.latitude != null && target.longitude != null ? { lat: target.latitude, lng: target.longitude } : null,
    }),
    await bytes(),
  );
}
