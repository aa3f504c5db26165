/**
 * The EVENTS queue's consumer (issue 17). The outbox events of a queue batch are handled
 * together, in three database round trips whatever their number (decision P31-1): what they
 * need is read at once, their webhook deliveries and customer messages are recorded with
 * the events marked processed in one transaction, then sent in parallel (each endpoint's
 * and each customer's in order), and the outcomes recorded together. The other messages
 * (a webhook retry, a message retry, a courier arriving soon) are handled one by one, at
 * once. Every step is safe to repeat (the queue delivers at least once, and the cron may
 * send an event again): a failure retries the message.
 */
import type { Db } from '../db/client';
import { createDb } from '../db/client';
import { readEventBatch, recordEventBatch, recordOutcomes } from '../db/eventBatch';
import type { MessageOutcome } from '../db/messages';
import { signingSecret } from '../db/signingKeys';
import type { AttemptOutcome, DeliveryAttempt, NewDelivery } from '../db/webhooks';
import type { Env, EventMessage } from '../env';
import { messagesOfEvent, queueArrivingSoon, retryDelayOf, sendClaimedMessage, sendCustomerMessage } from '../messages/sending';
import { attemptDelivery, deliveryFor, retryOf, sendAttempt } from '../webhooks/delivery';
import { tellTrackingPages } from './tracking';

/** A message that failed (the database was unreachable) comes back after this long. */
const RETRY_FAILED_MESSAGE_S = 30;
/** A queue's sendBatch takes at most this many messages. */
const QUEUE_BATCH = 100;

/** Runs `send` on every item, groups in parallel and each group's items one after another, in the order given. */
async function inOrderPerGroup<T, R>(items: readonly T[], groupOf: (item: T) => unknown, send: (item: T, earlier: R[]) => Promise<R>): Promise<Array<[T, R]>> {
  const groups = new Map<unknown, T[]>();
  for (const item of items) groups.set(groupOf(item), [...(groups.get(groupOf(item)) ?? []), item]);
  const done = await Promise.all(
    [...groups.values()].map(async (group) => {
      const results: Array<[T, R]> = [];
      for (const item of group)
        results.push([
          item,
          await send(
            item,
            results.map(([, result]) => result),
          ),
        ]);
      return results;
    }),
  );
  return done.flat();
}

/**
 * An endpoint that has just failed one of the batch's events is not tried again for the
 * next ones: they fail with it and follow the retry schedule, so a receiver that times out
 * holds the batch for one attempt's timeout, not one per event.
 */
function notTried(attempt: DeliveryAttempt, failed: AttemptOutcome): AttemptOutcome {
  return { ...failed, statusCode: null, durationMs: 0, error: 'Not sent: the endpoint had just failed an earlier event' };
}

/** Handles the outbox events named: see the file's comment. */
export async function handleEventBatch(env: Env, db: Db, outboxIds: readonly number[]): Promise<void> {
  const [batch, photoSecret] = await Promise.all([readEventBatch(db, outboxIds), signingSecret(db, 'photo_links')]);
  if (!batch.events.length) return;
  // Before anything is recorded: if a Durable Object cannot be reached, the whole batch runs again.
  const [deliveries, messages] = await Promise.all([
    Promise.all(batch.events.map((event) => deliveryFor(env, event, { ...batch, photoSecret }))),
    Promise.all(batch.events.map((event) => messagesOfEvent(env, event, batch))),
    Promise.all(batch.events.map((event) => tellTrackingPages(env, event, batch.watched))),
  ]);
  const recorded = await recordEventBatch(db, {
    eventIds: batch.events.map((event) => event.id),
    deliveries: deliveries.filter((delivery): delivery is NewDelivery => delivery !== undefined),
    messages: messages.flat(),
  });
  const [attempts, sent] = await Promise.all([
    inOrderPerGroup(
      recorded.attempts,
      (attempt) => attempt.delivery.restaurantId,
      async (attempt, earlier: AttemptOutcome[]) => {
        const failed = earlier.find((outcome) => !outcome.ok);
        return failed ? notTried(attempt, failed) : sendAttempt(env, attempt);
      },
    ),
    inOrderPerGroup(
      recorded.messages,
      (message) => message.recipient,
      (message) => sendClaimedMessage(env, message),
    ),
  ]);
  await recordOutcomes(db, { attempts, messages: sent.map(([message, outcome]): [number, MessageOutcome] => [message.id, outcome]) });
  const retries = [
    ...attempts.flatMap(([attempt, outcome]) => retryOf(attempt, outcome) ?? []),
    ...sent.flatMap(([message, outcome]) => {
      const delaySeconds = retryDelayOf(outcome);
      return delaySeconds == null ? [] : [{ body: { customerMessageId: message.id }, delaySeconds }];
    }),
  ];
  for (let start = 0; start < retries.length; start += QUEUE_BATCH) await env.EVENTS.sendBatch(retries.slice(start, start + QUEUE_BATCH));
}

/** One message other than an outbox event; answers in how many seconds to see it again, or null when it is done. */
async function handleOne(env: Env, db: Db, body: Exclude<EventMessage, { outboxId: number }>): Promise<number | null> {
  if ('deliveryId' in body) await attemptDelivery(env, db, body.deliveryId);
  else if ('arrivingSoon' in body) await queueArrivingSoon(env, db, body.arrivingSoon.orderId, body.arrivingSoon.stopId);
  else return sendCustomerMessage(env, db, body.customerMessageId);
  return null;
}

export async function consumeEvents(batch: MessageBatch<EventMessage>, env: Env): Promise<void> {
  const db = createDb(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
  const events = batch.messages.filter((message) => 'outboxId' in message.body);
  const failed = (message: Message<EventMessage>, error: unknown) => {
    console.error('event message failed; retrying', JSON.stringify(message.body), (error as Error).message);
    message.retry({ delaySeconds: RETRY_FAILED_MESSAGE_S });
  };
  const handleEvents = async () => {
    if (!events.length) return;
    try {
      await handleEventBatch(
        env,
        db,
        events.map((message) => (message.body as { outboxId: number }).outboxId),
      );
      for (const message of events) message.ack();
    } catch (error) {
      for (const message of events) failed(message, error);
    }
  };
  await Promise.all([
    handleEvents(),
    ...batch.messages
      .filter((message) => !('outboxId' in message.body))
      .map(async (message) => {
        try {
          const retryIn = await handleOne(env, db, message.body as Exclude<EventMessage, { outboxId: number }>);
          if (retryIn == null) message.ack();
          else message.retry({ delaySeconds: retryIn });
        } catch (error) {
          failed(message, error);
        }
      }),
  ]);
}
