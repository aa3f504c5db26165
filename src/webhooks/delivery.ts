/**
 * Webhook deliveries (issue 17): an event becomes one delivery to the business's endpoint,
 * whose body is built once and sent on every attempt; each attempt is signed as Standard
 * Webhooks says (webhook-id, webhook-timestamp, webhook-signature), so receivers verify
 * it with the ready libraries. A failed attempt is tried again on the schedule of
 * src/domain/webhooks.ts through a delayed queue message; the database holds the
 * schedule, so the cron finds any retry whose message was lost.
 */
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/client';
import { findDeliveryFailure } from '../db/orders/failures';
import { getStops } from '../db/orders/read';
import { serializeApiOrder, serializeFailure, signedPhotoLinks } from '../db/orders/serialize';
import { orders, type OutboxEvent, type WebhookEndpoint } from '../db/schema';
import { signingSecret } from '../db/signingKeys';
import { claimDelivery, createDelivery, listeningEndpoint, recordAttempt, type AttemptOutcome, type DeliveryAttempt } from '../db/webhooks';
import { PHOTO_LINK_LIFETIME_MS } from '../domain/photos';
import { ATTEMPT_TIMEOUT_MS, nextAttemptAt, orderEventType, shouldDisable, type WebhookEventType } from '../domain/webhooks';
import type { Env } from '../env';
import { checkWebhookUrl } from './address';

/** A message that arrives this early for its retry still counts as due (queue delays are whole seconds). */
const DUE_TOLERANCE_MS = 1000;
/** What the log keeps of a failed answer's body. */
const ANSWER_EXCERPT = 300;

export const TEST_EVENT_MESSAGE = 'This is a test event from Dispatch. Your endpoint received and can verify it.';

/** The body every attempt of the event's delivery sends (Standard Webhooks' {type, timestamp, data}). */
async function buildPayload(env: Env, db: Db, event: OutboxEvent): Promise<{ type: WebhookEventType; body: string } | undefined> {
  const timestamp = new Date(event.createdAt).toISOString();
  if (event.kind === 'webhook.test') {
    return { type: 'webhook.test', body: JSON.stringify({ type: 'webhook.test', timestamp, data: { message: TEST_EVENT_MESSAGE } }) };
  }
  if (event.orderId == null) return undefined;
  const [[order], stops, secret, failure] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, event.orderId)).limit(1),
    getStops(db, event.orderId),
    signingSecret(db, 'photo_links'),
    event.deliveryFailureId == null ? undefined : findDeliveryFailure(db, event.deliveryFailureId),
  ]);
  if (!order) return undefined;
  const photo = await signedPhotoLinks([order], stops, { origin: env.PUBLIC_URL ?? '', secret, expiresAt: Date.now() + PHOTO_LINK_LIFETIME_MS.webhook });
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
 * The webhook consumer of outbox events: when the business listens (API access on, an
 * endpoint set up before the event, not disabled), records the delivery and makes its
 * first attempt at once. Handling the same event again finds the delivery already made.
 */
export async function deliverEvent(env: Env, db: Db, event: OutboxEvent): Promise<void> {
  // A stop's progress is not a webhook event (I10): it shows in the order's stops. A stop that failed is.
  if (event.stopId != null && event.deliveryFailureId == null) return;
  // The endpoint and what the payload needs are read together (one round trip).
  const [endpoint, payload] = await Promise.all([listeningEndpoint(db, event.restaurantId), buildPayload(env, db, event)]);
  if (!endpoint || endpoint.createdAt > event.createdAt || !payload) return;
  // Recorded and taken for its first attempt in one round trip.
  const attempt = await createDelivery(db, {
    eventId: event.id,
    restaurantId: event.restaurantId,
    type: payload.type,
    orderId: event.orderId,
    payload: payload.body,
  });
  if (attempt) await attemptClaimed(env, db, attempt);
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
 * One attempt of a delivery, if it is due and nobody else is attempting it. On failure
 * the next attempt is scheduled in the database and sent to the queue with its delay.
 */
export async function attemptDelivery(env: Env, db: Db, deliveryId: number, now = Date.now()): Promise<AttemptOutcome | undefined> {
  const attempt = await claimDelivery(db, deliveryId, now + DUE_TOLERANCE_MS);
  return attempt && attemptClaimed(env, db, attempt);
}

/** Sends a claimed attempt and records its outcome; a failure schedules the next attempt. */
async function attemptClaimed(env: Env, db: Db, attempt: DeliveryAttempt): Promise<AttemptOutcome> {
  const { id: deliveryId } = attempt.delivery;
  const started = Date.now();
  const sent = await send(env, attempt, started);
  const at = Date.now();
  const failingSince = sent.ok ? null : (attempt.endpoint.failingSince ?? at);
  const outcome: AttemptOutcome = {
    ...sent,
    at,
    durationMs: at - started,
    retryAt: sent.ok ? null : nextAttemptAt(attempt.delivery.attempts, at),
    disable: !sent.ok && shouldDisable(failingSince, at),
  };
  await recordAttempt(db, attempt, outcome);
  if (outcome.retryAt != null && !outcome.disable) {
    await env.EVENTS.send({ deliveryId }, { delaySeconds: Math.ceil((outcome.retryAt - at) / 1000) });
  }
  return outcome;
}
