/** POST /api/orders and PATCH /api/orders/:id by a business: create, edit, cancel (spec 2 §4.3, §7). Issue 4. */
import type { Context } from 'hono';
import type { AppEnv } from '../../../env';
import { ApiError } from '../../../http/errors';

export function createOrder(_c: Context<AppEnv>): Response {
  throw new ApiError(501, 'Not implemented yet');
}

export function patchOrderAsBusiness(_c: Context<AppEnv>): Response {
  throw new ApiError(501, 'Not implemented yet');
}
