/**
 * Webhook endpoints and deliveries (issue 17): one endpoint per business; one delivery per
 * event and endpoint, with its frozen body, its retry schedule and every attempt.
 */
import { and, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { newWebhookSecret, PREVIOUS_SECRET_GRACE_MS } from '../domain/webhooks';
import type { Db } from './client';
import { noteVersioned } from './versions';
import {
  eventOutbox,
  orders,
  restaurants,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  type Restaurant,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './schema';

export async function findEndpoint(db: Db, restaurantId: number): Promise<WebhookEndpoint | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.restaurantId, restaurantId)).limit(1);
  return row;
}

/** The business and its endpoint, in one round trip (the Profile page). */
export async function businessWithEndpoint(db: Db, restaurantId: number): Promise<{ business: Restaurant | undefined; endpoint: WebhookEndpoint | undefined }> {
  const [[business], [endpoint]] = await db.batch([
    db.select().from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1),
    db.select().from(webhookEndpoints).where(eq(webhookEndpoints.restaurantId, restaurantId)).limit(1),
  ]);
  return { business, endpoint };
}

/** The endpoint as the business reads it (GET/PUT /api/webhook-endpoint): the secret is theirs to verify with. */
export function serializeEndpoint(endpoint: WebhookEndpoint) {
  const iso = (time: number | null) => (time == null ? null : new Date(time).toISOString());
  return {
    url: endpoint.url,
    secret: endpoint.secret,
    enabled: endpoint.disabledAt == null,
    disabledAt: iso(endpoint.disabledAt),
    failingSince: iso(endpoint.failingSince),
    createdAt: iso(endpoint.createdAt),
  };
}

/**
 * Sets the business's endpoint URL (a new endpoint gets a secret). Saving also turns a
 * disabled endpoint back on, with a clean record: the business has looked at it.
 */
export async function saveEndpoint(db: Db, restaurantId: number, url: string, now = Date.now()): Promise<WebhookEndpoint> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ restaurantId, url, secret: newWebhookSecret(), createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: webhookEndpoints.restaurantId, set: { url, disabledAt: null, failingSince: null, updatedAt: now } })
    .returning();
  return row;
}

/** A new secret; the old one keeps signing beside it for a day (receivers switch over without losing events). */
export async function rotateEndpointSecret(db: Db, restaurantId: number, now = Date.now()): Promise<WebhookEndpoint | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: now + PREVIOUS_SECRET_GRACE_MS,
      secret: newWebhookSecret(),
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.restaurantId, restaurantId))
    .returning();
  return row;
}

/** Removes the endpoint; deliveries still waiting are given up (the log keeps them). */
export async function deleteEndpoint(db: Db, restaurantId: number, now = Date.now()): Promise<boolean> {
  const [removed] = await db.batch([
    db.delete(webhookEndpoints).where(eq(webhookEndpoints.restaurantId, restaurantId)).returning({ id: webhookEndpoints.restaurantId }),
    giveUpPending(db, restaurantId, 'The endpoint was removed', now),
  ]);
  return removed.length > 0;
}

function giveUpPending(db: Db, restaurantId: number, reason: string, now: number) {
  return db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, leasedUntil: null, lastError: reason, updatedAt: now })
    .where(and(eq(webhookDeliveries.restaurantId, restaurantId), eq(webhookDeliveries.status, 'pending')));
}

/** How long an attempt holds its delivery: longer than any attempt takes. */
export const LEASE_MS = 60_000;

export interface DeliveryAttempt {
  delivery: WebhookDelivery;
  endpoint: WebhookEndpoint;
  /** The event's id for the receiver: the same on every attempt. */
  webhookId: string;
}

/**
 * The statements that take the delivery `which` names for one attempt (counting it), with
 * its endpoint. The update decides alone, so the queue and the cron never send it twice at once.
 */
export function claimStatements(db: Db, which: SQL, now: number) {
  return [
    db
      .update(webhookDeliveries)
      .set({ leasedUntil: now + LEASE_MS, attempts: sql`${webhookDeliveries.attempts} + 1`, updatedAt: now })
      .where(
        and(
          which,
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.leasedUntil), lt(webhookDeliveries.leasedUntil, now)),
          sql`exists (select 1 from ${webhookEndpoints} join ${restaurants} on ${restaurants.id} = ${webhookEndpoints.restaurantId}
                where ${webhookEndpoints.restaurantId} = ${webhookDeliveries.restaurantId} and ${webhookEndpoints.disabledAt} is null and ${restaurants.apiEnabled} = 1)`,
        ),
      )
      .returning(),
    db
      .select({ deliveryId: webhookDeliveries.id, endpoint: webhookEndpoints, webhookId: eventOutbox.publicId })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.restaurantId, webhookDeliveries.restaurantId))
      .innerJoin(eventOutbox, eq(eventOutbox.id, webhookDeliveries.eventId))
      .where(which),
  ] as const;
}

type ClaimedRow = { deliveryId: number; endpoint: WebhookEndpoint; webhookId: string };

