/**
 * Replies to requests sent with an Idempotency-Key (request_receipts). A client that
 * never saw a reply sends the request again; the repeat gets the first reply instead of
 * acting twice. A key is claimed before the request is handled, so two copies arriving at
 * once cannot both act, and it is bound to the request it was first sent with.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from './client';
import { requestReceipts, sessions } from './schema';

/** A write refused because its request did not claim its key (another copy did, or the key stands for another request). */
export class ClaimNotHeld extends Error {}

/** A retry comes within hours; a week is plenty. */
export const RECEIPT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A claim whose request never finished (the Worker was stopped mid-way) may be taken over after this. */
export const ABANDONED_CLAIM_MS = 60 * 1000;
/** status of a claimed key whose request is still being handled. */
const IN_PROGRESS = 0;

export type Claim =
  { state: 'claimed' } | { state: 'replay'; status: number; body: string } | { state: 'in-progress' } | { state: 'other-request' } | { state: 'signed-out' };

/**
 * Claims the key for this request, or says what the key already stands for. Forgets this
 * user's expired receipts. With `sessionId`, the claim is made only while that session of
 * the user still exists: it can then leave with the session's own check instead of after it.
 */
export async function claimReceipt(db: Db, userId: number, key: string, fingerprint: string, now = Date.now(), sessionId?: string): Promise<Claim> {
  const mine = and(eq(requestReceipts.userId, userId), eq(requestReceipts.key, key));
  const signedIn = sessionId ? sql`exists (select 1 from ${sessions} where ${sessions.id} = ${sessionId} and ${sessions.userId} = ${userId})` : sql`1`;
  const [, claimed, [existing]] = await db.batch([
    db.delete(requestReceipts).where(and(eq(requestReceipts.userId, userId), lt(requestReceipts.createdAt, now - RECEIPT_LIFETIME_MS))),
    // Only an abandoned claim of the same request is taken over.
    db.all<{ key: string }>(sql`
      insert into ${requestReceipts} (user_id, key, fingerprint, status, body, created_at)
      select ${userId}, ${key}, ${fingerprint}, ${IN_PROGRESS}, '', ${now} where ${signedIn}
      on conflict (user_id, key) do update set created_at = ${now}
      where ${requestReceipts.status} = ${IN_PROGRESS} and ${requestReceipts.createdAt} < ${now - ABANDONED_CLAIM_MS} and ${requestReceipts.fingerprint} = ${fingerprint}
      returning key`),
    db.select({ fingerprint: requestReceipts.fingerprint, status: requestReceipts.status, body: requestReceipts.body }).from(requestReceipts).where(mine),
  ]);
  if (claimed.length) return { state: 'claimed' };
  // Not claimed, and nothing there: the session had ended (its check refuses the request).
  if (!existing) return { state: 'signed-out' };
  // Receipts kept before keys were bound to their request have no fingerprint: they still replay.
  if (existing.fingerprint !== fingerprint && existing.fingerprint !== '') return { state: 'other-request' };
  if (existing.status === IN_PROGRESS) return { state: 'in-progress' };
  return { state: 'replay', status: existing.status, body: existing.body };
}

/** The reply kept for a key, once its request has finished; undefined while it runs or when it was let go. */
export async function keptReply(db: Db, userId: number, key: string): Promise<{ status: number; body: string } | undefined> {
  const [row] = await db
    .select({ status: requestReceipts.status, body: requestReceipts.body })
    .from(requestReceipts)
    .where(and(eq(requestReceipts.userId, userId), eq(requestReceipts.key, key)));
  return row && row.status !== IN_PROGRESS ? row : undefined;
}

/** Keeps the reply for the claimed key. */
export async function completeReceipt(db: Db, userId: number, key: string, status: number, body: string): Promise<void> {
  await db
    .update(requestReceipts)
    .set({ status, body })
    .where(and(eq(requestReceipts.userId, userId), eq(requestReceipts.key, key)));
}

/** Gives the key back (the reply said "try again"): the retry really runs. */
export async function releaseReceipt(db: Db, userId: number, key: string): Promise<void> {
  await db.delete(requestReceipts).where(and(eq(requestReceipts.userId, userId), eq(requestReceipts.key, key), eq(requestReceipts.status, IN_PROGRESS)));
}
