/**
 * Hands outbox events to the queue (issue 17). Order changes write their events in their
 * own transaction (triggers); after the answer has gone, the request that made them sends
 * what is waiting (waitUntil), so no action waits for the queue and a queue outage loses
 * nothing: the cron sends again whatever stays unprocessed.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { claimEventsToSend, SEND_BATCH, unclaimEvents } from '../db/outbox';
import type { AppEnv, Env } from '../env';
import { REPLAYED_HEADER } from '../http/idempotency';

/** Batches one sender hands over at most: a backlog larger than this waits for the next sender or the cron. */
const MAX_BATCHES = 10;

/**
 * Claims waiting events and sends their ids, a queue batch at a time until none wait (a
 * backlog does not hold back the newest event); answers how many. With `stale`, also
 * those sent long ago and still unprocessed.
 */
export async function sendPendingEvents(env: Pick<Env, 'EVENTS'>, db: Db, options: { stale?: boolean; now?: number } = {}): Promise<number> {
  let sent = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const events = await claimEventsToSend(db, options.now ?? Date.now(), options);
    if (events.length === 0) break;
    try {
      await env.EVENTS.sendBatch(events.map(({ id, restaurantId }) => ({ body: { outboxId: id, restaurantId } })));
    } catch (error) {
      await unclaimEvents(
        db,
        events.map((event) => event.id),
      );
      throw error;
    }
    sent += events.length;
    if (events.length < SEND_BATCH) break;
  }
  return sent;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether this request's own handler changed something: a write that succeeded, and not a
 * kept reply given again for a repeated Idempotency-Key (its writes were refused unsent;
 * the first request sent its events and pushes).
 */
export const changedSomething = (c: Context<AppEnv>) => !READS.has(c.req.method) && c.res.status < 400 && !c.res.headers.has(REPLAYED_HEADER);

/**
 * For the routes that change orders: after a successful write, send the events it made
 * (and any others waiting) in the background.
 */
export const relayEvents: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!changedSomething(c)) return;
  c.executionCtx.waitUntil(sendPendingEvents(c.env, c.var.db).catch((error: Error) => console.error('sending events failed; the cron will', error.message)));
};
