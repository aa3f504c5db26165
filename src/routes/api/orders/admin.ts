/** PATCH /api/orders/:id by an admin: assign, offer to the zone, cancel, edit (spec 1 §4.4, §7.3). Issue 3. */
import type { Context } from 'hono';
import type { AppEnv } from '../../../env';
import { ApiError } from '../../../http/errors';

export function patchOrderAsAdmin(_c: Context<AppEnv>): Response {
  throw new ApiError(501, 'Not implemented yet');
}
