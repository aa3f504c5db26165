/**
 * The events consumer handles a queue batch of outbox events together (decision P31-1): its
 * database work is three round trips whatever the batch holds, each endpoint hears its
 * events one after another in the order they happened, and a batch handled twice (the
 * queue delivers at least once) records and sends each delivery and message once.
 *
 * The consumer runs here in the test's process, against the shared database, with the
 * queue and the Durable Objects stood in for; its events are claimed in the transaction
 * that writes them, so the test stack's own consumer never takes them.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, DbMeter } from '../../src/db/client';
import { customerMessages, eventOutbox, messageSettings, orders, restaurants, webhookDeliveries, webhookEndpoints } from '../../src/db/schema';
import { DEFAULT_TEMPLATES } from '../../src/domain/messages';
import type { Env } from '../../src/env';
import { handleEventBatch } from '../../src/events/consumer';
import { testDb, uniquePhone } from '../support/api';
import { insertBusiness, insertOrders } from '../support/factories';
import { startFakeMessaging, type FakeMessaging } from '../support/fakeMessaging';
import { startReceiver } from '../support/integrations';

/** Each answer of the receiver is held this long: a second delivery to the same endpoint before it shows they were sent together. */
const ANSWER_AFTER_MS = 40;
const ORDERS_PER_BUSINESS = 4;

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let messaging: FakeMessaging;
let env: Env;
const queued: unknown[] = [];

beforeAll(async () => {
  [receiver, messaging] = await Promise.all([startReceiver({ delayMs: ANSWER_AFTER_MS }), startFakeMessaging()]);
  const stub = { changed: async () => {}, expectArrival: async () => {} };
  const namespace = { idFromName: (name: string) => name, get: () => stub };
  env = {
    DATABASE_URL: inject('databaseUrl'),
    PUBLIC_URL: 'https://dispatch.example.com',
    ALLOW_LOCAL_WEBHOOKS: 'on',
    TWILIO_ACCOUNT_SID: 'AC-test',
    TWILIO_AUTH_TOKEN: 'token-test',
    TWILIO_FROM_NUMBER: '+18135550100',
    TWILIO_API_URL: messaging.url,
    EVENTS: { send: async (body: unknown) => void queued.push(body), sendBatch: async (bodies: unknown[]) => void queued.push(...bodies) },
    ORDER_TRACKING: namespace,
    COURIER_LOCATION: namespace,
  } as unknown as Env;
});

afterAll(async () => {
  await Promise.all([receiver?.close(), messaging?.stop()]);
});

/**
 * Businesses of the test's own with an endpoint (the first also texting its customers when
 * an order is cancelled), each with orders that are offered and then cancelled: two events
 * per order, written and claimed in one transaction. Answers the events, oldest first.
 */
