/**
 * Idempotency-Key: a write sent again with the same key (by the same user) gets the
 * first reply, without acting again. Replies that say "try later" (5xx, 408, 429) or
 * "sign in" (401) are not kept, so the retry really runs.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { findReceipt, saveReceipt } from '../db/receipts';
import type { AppEnv } from '../env';
import { handleError } from './errorHandler';
import { badRequest } from './errors';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const NOT_KEPT = new Set([401, 408, 429]);

/**
 * Runs `handle` once per key and owner (the signed-in user, or the business an API key
 * speaks for); refusals it throws are answered (and kept) like replies.
 */
export async function idempotently<E extends AppEnv>(c: Context<E>, handle: () => Promise<Response>, ownerId = c.var.user?.id): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (!key || ownerId == null) return handle();
  if (!KEY.test(key)) throw badRequest(`Invalid ${IDEMPOTENCY_HEADER}`, 'Use 8 to 100 letters, digits, - or _.');
  const db = c.var.db;
  const receipt = await findReceipt(db, ownerId, key);
  if (receipt) {
    return new Response(receipt.body, {
      status: receipt.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Idempotent-Replayed': 'true', 'Cache-Control': 'no-store' },
    });
  }
  let response: Response;
  try {
    response = await handle();
  } catch (error) {
    // The error handler reads only what every request has (the path, the headers it sets).
    response = await handleError(error as Error, c as unknown as Context<AppEnv>);
  }
  if (response.status < 500 && !NOT_KEPT.has(response.status)) {
    await saveReceipt(db, ownerId, key, response.status, await response.clone().text());
  }
  return response;
}

export const idempotent: MiddlewareHandler<AppEnv> = (c, next) =>
  idempotently(c, async () => {
    await next();
    return c.res;
  });
