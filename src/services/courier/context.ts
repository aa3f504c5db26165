/**
 * What every courier use case runs with, and the pieces they share: which order the
 * courier may act on, how a change that did not apply is answered, and photos that go
 * when the change they came with is refused. Failures are the domain's
 * (src/domain/failures.ts); the HTTP layer builds the context (src/http/courier.ts).
 */
import type { DispatchAlert } from '../../domain/live';
import { eq, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { findOrderTakenFrom, findVisibleOrder } from '../../db/orders/access';
import { pickupPlaceOf, type PickupPlace } from '../../db/orders/courier';
import { photoKeysOf } from '../../db/photos';
import { getStops } from '../../db/orders/read';
import { isRepeat, type ChangeResult } from '../../db/orders/change';
import { orders, type Order, type OrderStop } from '../../db/schema';
import { Failure } from '../../domain/failures';
import { stepTime, type DeviceStepClock } from '../../domain/stepTime';
import { courierStatusLabel, type OrderStatus } from '../../domain/orderStatus';
import { discardPhotos, resolvePhotos, type PhotoTarget } from '../../photos/store';

export interface CourierContext {
  db: Db;
  bucket: R2Bucket;
  user: Pick<SessionUser, 'id' | 'role' | 'restaurantId'> & { courierId: number };
  now: number;
  /** Licence and insurance are in date (today in the service time zone); known once the session check answers. */
  documentsValid: () => Promise<boolean>;
  /** PROXIMITY_CHECK is not "off" (spec 3-courier-area.md §2.13). */
  proximityCheck: boolean;
  /** A time as the courier reads it, for messages. */
  formatTime: (time: number) => string;
  /** A time with seconds, for the history's note on a step's time. */
  formatClock: (time: number) => string;
  /** The phone's clock readings for the step (when tapped, when sent), if it sent them. */
  device: DeviceStepClock | null;
  /** Tells the dispatchers, in the background, once the session is confirmed (a step that needs a person: a decline, a failed delivery). */
  alertDispatchers: (alert: (courierName: string) => DispatchAlert) => void;
}

export const actorOf = (ctx: CourierContext) => ({ userId: ctx.user.id, role: 'courier' as const });
/** The order is held by this courier (a SQL condition for compare-and-set writes). */
export const heldBy = (ctx: CourierContext) => eq(orders.courierId, ctx.user.courierId);

export const stopFacts = (stop: Pick<OrderStop, 'status' | 'deliveryPhoto' | 'returnedAt'>) => ({
  status: stop.status,
  hasPhoto: stop.deliveryPhoto != null,
  returnedAt: stop.returnedAt,
});

/**
 * The order a courier acts on: not found when they may not see it, forbidden when they
 * see it only as an offer (accept it first). With `orTakenFromCourier`, also an order just
 * taken from them (cancelled or reassigned), for the step that records the late attempt.
 */
export async function heldOrder(ctx: CourierContext, id: number | SQL, options: { orTakenFromCourier?: boolean } = {}): Promise<Order> {
  const order = await findVisibleOrder(ctx.db, ctx.user, id);
  if (!order) {
    // A workflow step may name an order just taken from the courier: it is recorded as refused.
    const taken = options.orTakenFromCourier ? await findOrderTakenFrom(ctx.db, ctx.user.courierId, id) : undefined;
    if (taken) return taken;
    throw new Failure('not_found', 'Order not found');
  }
  if (order.courierId !== ctx.user.courierId) throw new Failure('forbidden', 'Accept the order first', 'Only the courier holding this order can update it.');
  return order;
}

/** What a step reads beside its order: the stops and the pickup's place (read with the order where the caller can). */
export interface AroundOrder {
  stops: OrderStop[];
  pickup: PickupPlace | undefined;
  /** The photos uploaded for the order, which a step may name by URL. */
  photoKeys: ReadonlySet<string>;
}

/** What an answer shows of an order: the order, its stops and its pickup (courierOrderJsonOf). */
export type OrderAnswer = { order: Order } & Pick<AroundOrder, 'stops' | 'pickup'>;

export async function readAroundOrder(db: Db, orderId: number | SQL): Promise<AroundOrder> {
  const [stops, pickup, photoKeys] = await Promise.all([getStops(db, orderId), pickupPlaceOf(db, orderId), photoKeysOf(db, orderId)]);
  return { stops, pickup, photoKeys };
}

/** A change that did not apply: a repeat is the order as it is; anything else is a conflict. */
export function settled(result: ChangeResult, to: OrderStatus | undefined, holds: (order: Order) => boolean): Order {
  if (result.applied) return result.order;
  if (to && isRepeat(result, to, holds)) return result.order!;
  const now = result.order ? courierStatusLabel(result.order.status) : 'gone';
  throw new Failure('conflict', 'The order has changed', `It is now "${now}". Refresh to see it as it is.`);
}

/** Runs `work` with photos stored for it; if it fails, the photos go too. */
export async function withPhotos<T>(ctx: CourierContext, work: (stored: string[]) => Promise<T>): Promise<T> {
  const stored: string[] = [];
  try {
    return await work(stored);
  } catch (error) {
    await discardPhotos(ctx.bucket, ctx.db, stored);
    throw error;
  }
}

/**
 * A photo the courier adds: uploaded by them, to an order they must still hold when it is
 * recorded, stamped with the time it was taken on the phone when plausible (decision F7).
 */
export const courierPhoto = (ctx: CourierContext, target: Omit<PhotoTarget, 'uploadedByUserId' | 'holderCourierId'>): PhotoTarget => ({
  takenAt: stepTime(ctx.now, ctx.device, null).at,
  ...target,
  uploadedByUserId: ctx.user.id,
  holderCourierId: ctx.user.courierId,
});

/** Stores the photos named by image data strings (URLs of uploads are checked), noting the new ones in `stored`. */
export async function storeAll(
  ctx: CourierContext,
  stored: string[],
  target: Omit<PhotoTarget, 'uploadedByUserId' | 'holderCourierId'>,
  values: readonly string[],
  uploaded: ReadonlySet<string>,
): Promise<string[]> {
  if (values.length === 0) return [];
  const resolved = await resolvePhotos(ctx.bucket, ctx.db, courierPhoto(ctx, target), values, uploaded);
  stored.push(...resolved.created);
  return resolved.keys;
}
