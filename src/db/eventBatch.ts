/**
 * What the events consumer reads and writes for a batch of outbox events (decision P31-1):
 * everything the batch needs in one round trip, everything it records in one transaction,
 * and the outcomes of its sends in one more, however many events the batch holds.
 */
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';
import { recordMessage, settleStatement, SEND_LEASE_MS, withDefaults, type MessageSetting, type MessageOutcome, type NewMessage } from './messages';
import {
  couriers,
  customerMessages,
  deliveryFailures,
  eventOutbox,
  messageSettings,
  orders,
  orderStops,
  restaurants,
  trackingWatchers,
  users,
  webhookDeliveries,
  webhookEndpoints,
  type CustomerMessage,
  type DeliveryFailure,
  type Order,
  type OrderStop,
  type OutboxEvent,
  type WebhookEndpoint,
} from './schema';
import { attemptStatements, claimStatements, pairClaims, type AttemptOutcome, type DeliveryAttempt, type NewDelivery } from './webhooks';

export interface EventBatchContext {
  /** The batch's events not yet processed, oldest first. */
  events: OutboxEvent[];
  orders: Map<number, Order>;
  /** Each order's stops, in sequence. */
  stops: Map<number, OrderStop[]>;
  failures: Map<number, DeliveryFailure>;
  /** Each listening business's endpoint (API access on, not disabled). */
  endpoints: Map<number, WebhookEndpoint>;
  /** Each business's message settings, defaults included. */
  settings: Map<number, MessageSetting[]>;
  courierNames: Map<number, string>;
  /** The orders a customer's tracking page is open on (its object is told of their changes). */
  watched: Set<number>;
}

const groupBy = <T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};

/** The events named and all their consumers need, in one round trip. */
export async function readEventBatch(db: Db, ids: readonly number[], now = Date.now()): Promise<EventBatchContext> {
  const ofBatch = inArray(eventOutbox.id, [...ids]);
  const column = (name: typeof eventOutbox.orderId | typeof eventOutbox.restaurantId | typeof eventOutbox.deliveryFailureId) =>
    db.select({ id: name }).from(eventOutbox).where(ofBatch);
  const orderIds = column(eventOutbox.orderId);
  const restaurantIds = column(eventOutbox.restaurantId);
  const [events, orderRows, stopRows, failureRows, endpointRows, settingRows, courierRows, watcherRows] = await db.batch([
    db
      .select()
      .from(eventOutbox)
      .where(and(ofBatch, isNull(eventOutbox.processedAt)))
      .orderBy(asc(eventOutbox.id)),
    db.select().from(orders).where(inArray(orders.id, orderIds)),
    db.select().from(orderStops).where(inArray(orderStops.orderId, orderIds)).orderBy(asc(orderStops.orderId), asc(orderStops.sequence)),
    db
      .select()
      .from(deliveryFailures)
      .where(inArray(deliveryFailures.id, column(eventOutbox.deliveryFailureId))),
    db
      .select({ endpoint: webhookEndpoints })
      .from(webhookEndpoints)
      .innerJoin(restaurants, eq(restaurants.id, webhookEndpoints.restaurantId))
      .where(and(inArray(webhookEndpoints.restaurantId, restaurantIds), isNull(webhookEndpoints.disabledAt), eq(restaurants.apiEnabled, true))),
    db.select().from(messageSettings).where(inArray(messageSettings.restaurantId, restaurantIds)),
    db
      .select({ courierId: couriers.id, name: users.name })
      .from(couriers)
      .innerJoin(users, eq(users.id, couriers.userId))
      .where(inArray(couriers.id, db.select({ id: orders.courierId }).from(orders).where(inArray(orders.id, orderIds)))),
    db
      .select({ orderId: trackingWatchers.orderId })
      .from(trackingWatchers)
      .where(and(inArray(trackingWatchers.orderId, orderIds), gt(trackingWatchers.until, now))),
  ]);
  const settingsOf = groupBy(settingRows, (row) => row.restaurantId);
  return {
    events,
    orders: new Map(orderRows.map((order) => [order.id, order])),
    stops: groupBy(stopRows, (stop) => stop.orderId),
    failures: new Map(failureRows.map((failure) => [failure.id, failure])),
    endpoints: new Map(endpointRows.map(({ endpoint }) => [endpoint.restaurantId, endpoint])),
    settings: new Map([...new Set(events.map((event) => event.restaurantId))].map((id) => [id, withDefaults(settingsOf.get(id) ?? [])])),
    courierNames: new Map(courierRows.map((row) => [row.courierId, row.name])),
    watched: new Set(watcherRows.map((row) => row.orderId)),
  };
}

export interface RecordedBatch {
  /** Deliveries taken for their first attempt, oldest event first. */
  attempts: DeliveryAttempt[];
  /** Messages taken for their first send. */
  messages: CustomerMessage[];
}

/**
 * Records the batch in one transaction: its deliveries and messages (each once, by its
 * unique key, however often the batch is handled), the events marked processed, and the
 * deliveries and messages waiting taken for their first attempt. A second handling of the
 * same batch finds them recorded and taken, and sends nothing.
 */
export async function recordEventBatch(
  db: Db,
  batch: { eventIds: readonly number[]; deliveries: readonly NewDelivery[]; messages: readonly NewMessage[] },
  now = Date.now(),
): Promise<RecordedBatch> {
  const eventIds = [...batch.eventIds];
  const keys = batch.messages.map((message) => message.dedupeKey);
  const steps: Array<BatchItem<'sqlite'>> = [];
  if (batch.deliveries.length)
    steps.push(
      db
        .insert(webhookDeliveries)
        .values(batch.deliveries.map((delivery) => ({ ...delivery, nextAttemptAt: now, createdAt: now, updatedAt: now })))
        .onConflictDoNothing(),
    );
  steps.push(...batch.messages.map((message) => recordMessage(db, message, now)));
  steps.push(
    db
      .update(eventOutbox)
      .set({ processedAt: now })
      .where(and(inArray(eventOutbox.id, eventIds), isNull(eventOutbox.processedAt))),
  );
  const claims = claimStatements(db, inArray(webhookDeliveries.eventId, eventIds), now);
  const messageClaim = db
    .update(customerMessages)
    .set({ leasedUntil: now + SEND_LEASE_MS, attempts: sql`${customerMessages.attempts} + 1` })
    .where(
      and(
        inArray(customerMessages.dedupeKey, keys),
        eq(customerMessages.status, 'pending'),
        or(isNull(customerMessages.leasedUntil), lt(customerMessages.leasedUntil, now)),
      ),
    )
    .returning();
  const results = await db.batch([steps[0], ...steps.slice(1), ...claims, messageClaim]);
  const [updated, selected, messages] = results.slice(-3) as [Parameters<typeof pairClaims>[0], Parameters<typeof pairClaims>[1], CustomerMessage[]];
  return { attempts: pairClaims(updated, selected).sort((a, b) => a.delivery.eventId - b.delivery.eventId), messages };
}

/** The outcomes of a batch's sends, in one round trip. */
export async function recordOutcomes(
  db: Db,
  outcomes: { attempts: ReadonlyArray<[DeliveryAttempt, AttemptOutcome]>; messages: ReadonlyArray<[number, MessageOutcome]> },
  now = Date.now(),
): Promise<void> {
  const steps = [
    ...outcomes.attempts.flatMap(([attempt, outcome]) => attemptStatements(db, attempt, outcome)),
    ...outcomes.messages.map(([id, outcome]) => settleStatement(db, id, outcome, now)),
  ];
  if (steps.length) await db.batch([steps[0], ...steps.slice(1)]);
}
