/**
 * What a courier does to an order (spec 3 §4.3–4.5): accept or decline it, walk it
 * through the workflow, add its photos, deliver its stops. Every change goes through
 * changeOrder (compare-and-set with the history); the conditions are the domain's
 * (stepRefusal, stopStepRefusal in src/domain/courierFlow.ts). A refusal is an ApiError
 * with the courier's words; a repeat of a step already taken answers like a success.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session';
import {
  completionRefusal,
  currentStop,
  DOCUMENTS_EXPIRED,
  isPharmacyOrder,
  ORDER_TAKEN,
  STOP_DELIVERY_PHASE,
  stepRefusal,
  stopStepRefusal,
  type Refusal,
} from '../../domain/courierFlow';
import { isLateCancellation, LATE_CANCELLATION_FEE } from '../../domain/fees';
import { haversineMeters } from '../../domain/geo';
import { formatUsd } from '../../domain/money';
import { COMPLETED_STATUSES, courierStatusLabel, isFinished, type OrderStatus, type StopStatus } from '../../domain/orderStatus';
import { MAX_ORDER_PHOTOS } from '../../domain/photos';
import { ApiError, badRequest, conflict } from '../../http/errors';
import { discardPhotos, resolvePhotos, storePhoto, type PhotoTarget } from '../../photos/store';
import type { Db } from '../client';
import { orderDeclines, orders, orderStops, restaurants, type Order, type OrderStop } from '../schema';
import { offeredTo } from './access';
import { changeOrder, isRepeat, type ChangeResult } from './change';
import { getStops } from './read';
import { photoUrl } from './serialize';

export interface CourierContext {
  db: Db;
  bucket: R2Bucket;
  user: Pick<SessionUser, 'id' | 'role' | 'courierId' | 'zoneId' | 'restaurantId'> & { courierId: number };
  now: number;
  /** Licence and insurance are in date (today in the service time zone). */
  documentsValid: boolean;
  /** PROXIMITY_CHECK is not "off" (spec 3 §2.13). */
  proximityCheck: boolean;
  /** A time as the courier reads it, for messages. */
  formatTime: (time: number) => string;
}

export interface StepInput {
  status?: OrderStatus;
  deliveryPhotos?: string[];
  deliveryNotes?: string | null;
  pharmacyPickupPhoto?: string | null;
  courierLatitude?: number | null;
  courierLongitude?: number | null;
  acceptLateFee?: boolean;
}

export interface StopInput {
  status: StopStatus;
  deliveryPhoto?: string | null;
  deliveryNotes?: string | null;
}

const refuse = (refusal: Refusal, status: 403 | 409 = 409) => new ApiError(status, refusal.error, refusal.details);

const actorOf = (ctx: CourierContext) => ({ userId: ctx.user.id, role: 'courier' as const });
const heldBy = (ctx: CourierContext) => eq(orders.courierId, ctx.user.courierId);

const stopFacts = (stop: Pick<OrderStop, 'status' | 'deliveryPhoto'>) => ({ status: stop.status, hasPhoto: stop.deliveryPhoto != null });

/** A change that did not apply: a repeat is the order as it is; anything else is a conflict. */
function settled(result: ChangeResult, to: OrderStatus | undefined, holds: (order: Order) => boolean): Order {
  if (result.applied) return result.order;
  if (to && isRepeat(result, to, holds)) return result.order!;
  const now = result.order ? courierStatusLabel(result.order.status) : 'gone';
  throw conflict('The order has changed', `It is now "${now}". Refresh to see it as it is.`);
}

/** Runs `work` with photos stored for it; if it fails, the photos go too. */
async function withPhotos<T>(ctx: CourierContext, work: (stored: string[]) => Promise<T>): Promise<T> {
  const stored: string[] = [];
  try {
    return await work(stored);
  } catch (error) {
    await discardPhotos(ctx.bucket, ctx.db, stored);
    throw error;
  }
}

async function storeAll(ctx: CourierContext, stored: string[], target: Omit<PhotoTarget, 'uploadedByUserId'>, values: readonly string[]): Promise<string[]> {
  if (values.length === 0) return [];
  const resolved = await resolvePhotos(ctx.bucket, ctx.db, { ...target, uploadedByUserId: ctx.user.id }, values);
  stored.push(...resolved.created);
  return resolved.keys;
}

