/**
 * What every courier request needs: the courier's record, whether their licence and
 * insurance are in date today (in the service time zone), and the context the courier's
 * use cases run in (src/services/courier), built from the request. Also the guards of the
 * courier's order routes and the reading of a photo's bytes.
 */
import type { Context } from 'hono';
import type { Courier } from '../db/schema';
import { DOCUMENTS_EXPIRED } from '../domain/courierFlow';
import { hasExpiredDocuments } from '../domain/documents';
import { deviceStepClock } from '../domain/stepTime';
import { DEFAULT_TIME_ZONE, dayIn, formatIn } from '../domain/time';
import type { AppEnv } from '../env';
import type { CourierContext } from '../services/courier/context';
import { alertDispatchers } from '../services/dispatch/alerts';
import { verifiedUser } from './context';
import { ApiError, badRequest } from './errors';
import { ownRecord, ownRecordId } from './ownRecord';

/** The service area's calendar day: documents are valid through their last day there. */
export function serviceToday(c: Context<AppEnv>, now = Date.now()): string {
  return dayIn(c.env.SERVICE_TIME_ZONE || DEFAULT_TIME_ZONE, now);
}

export const ownCourierId = (c: Context<AppEnv>): number => ownRecordId(c, 'courier');
export const currentCourier = (c: Context<AppEnv>): Promise<Courier> => ownRecord(c, 'courier');

export function documentsValid(c: Context<AppEnv>, courier: Courier): boolean {
  return !hasExpiredDocuments(courier, serviceToday(c));
}

/** The courier's order lists answer 403 while a document has expired (spec 3-courier-area.md §5). */
export async function requireValidDocuments(c: Context<AppEnv>): Promise<Courier> {
  const courier = await currentCourier(c);
  if (!documentsValid(c, courier)) throw new ApiError(403, DOCUMENTS_EXPIRED.error, DOCUMENTS_EXPIRED.details);
  return courier;
}

/**
 * The context a courier's use case runs in. It needs only the courier's id, which the
 * session names before its check answers: the use case's first reads leave with the check
 * (its writes wait for it, src/http/context.ts); what needs the courier's record waits too.
 */
export function courierContext(c: Context<AppEnv>): CourierContext {
  const { id, role, restaurantId } = c.var.user!;
  return {
    db: c.var.db,
    bucket: c.env.PHOTOS,
    user: { id, role, restaurantId, courierId: ownCourierId(c) },
    now: Date.now(),
    documentsValid: async () => documentsValid(c, await currentCourier(c)),
    proximityCheck: c.env.PROXIMITY_CHECK !== 'off',
    formatTime: (time) => formatIn(time, c.var.timeZone, 'h:mm a'),
    formatClock: (time) => formatIn(time, c.var.timeZone, 'h:mm:ss a'),
    device: deviceStepClock(c.req.header('x-tapped-at'), c.req.header('x-sent-at')),
    alertDispatchers: (alert) => c.executionCtx.waitUntil(verifiedUser(c).then((user) => alertDispatchers(c.env, alert(user.name)))),
  };
}

/** The bytes of a binary upload (Content-Type image/… or application/octet-stream). */
export const isBinaryUpload = (c: Context<AppEnv>) => /^(image\/|application\/octet-stream)/i.test(c.req.header('content-type') ?? '');

export async function binaryBody(c: Context<AppEnv>): Promise<Uint8Array> {
  if (!isBinaryUpload(c)) throw badRequest('Invalid request', 'Send the photo as the body, with an image Content-Type.');
  return new Uint8Array(await c.req.arrayBuffer());
}