/** Each delivery the claim took, with its endpoint and webhook id. */
export function pairClaims(updated: WebhookDelivery[], selected: ClaimedRow[]): DeliveryAttempt[] {
  const rows = new Map(selected.map((row) => [row.deliveryId, row]));
  return updated.flatMap((delivery) => {
    const row = rows.get(delivery.id);
    return row ? [{ delivery, endpoint: row.endpoint, webhookId: row.webhookId }] : [];
  });
}

/** A delivery to record: the event's, to its business's endpoint, with the body every attempt sends. */
export type NewDelivery = { eventId: number; restaurantId: number; type: string; orderId: number | null; payload: string };

/**
 * Takes a due delivery for one attempt (counting it), with its endpoint: undefined when it
 * is not due, already finished, being attempted elsewhere, or its endpoint is gone,
 * disabled or its business's API access is off.
 */
export async function claimDelivery(db: Db, deliveryId: number, now = Date.now()): Promise<DeliveryAttempt | undefined> {
  const [updated, selected] = await db.batch(claimStatements(db, eq(webhookDeliveries.id, deliveryId), now));
  return pairClaims(updated, selected)[0];
}

export interface AttemptOutcome {
  at: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  ok: boolean;
  /** When to try again; null after the last attempt. */
  retryAt: number | null;
  /** The endpoint has failed for days: turn it off and give up its waiting deliveries. */
  disable: boolean;
}

/**
 * Writes an attempt's outcome in one transaction: the attempt, the delivery's state, and
 * the endpoint's health (failing since when; disabled after days of failures).
 */
export async function recordAttempt(db: Db, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<void> {
  const [first, ...rest] = attemptStatements(db, attempt, outcome);
  await db.batch([first, ...rest]);
}

/** The statements that write an attempt's outcome (see recordAttempt), to run in a transaction with others. */
export function attemptStatements(db: Db, attempt: DeliveryAttempt, outcome: AttemptOutcome): Array<BatchItem<'sqlite'>> {
  const { delivery } = attempt;
  const now = outcome.at;
  const status = outcome.ok ? 'delivered' : outcome.retryAt == null || outcome.disable ? 'failed' : 'pending';
  const endpointIs = eq(webhookEndpoints.restaurantId, delivery.restaurantId);
  return [
    db
      .insert(webhookAttempts)
      .values({ deliveryId: delivery.id, at: now, statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs }),
    db
      .update(webhookDeliveries)
      .set({
        status,
        leasedUntil: null,
        nextAttemptAt: status === 'pending' ? outcome.retryAt : null,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        deliveredAt: outcome.ok ? now : null,
        updatedAt: now,
      })
      .where(eq(webhookDeliveries.id, delivery.id)),
    outcome.ok
      ? db
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(and(endpointIs, sql`${webhookEndpoints.failingSince} is not null`))
      : db
          .update(webhookEndpoints)
          .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
          .where(endpointIs),
    ...(outcome.disable
      ? [
          db
            .update(webhookEndpoints)
            .set({ disabledAt: now, updatedAt: now })
            .where(and(endpointIs, isNull(webhookEndpoints.disabledAt))),
          giveUpPending(db, delivery.restaurantId, 'The endpoint was turned off after failing for days', now),
        ]
      : []),
  ];
}

/** Deliveries whose retry time passed more than `lateBy` ago without an attempt (their queue message was lost): for the cron. */
export async function overdueDeliveries(db: Db, now: number, lateBy: number, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lt(webhookDeliveries.nextAttemptAt, now - lateBy),
        or(isNull(webhookDeliveries.leasedUntil), lt(webhookDeliveries.leasedUntil, now)),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

export interface DeliveryLogRow {
  delivery: WebhookDelivery;
  orderNumber: string | null;
  attempts: WebhookAttempt[];
}

/** The business's latest deliveries with their attempts (the Profile's delivery log): two reads in one round trip. */
export async function deliveryLog(db: Db, restaurantId: number, limit = 20): Promise<DeliveryLogRow[]> {
  const latest = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.restaurantId, restaurantId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  const [deliveries, attempts] = await db.batch([
    db
      .select({ delivery: webhookDeliveries, orderNumber: orders.orderNumber })
      .from(webhookDeliveries)
      .leftJoin(orders, eq(orders.id, webhookDeliveries.orderId))
      .where(inArray(webhookDeliveries.id, latest))
      .orderBy(desc(webhookDeliveries.id)),
    db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, latest)).orderBy(webhookAttempts.id),
  ]);
  return deliveries.map((row) => ({ ...row, attempts: attempts.filter((attempt) => attempt.deliveryId === row.delivery.id) }));
}

/** A cheap fingerprint of the log (its ETag): the newest change among the business's deliveries. */
export async function deliveryLogVersion(db: Db, restaurantId: number): Promise<string> {
  noteVersioned(db, ['webhook_deliveries']);
  const [row] = await db
    .select({ count: sql<number>`count(*)`, changed: sql<number>`coalesce(max(${webhookDeliveries.updatedAt}), 0)` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.restaurantId, restaurantId));
  return `${row.count}:${row.changed}`;
}
