/**
 * The event outbox (issue 17). Rows are written by triggers on orders in the same
 * transaction as the change (migration 0009), or here for a test event. A sender claims
 * rows (queued_at) and hands their ids to the queue; the consumer marks a row processed
 * once every subscriber has taken it. What stays unprocessed is sent again by the cron.
 */
import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { newEventId } from '../domain/webhooks';
import type { Db } from './client';
import { eventOutbox, webhookDeliveries, type OutboxEvent } from './schema';

/** Rows one sender hands to the queue at once (a queue batch takes at most 100 messages). */
export const SEND_BATCH = 100;
/** A claimed row still unprocessed after this long is sent again (its message was lost, or the consumer failed). */
export const RESEND_AFTER_MS = 2 * 60_000;

/**
 * Claims up to SEND_BATCH events for sending: those never sent, and (with `stale`) those
 * sent long ago and still not processed. One statement, so two senders never claim the
 * same row.
 */
export async function claimEventsToSend(db: Db, now: number, options: { stale?: boolean } = {}): Promise<Array<{ id: number; restaurantId: number }>> {
  const due = options.stale ? or(isNull(eventOutbox.queuedAt), lt(eventOutbox.queuedAt, now - RESEND_AFTER_MS)) : isNull(eventOutbox.queuedAt);
  const rows = await db
    .update(eventOutbox)
    .set({ queuedAt: now })
    .where(
      inArray(
        eventOutbox.id,
        db
          .select({ id: eventOutbox.id })
          .from(eventOutbox)
          .where(and(isNull(eventOutbox.processedAt), due))
          .orderBy(eventOutbox.id)
          .limit(SEND_BATCH),
      ),
    )
    .returning({ id: eventOutbox.id, restaurantId: eventOutbox.restaurantId });
  return rows.sort((a, b) => a.id - b.id);
}

/** Gives claimed events back, when the queue refused them: the next sender takes them at once. */
export async function unclaimEvents(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await db
      .update(eventOutbox)
      .set({ queuedAt: null })
      .where(and(inArray(eventOutbox.id, [...ids]), isNull(eventOutbox.processedAt)));
}

/** A webhook.test event for the business ("Send test event"); its id for the answer. */
export async function insertTestEvent(db: Db, restaurantId: number): Promise<OutboxEvent> {
  const [row] = await db.insert(eventOutbox).values({ publicId: newEventId(), kind: 'webhook.test', restaurantId }).returning();
  return row;
}

/**
 * Events the seed wrote as history (demo and scale data): nobody was listening when
 * they "happened", so they are marked processed rather than sent.
 */
export async function settleSeededEvents(db: Db, now = Date.now()): Promise<void> {
  await db.update(eventOutbox).set({ queuedAt: now, processedAt: now }).where(isNull(eventOutbox.processedAt));
}

/** Drops processed events and finished deliveries older than `before` (their attempts go with them), a bounded number per run. */
export async function pruneEvents(db: Db, before: number, limit = 1000): Promise<void> {
  await db.batch([
    db.delete(webhookDeliveries).where(
      inArray(
        webhookDeliveries.id,
        db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(lt(webhookDeliveries.createdAt, before), sql`${webhookDeliveries.status} <> 'pending'`))
          .limit(limit),
      ),
    ),
    db.delete(eventOutbox).where(
      inArray(
        eventOutbox.id,
        db
          .select({ id: eventOutbox.id })
          .from(eventOutbox)
          .where(
            and(
              lt(eventOutbox.createdAt, before),
              sql`${eventOutbox.processedAt} is not null`,
              sql`not exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.eventId} = ${eventOutbox.id})`,
            ),
          )
          .limit(limit),
      ),
    ),
  ]);
}