function mergedPhotos(existing: readonly string[], added: readonly string[]): string[] {
  const merged = [...new Set([...existing, ...added])];
  if (merged.length > MAX_ORDER_PHOTOS) throw badRequest('Too many photos', `An order keeps at most ${MAX_ORDER_PHOTOS} delivery photos.`);
  return merged;
}

// ---------------------------------------------------------------------------
// Accept and decline (POST /api/orders/:id/courier-response)
// ---------------------------------------------------------------------------

/**
 * First come, first served: of couriers accepting one offer at once, exactly one gets it
 * (the compare-and-set requires the order still unheld); the others get 409.
 */
export async function acceptOrder(ctx: CourierContext, order: Order): Promise<Order> {
  if (!ctx.documentsValid) throw refuse(DOCUMENTS_EXPIRED, 403);
  const mine = (current: Order) => current.courierId === ctx.user.courierId;
  if (mine(order) && order.status === 'courier_confirmed') return order;
  if (mine(order) && order.status === 'assigned') {
    const result = await changeOrder(ctx.db, { orderId: order.id, from: ['assigned'], to: 'courier_confirmed', where: heldBy(ctx), actor: actorOf(ctx), action: 'accept', now: ctx.now });
    return settled(result, 'courier_confirmed', mine);
  }
  if (order.status !== 'pending_courier') throw refuse(ORDER_TAKEN);
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
    if (result.order.status === 'pending_courier') throw conflict('Order declined', 'You declined this order; it is offered to the other couriers.');
    if (!mine(result.order)) throw refuse(ORDER_TAKEN);
  }
  return settled(result, 'courier_confirmed', mine);
}

/**
 * Declining an offer hides it from this courier and leaves it offered to the others;
 * giving back an order they hold returns it to the dispatcher (docs/decisions.md D19).
 */
export async function declineOrder(ctx: CourierContext, order: Order, acceptLateFee: boolean): Promise<Order> {
  if (order.courierId === ctx.user.courierId) return stepOrder(ctx, order, { status: 'courier_rejected', acceptLateFee });
  if (order.status !== 'pending_courier') throw refuse(ORDER_TAKEN);
  await ctx.db.insert(orderDeclines).values({ orderId: order.id, courierId: ctx.user.courierId, at: ctx.now }).onConflictDoNothing();
  const result = await changeOrder(ctx.db, {
    orderId: order.id,
    from: ['pending_courier'],
    where: isNull(orders.courierId),
    actor: actorOf(ctx),
    action: 'reject',
    detail: 'Declined the offer to the zone',
    now: ctx.now,
  });
  return result.order ?? order;
}

// ---------------------------------------------------------------------------
// Workflow steps (PATCH /api/orders/:id)
// ---------------------------------------------------------------------------

async function pickupPosition(db: Db, order: Order) {
  const [place] = await db.select({ lat: restaurants.latitude, lng: restaurants.longitude }).from(restaurants).where(eq(restaurants.id, order.restaurantId));
  return place?.lat != null && place.lng != null ? { lat: place.lat, lng: place.lng } : null;
}

/** The history's note on a step: the fee of a late cancellation, how far from the pickup an arrival was. */
function stepDetail(order: Order, to: OrderStatus, now: number, distance: number | null, positionSent: boolean): string | null {
  if ((to === 'cancelled' || to === 'courier_rejected') && isLateCancellation(order.pickupTime, now)) {
    return `Late cancellation fee ${formatUsd(LATE_CANCELLATION_FEE)}`;
  }
  if (to === 'arrived_at_pickup' || to === 'arrived_at_pharmacy') {
    if (distance != null) return `Arrived ${Math.round(distance)} m from the pickup`;
    if (!positionSent) return 'Arrived without a device position';
  }
  return null;
}

