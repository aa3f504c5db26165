/**
 * A rush (issue 31): 200 orders of 10 businesses are cancelled by the dispatcher as fast as
 * the Worker takes the requests. Each business has a webhook endpoint (a receiver on
 * loopback) and texts its customers when an order is cancelled (a fake SMS provider the
 * benchmark starts). Measured: how long each change took to reach its webhook and its
 * text, from the change's commit (its outbox event) to the arrival.
 *
 * Then a backlog: 500 more orders of the same businesses cancelled in one statement, handed
 * to the queue by the next request: how many webhooks and texts a second the consumer
 * delivers when it is the bottleneck (the rush is held by how fast this machine takes the
 * cancel requests).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { settleSeededEvents } from '../../src/db/outbox';
import { eventOutbox, messageSettings, orders, restaurants, webhookEndpoints } from '../../src/db/schema';
import { DEFAULT_TEMPLATES } from '../../src/domain/messages';
import type { FakeMessaging } from '../../tests/support/fakeMessaging';
import { startReceiver } from '../../tests/support/webhookReceiver';
import { eachLimited, percentile } from './webhookFanOut';

export const BURST_PREFIX = 'BURST-';
const BUSINESSES = 10;
const RUSH_EACH = 20;
const BACKLOG_EACH = 50;
/** Requests in flight at once: a dispatch desk's worth of people and systems at the same moment. */
const CONCURRENCY = 8;
const WAIT_MS = 120_000;

interface Lags {
  delivered: number;
  expected: number;
  p50: number;
  p95: number;
  max: number;
}

export interface DeliveryBurst {
  changes: number;
  businesses: number;
  /** From the first change sent to the last of its changes answered. */
  changeSeconds: number;
  webhooks: Lags;
  messages: Lags;
  /** Webhooks and messages delivered a second, from the first change to the last arrival. */
  deliveriesPerSecond: number;
  backlog: { changes: number; delivered: number; expected: number; seconds: number; eventsPerSecond: number; deliveriesPerSecond: number };
}

type Made = { id: number; restaurantId: number; customerPhone: string };
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

function lags(times: number[], expected: number): Lags {
  const sorted = [...times].sort((a, b) => a - b);
  return { delivered: sorted.length, expected, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0 };
}

