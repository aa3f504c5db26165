/**
 * The courier's side of /api/orders (spec 3 §7.3): /courier, /courier/assigned,
 * /courier/active, /courier/scheduled, /:id/courier-response, /:id/delivery-photos,
 * and PATCH /:id workflow steps. Issue 5.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../../env';
import { ApiError } from '../../../http/errors';

const courierOrders = new Hono<AppEnv>();

export default courierOrders;

export function patchOrderAsCourier(_c: Context<AppEnv>): Response {
  throw new ApiError(501, 'Not implemented yet');
}