/** A step of the workflow, with the photos and notes that come with it. */
export async function stepOrder(ctx: CourierContext, order: Order, input: StepInput): Promise<Order> {
  if (order.courierId !== ctx.user.courierId) {
    // Taken from the courier since their screen last saw it (an admin cancelled or
    // reassigned it): the attempt is recorded as refused beside the change that won (S4).
    const attempt = await changeOrder(ctx.db, { orderId: order.id, from: [order.status], to: input.status, where: heldBy(ctx), actor: actorOf(ctx), action: input.status ? 'status' : 'edit', now: ctx.now });
    return settled(attempt, undefined, () => false);
  }
  const to = input.status && input.status !== order.status ? input.status : undefined;
  const repeat = input.status !== undefined && to === undefined;
  const hasExtras = !!input.deliveryPhotos?.length || input.pharmacyPickupPhoto != null || input.deliveryNotes !== undefined;
  // The same step again (an offline retry, "Continue to New Orders"): harmless.
  if (repeat && !hasExtras) return order;
  if (!to) assertTakesPhotos(order);

  return withPhotos(ctx, async (stored) => {
    const pharmacy = isPharmacyOrder(order);
    const added = await storeAll(ctx, stored, { orderId: order.id, kind: 'delivery' }, input.deliveryPhotos ?? []);
    const [pickupPhoto] = await storeAll(ctx, stored, { orderId: order.id, kind: 'pharmacy_pickup' }, input.pharmacyPickupPhoto ? [input.pharmacyPickupPhoto] : []);
    const photos = mergedPhotos(order.deliveryPhotos, added);
    const stops = await getStops(ctx.db, order.id);

    const position = input.courierLatitude != null && input.courierLongitude != null ? { lat: input.courierLatitude, lng: input.courierLongitude } : null;
    const arriving = to === 'arrived_at_pickup' || to === 'arrived_at_pharmacy';
    const pickup = arriving && position && ctx.proximityCheck ? await pickupPosition(ctx.db, order) : null;
    const distance = position && pickup ? haversineMeters(position, pickup) : null;

    if (to) {
      const refusal = stepRefusal(order, to, {
        now: ctx.now,
        pharmacy,
        documentsValid: ctx.documentsValid,
        distanceToPickupM: distance,
        photoCount: photos.length,
        hasPickupPhoto: (pickupPhoto ?? order.pharmacyPickupPhoto) != null,
        stops: stops.map(stopFacts),
        acceptLateFee: input.acceptLateFee ?? false,
        formatTime: ctx.formatTime,
      });
      if (refusal) throw refuse(refusal, refusal.error === DOCUMENTS_EXPIRED.error ? 403 : 409);
    }

    const set: Partial<typeof orders.$inferInsert> = {};
    if (added.length) set.deliveryPhotos = photos;
    if (pickupPhoto) set.pharmacyPickupPhoto = pickupPhoto;
    if (input.deliveryNotes !== undefined) set.deliveryNotes = input.deliveryNotes;
    if (to === 'courier_rejected') set.courierId = null;

    const result = await changeOrder(ctx.db, {
      orderId: order.id,
      from: [order.status],
      to,
      set,
      where: heldBy(ctx),
      // Given back, the order no longer names the courier; a retry still finds it done.
      alreadyDone: to === 'courier_rejected' ? and(eq(orders.status, 'courier_rejected'), isNull(orders.courierId)) : undefined,
      actor: actorOf(ctx),
      action: to === 'courier_rejected' ? 'reject' : to ? 'status' : 'edit',
      detail: to ? stepDetail(order, to, ctx.now, distance, position != null) : null,
      now: ctx.now,
    });
    const changed = settled(result, to, (current) => to === 'courier_rejected' || current.courierId === ctx.user.courierId);
    if (to && stops.length && STOP_DELIVERY_PHASE.has(to)) await startCurrentStop(ctx, stops);
    return changed;
  });
}

/** Photos and notes are added from the pickup on, and to a completed order (proof may come late). */
function assertTakesPhotos(order: Order): void {
  if (!STOP_DELIVERY_PHASE.has(order.status) && !COMPLETED_STATUSES.has(order.status)) {
    throw conflict('Not delivering yet', 'Photos and notes are added during the delivery.');
  }
}

/**
 * Photos and notes of the delivery (POST /api/orders/:id/delivery-photos): image data
 * strings or URLs of uploaded photos, or one photo's bytes. They are added to the order's.
 */
export async function addDeliveryPhotos(ctx: CourierContext, order: Order, photos: string[] | Uint8Array, notes?: string | null): Promise<Order> {
  if (!(photos instanceof Uint8Array)) return stepOrder(ctx, order, { deliveryPhotos: photos, deliveryNotes: notes });
  assertTakesPhotos(order);
  return withPhotos(ctx, async (stored) => {
    const photo = await storePhoto(ctx.bucket, ctx.db, { orderId: order.id, kind: 'delivery', uploadedByUserId: ctx.user.id }, photos);
    stored.push(photo.key);
    return stepOrder(ctx, order, { deliveryPhotos: [photoUrl(photo.key)], deliveryNotes: notes });
  });
}

