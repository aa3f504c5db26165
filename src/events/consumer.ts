/**
 * The EVENTS queue's consumer (issue 17). An outbox event goes to every subscriber in
 * turn, then is marked processed; a delivery id is a webhook retry that is due. Every
 * step is safe to repeat (the queue delivers at least once, and the cron may send an
 * event again), so a failure just retries the message.
 */
import type { Db } from '../db/client';
import { createDb } from '../db/client';
import { findEvent, markEventProcessed } from '../db/outbox';
import type { OutboxEvent } from '../db/schema';
import type { Env, EventMessage } from '../env';
import { attemptDelivery, deliverEvent } from '../webhooks/delivery';
import { queueArrivingSoon, queueCustomerMessages, sendCustomerMessage } from '../messages/sending';
import { tellTrackingPages } from './tracking';

/**
 * What happens in the background when something happens. Each subscriber must be
 * idempotent: it may see the same event twice.
 */
const SUBSCRIBERS: ReadonlyArray<(env: Env, db: Db, event: OutboxEvent) => Promise<void>> = [deliverEvent, tellTrackingPages, queueCustomerMessages];

/** A message that failed (the database was unreachable) comes back after this long. */
const RETRY_FAILED_MESSAGE_S = 30;

async function handleEvent(env: Env, db: Db, outboxId: number): Promise<void> {
  const event = await findEvent(db, outboxId);
  if (!event || event.processedAt != null) return;
  // Independent of one another: their reads share round trips (src/db/pipeline.ts). If one fails, all run again.
  await Promise.all(SUBSCRIBERS.map((subscriber) => subscriber(env, db, event)));
  await markEventProcessed(db, outboxId);
}

/**
 * Messages of one business are handled one after another, in the order they were sent
 * (its receiver usually sees its events in order); different businesses' at once, so a
 * slow receiver delays only its own events.
 */
export async function consumeEvents(batch: MessageBatch<EventMessage>, env: Env): Promise<void> {
  const db = createDb(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
  const lanes = new Map<string, Array<Message<EventMessage>>>();
  for (const message of batch.messages) {
    const { body } = message;
    const lane =
      'outboxId' in body
        ? `business-${body.restaurantId}`
        : 'deliveryId' in body
          ? `delivery-${body.deliveryId}`
          : 'customerMessageId' in body
            ? `message-${body.customerMessageId}`
            : `arrival-${body.arrivingSoon.orderId}`;
    lanes.set(lane, [...(lanes.get(lane) ?? []), message]);
  }
  await Promise.all(
    [...lanes.values()].map(async (messages) => {
      for (const message of messages) {
        try {
          const { body } = message;
          if ('outboxId' in body) await handleEvent(env, db, body.outboxId);
          else if ('deliveryId' in body) await attemptDelivery(env, db, body.deliveryId);
          else if ('arrivingSoon' in body) await queueArrivingSoon(env, db, body.arrivingSoon.orderId, body.arrivingSoon.stopId);
          else {
            const retryIn = await sendCustomerMessage(env, db, body.customerMessageId);
            if (retryIn != null) {
              message.retry({ delaySeconds: retryIn });
              continue;
            }
          }
          message.ack();
        } catch (error) {
          console.error('event message failed; retrying', JSON.stringify(message.body), (error as Error).message);
          message.retry({ delaySeconds: RETRY_FAILED_MESSAGE_S });
        }
      }
    }),
  );
}
