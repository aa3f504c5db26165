/**
 * Webhook deliveries (issue 17): an event becomes one delivery to the business's endpoint,
 * whose body is built once and sent on every attempt; each attempt is signed as Standard
 * Webhooks says (webhook-id, webhook-timestamp, webhook-signature), so receivers verify
 * it with the ready libraries. A failed attempt is tried again on the schedule of
 * src/domain/webhooks.ts through a delayed queue message; the database holds the
 * schedule, so the cron finds any retry whose message was lost.
 */
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/client';
import type { EventBatchContext } from '../db/eventBatch';
import { serializeApiOrder, serializeFailure, signedPhotoLinks } from '../db/orders/serialize';
import type { OutboxEvent, WebhookEndpoint } from '../db/schema';
import { claimDelivery, recordAttempt, type AttemptOutcome, type DeliveryAttempt, type NewDelivery } from '../db/webhooks';
import { PHOTO_LINK_LIFETIME_MS } from '../domain/photos';
import { ATTEMPT_TIMEOUT_MS, nextAttemptAt, orderEventType, shouldDisable, type WebhookEventType } from '../domain/webhooks';
import type { Env, EventMessage } from '../env';
import { checkWebhookUrl } from './address';

/** A message that arrives this early for its retry still counts as due (queue delays are whole seconds). */
const DUE_TOLERANCE_MS = 1000;
/** What the log keeps of a failed answer's body. */
const ANSWER_EXCERPT = 300;

export const TEST_EVENT_MESSAGE = 'This is a test event from Dispatch. Your endpoint received and can verify it.';

/** What building a delivery's body needs beside the event: read for the whole batch (src/db/eventBatch.ts). */
type PayloadSources = Pick<EventBatchContext, 'orders' | 'stops' | 'failures'> & { photoSecret: string };

/** The body every attempt of the event's delivery sends (Standard Webhooks' {type, timestamp, data}). */
async function buildPayload(env: Env, event: OutboxEvent, sources: PayloadSources): Promise<{ type: WebhookEventType; body: string } | undefined> {
  const timestamp = new Date(event.createdAt).toISOString();
  if (event.kind === 'webhook.test') {
    return { type: 'webhook.test', body: JSON.stringify({ type: 'webhook.test', timestamp, data: { message: TEST_EVENT_MESSAGE } }) };
  }
  const order = event.orderId == null ? undefined : sources.orders.get(event.orderId);
  if (!order) return undefined;
  const stops = sources.stops.get(order.id) ?? [];
  const failure = event.deliveryFailureId == null ? undefined : sources.failures.get(event.deliveryFailureId);
  const photo = await signedPhotoLinks([order], stops, {
    origin: env.PUBLIC_URL ?? '',
    secret: sources.photoSecret,
    expiresAt: Date.now() + PHOTO_LINK_LIFETIME_MS.webhook,
  });
  const type = orderEventType(event);
  const data = {
    from: event.fromStatus,
    to: event.toStatus,
    order: serializeApiOrder(order, stops, photo, env.PUBLIC_URL || undefined),
    ...(failure ? { failure: serializeFailure(failure) } : {}),
  };
  return { type, body: JSON.stringify({ type, timestamp, data }) };
}

/**
 * The webhook consumer of an outbox event: the delivery to record when the business
 * listens (API access on, an endpoint set up before the event, not disabled), with the
 * body all its attempts send; undefined when there is none.
 */
export async function deliveryFor(
  env: Env,
  event: OutboxEvent,
  sources: PayloadSources & Pick<EventBatchContext, 'endpoints'>,
): Promise<NewDelivery | undefined> {
  // A stop's progress is not a webhook event (I10): it shows in the order's stops. A stop that failed is.
  if (event.stopId != null && event.deliveryFailureId == null) return undefined;
  const endpoint = sources.endpoints.get(event.restaurantId);
  if (!endpoint || endpoint.createdAt > event.createdAt) return undefined;
  const payload = await buildPayload(env, event, sources);
  return payload && { eventId: event.id, restaurantId: event.restaurantId, type: payload.type, orderId: event.orderId, payload: payload.body };
}

/** The signature header: the current secret's, and during a rotation's grace period the old one's too. */
function signatures(endpoint: WebhookEndpoint, webhookId: string, at: Date, body: string): string {
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && (endpoint.previousSecretExpiresAt ?? 0) > at.getTime()) secrets.push(endpoint.previousSecret);
  return secrets.map((secret) => new Webhook(secret).sign(webhookId, at, body)).join(' ');
}

async function send(env: Env, { delivery, endpoint, webhookId }: DeliveryAttempt, now: number): Promise<Pick<AttemptOutcome, 'statusCode' | 'error' | 'ok'>> {
  const address = await checkWebhookUrl(endpoint.url, env, fetch);
  if (!address.ok) return { ok: false, statusCode: null, error: address.message };
  try {
    const response = await fetch(address.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Dispatch-Webhooks/1.0',
        'webhook-id': webhookId,
        'webhook-timestamp': String(Math.floor(now / 1000)),
        'webhook-signature': signatures(endpoint, webhookId, new Date(now), delivery.payload),
      },
      body: delivery.payload,
    });
    if (response.status >= 200 && response.status < 300) {
      await response.body?.cancel();
      return { ok: true, statusCode: response.status, error: null };
    }
    const answer =
      response.status >= 300 && response.status < 400 ? 'Redirects are not followed' : (await response.text().catch(() => '')).trim().slice(0, ANSWER_EXCERPT);
    return { ok: false, statusCode: response.status, error: answer || null };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      ok: false,
      statusCode: null,
      error: timedOut ? `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s` : `Could not connect: ${(error as Error).message}`,
    };
  }
}

/**
 * One attempt of a delivery (a retry), if it is due and nobody else is attempting it. On
 * failure the next attempt is scheduled in the database and sent to the queue with its delay.
 */
export async function attemptDelivery(env: Env, db: Db, deliveryId: number, now = Date.now()): Promise<AttemptOutcome | undefined> {
  const attempt = await claimDelivery(db, deliveryId, now + DUE_TOLERANCE_MS);
  if (!attempt) return undefined;
  const outcome = await sendAttempt(env, attempt);
  await recordAttempt(db, attempt, outcome);
  const retry = retryOf(attempt, outcome);
  if (retry) await env.EVENTS.send(retry.body, { delaySeconds: retry.delaySeconds });
  return outcome;
}

/** Sends a claimed attempt: its outcome, with the next attempt's time when it failed (nothing is written). */
export async function sendAttempt(env: Env, attempt: DeliveryAttempt): Promise<AttemptOutcome> {
  const started = Date.now();
  const sent = await send(env, attempt, started);
  const at = Date.now();
  const failingSince = sent.ok ? null : (attempt.endpoint.failingSince ?? at);
  return {
    ...sent,
    at,
    durationMs: at - started,
    retryAt: sent.ok ? null : nextAttemptAt(attempt.delivery.attempts, at),
    disable: !sent.ok && shouldDisable(failingSince, at),
  };
}

/** The queue message of the next attempt, once the outcome is recorded; undefined when there is none. */
export function retryOf({ delivery }: DeliveryAttempt, outcome: AttemptOutcome): MessageSendRequest<EventMessage> | undefined {
  if (outcome.retryAt == null || outcome.disable) return undefined;
  return { body: { deliveryId: delivery.id }, delaySeconds: Math.ceil((outcome.retryAt - outcome.at) / 1000) };
}
