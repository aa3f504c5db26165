/**
 * The cron's share of background work (every minute, issue 17): events never handed to
 * the queue, or handed over and lost, are sent again; webhook retries whose queue message
 * never came are sent again, and so are customer messages (issue 16); old events and
 * deliveries are pruned.
 */
import type { Db } from '../db/client';
import { pruneEvents, SEND_BATCH } from '../db/outbox';
import { overdueMessages } from '../db/messages';
import { overdueDeliveries } from '../db/webhooks';
import { EVENT_RETENTION_MS } from '../domain/webhooks';
import type { Env } from '../env';
import { sendPendingEvents } from './relay';

/** Batches of events one cron run sends at most (a backlog drains over a few minutes). */
const MAX_SEND_ROUNDS = 20;
/** A retry this late has lost its queue message. */
const OVERDUE_AFTER_MS = 60_000;

export async function sweepEvents(env: Env, db: Db, now = Date.now()): Promise<void> {
  for (let round = 0; round < MAX_SEND_ROUNDS; round++) {
    if ((await sendPendingEvents(env, db, { stale: true, now })) < SEND_BATCH) break;
  }
  const overdue = await overdueDeliveries(db, now, OVERDUE_AFTER_MS);
  if (overdue.length) await env.EVENTS.sendBatch(overdue.map((deliveryId) => ({ body: { deliveryId } })));
  const messages = await overdueMessages(db, now, OVERDUE_AFTER_MS);
  if (messages.length) await env.EVENTS.sendBatch(messages.map((customerMessageId) => ({ body: { customerMessageId } })));
  await pruneEvents(db, now - EVENT_RETENTION_MS);
}
