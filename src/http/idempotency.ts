/**
 * Idempotency-Key (the IETF httpapi draft): a write sent again with the same key (by the
 * same user) gets the first reply, without acting again. The key is claimed before the
 * request writes anything (its reads go meanwhile, with the claim), so a copy arriving
 * meanwhile waits for the first reply (or, past a few seconds, is told to wait: 409), and
 * it is bound to the method, path and body it was first sent with (another request with
 * it: 422). Replies
 * that say "try later" (5xx, 408, 429) or "sign in" (401) are not kept, so the retry runs.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { sha256Hex } from '../domain/tokens';
import type { Db } from '../db/client';
import { ClaimNotHeld, claimReceipt, completeReceipt, keptReply, releaseReceipt, type Claim } from '../db/receipts';
import type { AppEnv } from '../env';
import { handleError } from './errorHandler';
import { ApiError, badRequest, conflict, unauthorized } from './errors';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Marks a kept reply given again (the IETF draft's convention). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const NOT_KEPT = new Set([401, 408, 429]);

/** What the key is bound to: the method, the path with its query, and the body's bytes. */
async function requestFingerprint(c: Context): Promise<string> {
  const url = new URL(c.req.url);
  const body = c.req.raw.body ? new Uint8Array(await c.req.arrayBuffer()) : new Uint8Array();
  const bodyHash = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return sha256Hex(`${c.req.method} ${url.pathname}${url.search}\n${[...bodyHash].join(',')}`);
}

/**
 * Runs `handle` once per key and owner (the signed-in user, or the business an API key
 * speaks for); refusals it throws are answered (and kept) like replies.
 */
async function idempotently(c: Context<AppEnv>, handle: () => Promise<Response>, ownerId: number | undefined): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (!key || ownerId == null) return handle();
  if (!KEY.test(key)) throw badRequest(`Invalid ${IDEMPOTENCY_HEADER}`, 'Use 8 to 100 letters, digits, - or _.');
  const db = c.var.bookkeepingDb;
  // The claim leaves with the session's check (it holds only while the session exists) and the
  // handler's first reads; the handler's writes wait for it, and are refused unsent if it fails.
  const claim = claimReceipt(db, ownerId, key, await requestFingerprint(c), Date.now(), c.var.user?.sessionId);
  c.var.writeGate.hold(
    claim.then(
      (outcome) => outcome.state === 'claimed',
      () => false,
    ),
    () => new ClaimNotHeld(),
  );
  const handled = handle().catch((error: unknown) => handleError(error as Error, c));
  const outcome = await claim.catch(async (error: unknown) => {
    await handled;
    throw error;
  });
  if (outcome.state !== 'claimed') {
    // The handler's writes were refused: nothing of its answer is kept, not even its headers.
    await handled;
    const kept = outcome.state === 'in-progress' ? await replyOnceKept(db, ownerId, key) : outcome;
    c.res = undefined;
    c.res = answerFor(kept);
    return c.res;
  }
  const response = await handled;
  if (response.status < 500 && !NOT_KEPT.has(response.status)) {
    // Kept after the answer, which does not wait for it; a copy arriving meanwhile waits for it (replyOnceKept).
    const body = await response.clone().text();
    c.executionCtx.waitUntil(
      completeReceipt(db, ownerId, key, response.status, body).catch((error: Error) => console.error('idempotency receipt not kept', error.message)),
    );
  } else {
    // Let go before the answer leaves: the retry it asks for must find the key free.
    await releaseReceipt(db, ownerId, key);
  }
  return response;
}

/** How long a copy waits for the reply of the request that holds its key. */
const COPY_WAIT_MS = 3000;
const COPY_POLL_MS = 100;

/**
 * A copy of a request still being handled (sent twice at once, or again the moment its
 * answer arrived, before its receipt was kept): waits for the first reply and answers it,
 * or, past COPY_WAIT_MS, says the request is still in progress (409).
 */
async function replyOnceKept(db: Db, ownerId: number, key: string): Promise<Exclude<Claim, { state: 'claimed' }>> {
  for (const deadline = Date.now() + COPY_WAIT_MS; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, COPY_POLL_MS));
    const reply = await keptReply(db, ownerId, key);
    if (reply) return { state: 'replay', ...reply };
  }
  return { state: 'in-progress' };
}

/** What a key already stands for, when this request did not claim it. */
function answerFor(outcome: Exclude<Claim, { state: 'claimed' }>): Response {
  switch (outcome.state) {
    case 'replay':
      return new Response(outcome.body, {
        status: outcome.status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', [REPLAYED_HEADER]: 'true', 'Cache-Control': 'private, no-store' },
      });
    case 'in-progress':
      throw conflict('Request in progress', `A request with this ${IDEMPOTENCY_HEADER} is still being handled; ask again in a moment to get its answer.`);
    case 'other-request':
      throw new ApiError(
        422,
        `${IDEMPOTENCY_HEADER} already used`,
        `This ${IDEMPOTENCY_HEADER} was first sent with another request; use a new key for a new request.`,
      );
    case 'signed-out':
      throw unauthorized();
  }
}

/** Idempotency for the routes of an owner other than the signed-in user (the integrations API's business). */
export function idempotentFor<E extends AppEnv>(owner: (c: Context<E>) => number | undefined): MiddlewareHandler<E> {
  return (c, next) =>
    // The receipts and the error handler read only what every request has.
    idempotently(
      c as unknown as Context<AppEnv>,
      async () => {
        await next();
        return c.res;
      },
      owner(c),
    );
}

export const idempotent: MiddlewareHandler<AppEnv> = idempotentFor((c) => c.var.user?.id);
