/**
 * What every courier request needs: the courier's record, whether their licence and
 * insurance are in date today (in the service time zone), and the context their steps
 * run in (src/db/orders/courierSteps.ts). Also the guards of the courier's order routes.
 */
import type { Context } from 'hono';
import { findOrderTakenFrom, findVisibleOrder } from '../db/orders/access';
import { findCourier } from '../db/orders/courier';
import type { CourierContext } from '../db/orders/courierSteps';
import type { Courier, Order } from '../db/schema';
import { DOCUMENTS_EXPIRED } from '../domain/courierFlow';
import { hasExpiredDocuments } from '../domain/documents';
import { DEFAULT_TIME_ZONE, dayIn, formatIn } from '../domain/time';
import type { AppEnv } from '../env';
import { ApiError, badRequest, forbidden, notFound } from './errors';

/** The service area's calendar day: documents are valid through their last day there. */
export function serviceToday(c: Context<AppEnv>, now = Date.now()): string {
  return dayIn(c.env.SERVICE_TIME_ZONE || DEFAULT_TIME_ZONE, now);
}

export async function currentCourier(c: Context<AppEnv>): Promise<Courier> {
  const courierId = c.var.user?.courierId;
  const courier = courierId ? await findCourier(c.var.db, courierId) : undefined;
  if (!courier) throw forbidden('No courier record for this account');
  return courier;
}

export function documentsValid(c: Context<AppEnv>, courier: Courier): boolean {
  return !hasExpiredDocuments(courier, serviceToday(c));
}

/** The courier's order lists answer 403 while a document has expired (spec 3 §5). */
export async function requireValidDocuments(c: Context<AppEnv>): Promise<Courier> {
  const courier = await currentCourier(c);
  if (!documentsValid(c, courier)) throw new ApiError(403, DOCUMENTS_EXPIRED.error, DOCUMENTS_EXPIRED.details);
  return courier;
}

export async function courierContext(c: Context<AppEnv>): Promise<CourierContext> {
  const courier = await currentCourier(c);
  const user = c.var.user!;
  return {
    db: c.var.db,
    bucket: c.env.PHOTOS,
    user: { ...user, courierId: courier.id },
    now: Date.now(),
    documentsValid: documentsValid(c, courier),
    proximityCheck: c.env.PROXIMITY_CHECK !== 'off',
    formatTime: (time) => formatIn(time, c.var.timeZone, 'h:mm a'),
  };
}

/**
 * The order a courier acts on: 404 when they may not see it, 403 when they see it only
 * as an offer (accept it first). With `orTakenFromCourier`, also an order just taken from
 * them (cancelled or reassigned), for the step that records the late attempt.
 */
export async function heldOrder(ctx: CourierContext, id: number, options: { orTakenFromCourier?: boolean } = {}): Promise<Order> {
  const order = await findVisibleOrder(ctx.db, ctx.user, id);
  if (!order) {
    // A workflow step may name an order just taken from the courier: stepOrder records it as refused.
    const taken = options.orTakenFromCourier ? await findOrderTakenFrom(ctx.db, ctx.user.courierId, id) : undefined;
    if (taken) return taken;
    throw notFound('Order not found');
  }
  if (order.courierId !== ctx.user.courierId) throw new ApiError(403, 'Accept the order first', 'Only the courier holding this order can update it.');
  return order;
}

/** The bytes of a binary upload (Content-Type image/… or application/octet-stream). */
export const isBinaryUpload = (c: Context<AppEnv>) => /^(image\/|application\/octet-stream)/i.test(c.req.header('content-type') ?? '');

export async function binaryBody(c: Context<AppEnv>): Promise<Uint8Array> {
  if (!isBinaryUpload(c)) throw badRequest('Invalid request', 'Send the photo as the body, with an image Content-Type.');
  return new Uint8Array(await c.req.arrayBuffer());
}