const randomPhone = () => `813${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Orders waiting for a courier, `each` per business, made while nobody listens (no events). */
async function makeOrders(db: Db, businesses: Array<typeof restaurants.$inferSelect>, each: number, label: string): Promise<Made[]> {
  const [template] = await db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.restaurantId,
        businesses.map((business) => business.id),
      ),
    )
    .limit(1);
  const { id: _id, trackingToken: _token, ...fields } = template;
  const rows = businesses.flatMap((business) =>
    Array.from({ length: each }, (_, i) => ({
      ...fields,
      orderNumber: `${BURST_PREFIX}${label}-${business.id}-${i}-${Date.now().toString(36)}`,
      restaurantId: business.id,
      restaurantName: business.name,
      status: 'pending_courier' as const,
      courierId: null,
      customerPhone: randomPhone(),
      pickupTime: Date.now() + 3_600_000,
      deliveryTime: Date.now() + 7_200_000,
      completedAt: null,
    })),
  );
  const made: Made[] = [];
  for (let i = 0; i < rows.length; i += 100)
    made.push(
      ...(await db
        .insert(orders)
        .values(rows.slice(i, i + 100))
        .returning({ id: orders.id, restaurantId: orders.restaurantId, customerPhone: orders.customerPhone })),
    );
  return made;
}

/** The webhooks and texts of these orders' cancellations, once all have arrived (or the wait is over). */
async function cancellationsOf(made: Made[], receiver: Receiver, messaging: FakeMessaging) {
  const ids = new Set(made.map((order) => order.id));
  const phones = new Map(made.map((order) => [`+1${order.customerPhone}`, order.id]));
  const hooks = () => receiver.received.filter((entry) => ids.has(entry.event?.data?.order?.id) && entry.event.type === 'order.cancelled');
  const texts = () => messaging.sms.filter((sms) => phones.has(sms.to ?? ''));
  const deadline = Date.now() + WAIT_MS;
  while ((hooks().length < made.length || texts().length < made.length) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return { hooks: hooks(), texts: texts().map((sms) => ({ ...sms, orderId: phones.get(sms.to!)! })) };
}

const cancel = (base: string, adminCookie: string) => async (order: Made) => {
  const response = await fetch(`${base}/api/orders/${order.id}`, {
    method: 'PATCH',
    headers: { Cookie: adminCookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 'cancelled', expectedStatus: 'pending_courier' }),
  });
  if (!response.ok) throw new Error(`cancel ${order.id}: ${response.status} ${await response.text()}`);
  await response.body?.cancel();
};

export async function deliveryBurst(options: {
  base: string;
  db: Db;
  adminCookie: string;
  messaging: FakeMessaging;
  /** Removes the orders `where` names, with everything hanging from them. */
  removeOrders: (where: ReturnType<typeof sql>) => Promise<void>;
}): Promise<DeliveryBurst> {
  const { base, db, adminCookie, messaging } = options;
  const businesses = await db
    .select()
    .from(restaurants)
    .where(
      and(
        eq(restaurants.customerType, 'restaurant'),
        sql`not exists (select 1 from ${webhookEndpoints} where restaurant_id = ${restaurants.id})`,
        sql`not exists (select 1 from ${messageSettings} where restaurant_id = ${restaurants.id})`,
      ),
    )
    .orderBy(restaurants.id)
    .limit(BUSINESSES);
  const ids = businesses.map((business) => business.id);
  const receiver = await startReceiver();
  try {
    // The orders first, while nobody listens (no events), then the listeners.
    const rush = await makeOrders(db, businesses, RUSH_EACH, 'rush');
    // The backlog's, and the one whose cancellation hands the backlog to the queue.
    const [trigger, ...backlog] = await makeOrders(db, businesses, BACKLOG_EACH, 'backlog');
    await settleSeededEvents(db);
    const before = Date.now() - 1000;
    await db.batch([
      db.update(restaurants).set({ apiEnabled: true }).where(inArray(restaurants.id, ids)),
      db
        .insert(webhookEndpoints)
        .values(
          ids.map((restaurantId) => ({ restaurantId, url: receiver.url, secret: 'whsec_YnVyc3RidXJzdGJ1cnN0YnVyc3Q=', createdAt: before, updatedAt: before })),
        ),
      db
        .insert(messageSettings)
        .values(ids.map((restaurantId) => ({ restaurantId, kind: 'cancelled' as const, enabled: true, template: DEFAULT_TEMPLATES.cancelled }))),
    ]);

    // Interleaved across the businesses, as a rush comes.
    const byTurn = [...rush].sort((a, b) => (a.id % RUSH_EACH) - (b.id % RUSH_EACH) || a.restaurantId - b.restaurantId);
    const started = Date.now();
    await eachLimited(byTurn, CONCURRENCY, cancel(base, adminCookie));
    const changeSeconds = (Date.now() - started) / 1000;
    const { hooks, texts } = await cancellationsOf(rush, receiver, messaging);
    const changedAt = new Map(
      (
        await db
          .select({ orderId: eventOutbox.orderId, at: eventOutbox.createdAt })
          .from(eventOutbox)
          .where(
            and(
              inArray(
                eventOutbox.orderId,
                rush.map((order) => order.id),
              ),
              eq(eventOutbox.toStatus, 'cancelled'),
            ),
          )
      ).map((row) => [row.orderId!, row.at]),
    );
    const arrivals = [...hooks.map((entry) => entry.at), ...texts.map((sms) => sms.at)];

    // The backlog: committed at once, handed over by the next request.
    await db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(
        inArray(
          orders.id,
          backlog.map((order) => order.id),
        ),
      );
    const handedOver = Date.now();
    await cancel(base, adminCookie)(trigger);
    const drained = await cancellationsOf([trigger, ...backlog], receiver, messaging);
    const drainArrivals = [...drained.hooks.map((entry) => entry.at), ...drained.texts.map((sms) => sms.at)];
    const drainSeconds = (Math.max(...drainArrivals) - handedOver) / 1000;

    return {
      changes: rush.length,
      businesses: ids.length,
      changeSeconds: round1(changeSeconds),
      webhooks: lags(
        hooks.map((entry) => entry.at - Date.parse(entry.event.timestamp)),
        rush.length,
      ),
      messages: lags(
        texts.map((sms) => sms.at - (changedAt.get(sms.orderId) ?? sms.at)),
        rush.length,
      ),
      deliveriesPerSecond: round1(arrivals.length / ((Math.max(...arrivals) - started) / 1000)),
      backlog: {
        changes: backlog.length + 1,
        delivered: drainArrivals.length,
        expected: 2 * (backlog.length + 1),
        seconds: round1(drainSeconds),
        eventsPerSecond: round1(drained.hooks.length / drainSeconds),
        deliveriesPerSecond: round1(drainArrivals.length / drainSeconds),
      },
    };
  } finally {
    await db.batch([
      db.delete(webhookEndpoints).where(inArray(webhookEndpoints.restaurantId, ids)),
      db.delete(messageSettings).where(inArray(messageSettings.restaurantId, ids)),
      ...businesses.map((business) => db.update(restaurants).set({ apiEnabled: business.apiEnabled }).where(eq(restaurants.id, business.id))),
    ]);
    await options.removeOrders(sql`order_number like ${`${BURST_PREFIX}%`}`);
    await receiver.close();
  }
}