async function arrangeEvents(businessCount: number) {
  const db = testDb();
  const businesses = await Promise.all(Array.from({ length: businessCount }, () => insertBusiness(db)));
  const ids = businesses.map((business) => business.restaurant.id);
  const made = await Promise.all(
    businesses.map((business) =>
      insertOrders(
        db,
        business.username,
        Array.from({ length: ORDERS_PER_BUSINESS }, () => ({ customerPhone: uniquePhone() })),
      ),
    ),
  );
  const orderIds = made.flat().map((order) => order.id);
  const before = Date.now() - 1000;
  await db.batch([
    db.update(restaurants).set({ apiEnabled: true }).where(inArray(restaurants.id, ids)),
    db
      .insert(webhookEndpoints)
      .values(
        ids.map((restaurantId) => ({ restaurantId, url: receiver.url, secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=', createdAt: before, updatedAt: before })),
      ),
    db.insert(messageSettings).values({ restaurantId: ids[0], kind: 'cancelled', enabled: true, template: DEFAULT_TEMPLATES.cancelled }),
    db.update(orders).set({ status: 'pending_courier' }).where(inArray(orders.id, orderIds)),
    db.update(orders).set({ status: 'cancelled' }).where(inArray(orders.id, orderIds)),
    db
      .update(eventOutbox)
      .set({ queuedAt: Date.now() })
      .where(and(inArray(eventOutbox.restaurantId, ids), isNull(eventOutbox.queuedAt))),
  ]);
  const events = await db.select().from(eventOutbox).where(inArray(eventOutbox.orderId, orderIds)).orderBy(eventOutbox.id);
  return { db, ids, orderIds, events, texting: made[0] };
}

const ofOrders = (orderIds: number[]) => receiver.received.filter((entry) => orderIds.includes(entry.event?.data?.order?.id));

describe('a batch of outbox events', () => {
  it('costs three round trips whatever its size, and each endpoint hears its events in order, one after another', { timeout: 60_000 }, async () => {
    const { db, ids, orderIds, events } = await arrangeEvents(3);
    expect(events).toHaveLength(3 * ORDERS_PER_BUSINESS * 2);
    const meter = new DbMeter();
    await handleEventBatch(
      env,
      createDb(inject('databaseUrl'), undefined, 30_000, meter),
      events.map((event) => event.id),
    );
    // Read, record (deliveries, messages, events processed), outcomes.
    expect(meter.roundTrips).toBe(3);

    const received = ofOrders(orderIds);
    expect(received).toHaveLength(events.length);
    for (const restaurantId of ids) {
      const heard = received.filter((entry) => entry.event.data.order.restaurantId === restaurantId);
      const happened = events.filter((event) => event.restaurantId === restaurantId);
      expect(heard.map((entry) => [entry.event.data.order.id, entry.event.data.to])).toEqual(happened.map((event) => [event.orderId, event.toStatus]));
      // Each sent once the one before it was answered.
      for (let i = 1; i < heard.length; i++) expect(heard[i].at - heard[i - 1].at).toBeGreaterThanOrEqual(ANSWER_AFTER_MS - 5);
    }
    const deliveries = await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.orderId, orderIds));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(events.map(() => 'delivered'));
    const unprocessed = await db
      .select()
      .from(eventOutbox)
      .where(and(inArray(eventOutbox.orderId, orderIds), isNull(eventOutbox.processedAt)));
    expect(unprocessed).toEqual([]);
  });

  it('handled twice at once and once more (the queue redelivering it), records and sends each delivery and message once', { timeout: 60_000 }, async () => {
    const { db, orderIds, events, texting } = await arrangeEvents(2);
    const outboxIds = events.map((event) => event.id);
    await Promise.all([handleEventBatch(env, testDb(), outboxIds), handleEventBatch(env, testDb(), outboxIds)]);
    await handleEventBatch(env, testDb(), outboxIds);

    const received = ofOrders(orderIds);
    expect(received).toHaveLength(events.length);
    expect(new Set(received.map((entry) => entry.headers['webhook-id'])).size).toBe(events.length);
    const deliveries = await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.orderId, orderIds));
    expect(deliveries).toHaveLength(events.length);
    expect(deliveries.every((delivery) => delivery.attempts === 1)).toBe(true);

    // The texting business's customers: one "cancelled" text each, recorded once and sent once.
    const texts = await db.select().from(customerMessages).where(inArray(customerMessages.orderId, orderIds)).orderBy(customerMessages.id);
    expect(texts.map((text) => [text.orderId, text.kind, text.status]).sort()).toEqual(texting.map((order) => [order.id, 'cancelled', 'sent']).sort());
    const phones = texting.map((order) => `+1${order.customerPhone}`);
    expect(messaging.sms.filter((sms) => phones.includes(sms.to ?? '')).map((sms) => sms.to)).toEqual(expect.arrayContaining(phones));
    expect(messaging.sms.filter((sms) => phones.includes(sms.to ?? ''))).toHaveLength(phones.length);
  });
});
