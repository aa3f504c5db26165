/**
 * First replies to requests sent with an Idempotency-Key (request_receipts). The courier
 * app's offline queue may send a request again when it never saw the reply; the repeat
 * gets the first reply instead of acting twice.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from './client';
import { requestReceipts } from './schema';

/** A retry comes within hours; a week is plenty. */
export const RECEIPT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export async function findReceipt(db: Db, userId: number, key: string) {
  const [receipt] = await db
    .select({ status: requestReceipts.status, body: requestReceipts.body })
    .from(requestReceipts)
    .where(and(eq(requestReceipts.userId, userId), eq(requestReceipts.key, key)))
    .limit(1);
  return receipt;
}

/** Keeps the reply (the first one wins a race) and forgets this user's expired ones. */
export async function saveReceipt(db: Db, userId: number, key: string, status: number, body: string, now = Date.now()): Promise<void> {
  await db.batch([
    db.insert(requestReceipts).values({ userId, key, status, body, createdAt: now }).onConflictDoNothing(),
    db.delete(requestReceipts).where(and(eq(requestReceipts.userId, userId), lt(requestReceipts.createdAt, now - RECEIPT_LIFETIME_MS))),
  ]);
}