/** Uploads for a later step (POST /api/orders/:id/photos) are taken until the order is finished. */
export const canUploadPhotos = (order: Order) => !isFinished(order.status);

// ---------------------------------------------------------------------------
// Stops (PATCH /api/order-stops/:stopId)
// ---------------------------------------------------------------------------

/** Once the packages are in the car, the first stop still pending is on the way (spec 3 §4.5). */
async function startCurrentStop(ctx: CourierContext, stops: readonly OrderStop[]): Promise<void> {
  const current = currentStop(stops);
  if (!current || current.status !== 'pending') return;
  await ctx.db
    .update(orderStops)
    .set({ status: 'on_way', updatedAt: ctx.now })
    .where(and(eq(orderStops.id, current.id), eq(orderStops.status, 'pending')));
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
    await startCurrentStop(ctx, stops);
    await changeOrder(ctx.db, pharmacy
      ? { ...base, from: ['pharmacy_picked_up'], to: 'in_pharmacy_delivery', detail: `Stop ${delivered.sequence} delivered` }
      : { ...base, from: ['arrived_at_customer', 'setup_in_progress'], to: 'on_way_to_customer', detail: `Stop ${delivered.sequence} delivered` });
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

export async function stepStop(ctx: CourierContext, order: Order, stop: OrderStop, input: StopInput): Promise<void> {
  const detail = `Stop ${stop.sequence} (${stop.customerName}): ${input.status.replace('_', ' ')}`;
  if (order.courierId !== ctx.user.courierId) {
    // Taken from the courier (cancelled or reassigned) before this step arrived: recorded as refused, answered 409 (S4).
    const attempt = await changeOrder(ctx.db, { orderId: order.id, from: [order.status], where: heldBy(ctx), actor: actorOf(ctx), action: 'stop', detail, now: ctx.now });
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
        ? completionRefusal({ pharmacy, photoCount: order.deliveryPhotos.length, hasPickupPhoto: order.pharmacyPickupPhoto != null, stops: after.map(stopFacts) })
        : null,
    });
    if (refusal) throw refuse(refusal);

    const arrives = input.status === 'arrived' || input.status === 'delivered';
    // The stop moves only while this courier still holds the order in its delivery phase,
    // checked in the same statement; the order's history then records the step only if
    // the stop really moved, in the same transaction: a cancel cannot fall in between.
    const stopUpdate = ctx.db
      .update(orderStops)
      .set({
        status: input.status,
        arrivedTime: arrives ? (stop.arrivedTime ?? ctx.now) : stop.arrivedTime,
        deliveredTime: input.status === 'delivered' ? ctx.now : stop.deliveredTime,
        deliveryPhoto: photo,
        deliveryNotes: input.deliveryNotes !== undefined ? input.deliveryNotes : stop.deliveryNotes,
        updatedAt: ctx.now,
      })
      .where(
        and(
          eq(orderStops.id, stop.id),
          eq(orderStops.status, stop.status),
          sql`exists (select 1 from ${orders} where ${orders.id} = ${order.id} and ${heldBy(ctx)} and ${inArray(orders.status, [...STOP_DELIVERY_PHASE])})`,
        ),
      )
      .returning();
    const stopMoved = sql`exists (select 1 from ${orderStops} where ${orderStops.id} = ${stop.id} and ${orderStops.status} = ${input.status} and ${orderStops.updatedAt} = ${ctx.now})`;
    const result = await changeOrder(
      ctx.db,
      {
        orderId: order.id,
        from: [...STOP_DELIVERY_PHASE],
        where: and(heldBy(ctx), stopMoved),
        actor: actorOf(ctx),
        action: 'stop',
        detail,
        now: ctx.now,
      },
      stopUpdate,
    );
    const [updated] = result.companion ?? [];
    if (!updated) {
      if (result.order && result.order.courierId === ctx.user.courierId && STOP_DELIVERY_PHASE.has(result.order.status)) {
        throw conflict('The stop has changed', 'Refresh to see it as it is.');
      }
      settled(result, undefined, () => false); // throws: the order was taken from the courier meanwhile
    }
    if (input.status === 'delivered') await afterStopDelivered(ctx, order, after, updated);
  });
}
