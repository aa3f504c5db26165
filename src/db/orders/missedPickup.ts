/**
 * Missed pickups (decision D17): an order that a courier holds but never went
 * online for becomes missed_pickup 15 minutes after its pickup time, recorded as a
 * system event, so the dispatcher sees it pulse and reassigns it.
 *
 * The 15 minutes also run from the order's last change: an order reassigned after its
 * pickup time gives the new courier the same 15 minutes instead of being marked again
 * at once.
 *
 * Run every minute by the Worker's cron trigger (src/worker.ts) and, because cron does
 * not fire under `wrangler dev`, whenever the admin orders list is rendered. Runs that
 * overlap are harmless: each mark is a compare-and-set, so an order is marked once.
 */
import { and, eq, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import { COURIER_NOT_STARTED, MISSED_PICKUP_GRACE_MINUTES, type OrderStatus } from '../../domain/orderStatus';
import type { Db } from '../client';
import { orders } from '../schema';
import { changeOrder } from './change';

const GRACE_MS = MISSED_PICKUP_GRACE_MINUTES * 60_000;
/** Changes sent to the database at once. */
const CONCURRENCY = 10;

/**
 * Marks orders that are due as missed_pickup, at most `limit` of them (more wait for the
 * next run, so one run stays short); returns how many were marked.
 */
/** Marks what is due and answers the ids of the orders it marked. */
export async function markMissedPickups(db: Db, { limit, now = Date.now() }: { limit: number; now?: number }): Promise<number[]> {
  const deadline = now - GRACE_MS;
  const due = and(isNotNull(orders.courierId), isNull(orders.goOnlineTime), lte(orders.pickupTime, deadline), lte(orders.updatedAt, deadline));
  const candidates = await db
    .select({ id: orders.id, status: orders.status, courierId: orders.courierId })
    .from(orders)
    .where(and(inArray(orders.status, [...COURIER_NOT_STARTED]), due))
    .limit(limit);
  const marked: number[] = [];
  for (let start = 0; start < candidates.length; start += CONCURRENCY) {
    const batch = candidates.slice(start, start + CONCURRENCY);
    const results = await Promise.all(batch.map((candidate) => markOne(db, candidate, due, now)));
    marked.push(...batch.filter((_, index) => results[index]).map((candidate) => candidate.id));
  }
  return marked;
}

/**
 * The same conditions again, inside the compare-and-set: a courier who goes online
 * between the read and this write keeps the order.
 */
async function markOne(db: Db, candidate: { id: number; status: OrderStatus; courierId: number | null }, due: SQL | undefined, now: number): Promise<boolean> {
  const result = await changeOrder(db, {
    orderId: candidate.id,
    from: [candidate.status],
    to: 'missed_pickup',
    where: and(due, eq(orders.courierId, candidate.courierId!)),
    actor: { userId: null, role: 'system' },
    action: 'missed_pickup',
    detail: `Courier #${candidate.courierId} did not go online within ${MISSED_PICKUP_GRACE_MINUTES} minutes of the pickup time`,
    now,
  });
  return result.applied;
}
