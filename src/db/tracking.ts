/**
 * Tracking links (issue 16): finding what a token opens, replacing a token (revoking the
 * old link), the pages that watch an order, and the ETAs shown.
 */
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { ACCURATE_WITHIN_MS, LEAD_GROUPS, type EtaSampleCounts } from '../domain/etaAccuracy';
import type { Range } from '../domain/time';
import { newTrackingToken } from '../domain/tracking';
import type { Db } from './client';
import type { FailureOutcome, FailureReason } from '../domain/failedDelivery';
import { couriers, deliveryFailures, orders, orderStops, trackingEtas, trackingWatchers, users, type Order, type OrderStop } from './schema';

/** What a tracking token opens: the order, the stop when it is a stop's link, and the courier as the page may show them. */
export interface Tracked {
  order: Order;
  stop: OrderStop | null;
  /** How many stops the order has, and how many are delivered (an order's link on a multi-stop route shows only these). */
  stopCount: number;
  stopsDelivered: number;
  courier: { name: string; latitude: number | null; longitude: number | null; recordedAt: number | null } | null;
  /** The latest failed attempt at this link's delivery (issue 27), if any. */
  failure: { reason: FailureReason; outcome: FailureOutcome } | null;
}

const stopCount = sql<number>`(select count(*) from ${orderStops} s where s.order_id = ${orders.id})`;
const stopsDelivered = sql<number>`(select count(*) from ${orderStops} s where s.order_id = ${orders.id} and s.status = 'delivered')`;
/** The latest failed attempt at the order's own delivery, or at one stop's, as JSON. */
const latestFailure = (stopId: SQL) =>
  sql<string | null>`(select json_object('reason', f.reason, 'outcome', f.outcome) from ${deliveryFailures} f
    where f.order_id = ${orders.id} and f.stop_id is ${stopId} order by f.id desc limit 1)`;
const courierColumns = {
  courierName: users.name,
  courierLatitude: couriers.courierLatitude,
  courierLongitude: couriers.courierLongitude,
  courierRecordedAt: couriers.lastLocationUpdateTime,
};

/** The order or stop whose link this is, in one round trip; undefined for an unknown or replaced token. */
export async function findTracked(db: Db, token: string): Promise<Tracked | undefined> {
  const base = () =>
    db
      .select({ order: orders, stopCount, stopsDelivered, failure: latestFailure(sql`null`), ...courierColumns })
      .from(orders)
      .leftJoin(couriers, eq(couriers.id, orders.courierId))
      .leftJoin(users, eq(users.id, couriers.userId));
  const [byOrder, byStop] = await db.batch([
    base().where(eq(orders.trackingToken, token)).limit(1),
    db
      .select({ order: orders, stop: orderStops, stopCount, stopsDelivered, failure: latestFailure(sql`${orderStops.id}`), ...courierColumns })
      .from(orderStops)
      .innerJoin(orders, eq(orders.id, orderStops.orderId))
      .leftJoin(couriers, eq(couriers.id, orders.courierId))
      .leftJoin(users, eq(users.id, couriers.userId))
      .where(eq(orderStops.trackingToken, token))
      .limit(1),
  ]);
  const row = byOrder[0] ? { ...byOrder[0], stop: null } : byStop[0];
  if (!row) return undefined;
  return {
    order: row.order,
    stop: row.stop,
    stopCount: row.stopCount,
    stopsDelivered: row.stopsDelivered,
    failure: row.failure ? (JSON.parse(row.failure) as Tracked['failure']) : null,
    courier:
      row.courierName == null
        ? null
        : { name: row.courierName, latitude: row.courierLatitude, longitude: row.courierLongitude, recordedAt: row.courierRecordedAt },
  };
}

/** Replaces the order's link (or one stop's): the old one is a 404 from now on. Answers the new token, or undefined when the stop is not the order's. */
export async function renewTrackingToken(db: Db, orderId: number, stopId?: number): Promise<string | undefined> {
  const token = newTrackingToken();
  const rows =
    stopId == null
      ? await db.update(orders).set({ trackingToken: token }).where(eq(orders.id, orderId)).returning({ id: orders.id })
      : await db
          .update(orderStops)
          .set({ trackingToken: token })
          .where(and(eq(orderStops.id, stopId), eq(orderStops.orderId, orderId)))
          .returning({ id: orderStops.id });
  return rows.length ? token : undefined;
}

/** How long a tracking page's watch lasts without being renewed (its socket reconnecting renews it). */
export const WATCH_MS = 2 * 60 * 60 * 1000;

/** A tracking page is open on the order: its changes become events until `until` (migration 0012's trigger). */
export async function watchOrder(db: Db, orderId: number, now = Date.now()): Promise<void> {
  await db
    .insert(trackingWatchers)
    .values({ orderId, until: now + WATCH_MS })
    .onConflictDoUpdate({ target: trackingWatchers.orderId, set: { until: now + WATCH_MS } });
}

export async function recordEta(db: Db, sample: typeof trackingEtas.$inferInsert): Promise<void> {
  await db.insert(trackingEtas).values(sample);
}

/** domain/etaAccuracy.ts leadGroupOf, in SQL over a lead time in ms (an integration test keeps the two in step). */
export function leadGroupSql(leadMs: SQL | SQL.Aliased): SQL {
  const whens = LEAD_GROUPS.flatMap((group, index) =>
    group.underMs == null ? [] : [sql`when ${leadMs} < ${sql.raw(String(group.underMs))} then ${sql.raw(String(index))}`],
  );
  return sql`case ${sql.join(whens, sql` `)} else ${sql.raw(String(LEAD_GROUPS.length - 1))} end`;
}

/**
 * The ETAs sampled in `range` whose arrival is now recorded (the stop's for a stop's link,
 * the order's otherwise), counted per lead group, and how many arrivals they were about:
 * one round trip. Samples taken after the arrival (a page still open) are left out.
 */
export async function etaAccuracyIn(db: Db, range: Range): Promise<{ groups: EtaSampleCounts[]; arrivals: number }> {
  // An order's own link: its arrival at the customer, or, for a route of one stop (whose
  // order link is live too, and which records arrivals on the stop), that stop's.
  const onlyStopArrival = sql`(select case when count(*) = 1 then max(lone.arrived_time) end from ${orderStops} lone where lone.order_id = ${trackingEtas.orderId})`;
  const arrival = sql<number>`case when ${trackingEtas.stopId} is null then coalesce(${orders.arrivedAtCustomerTime}, ${onlyStopArrival}) else ${orderStops.arrivedTime} end`;
  const samples = db
    .select({
      arrivalKey: sql<string>`coalesce('stop:' || ${trackingEtas.stopId}, 'order:' || ${trackingEtas.orderId})`.as('arrival_key'),
      leadMs: sql<number>`${arrival} - ${trackingEtas.recordedAt}`.as('lead_ms'),
      missMs: sql<number>`${trackingEtas.etaAt} - ${arrival}`.as('miss_ms'),
    })
    .from(trackingEtas)
    .innerJoin(orders, eq(orders.id, trackingEtas.orderId))
    .leftJoin(orderStops, eq(orderStops.id, trackingEtas.stopId))
    .where(and(gte(trackingEtas.recordedAt, range.start), lt(trackingEtas.recordedAt, range.end)))
    .as('samples');
  const beforeArrival = sql`${samples.leadMs} >= 0`;
  const [groups, [total]] = await db.batch([
    db
      .select({
        group: sql<number>`${leadGroupSql(samples.leadMs)}`.as('lead_group'),
        samples: sql<number>`count(*)`,
        arrivals: sql<number>`count(distinct ${samples.arrivalKey})`,
        accurate: sql<number>`sum(abs(${samples.missMs}) <= ${ACCURATE_WITHIN_MS})`,
        late: sql<number>`sum(${samples.missMs} < -${ACCURATE_WITHIN_MS})`,
        absoluteMissMs: sql<number>`sum(abs(${samples.missMs}))`,
      })
      .from(samples)
      .where(beforeArrival)
      .groupBy(sql`lead_group`),
    db
      .select({ arrivals: sql<number>`count(distinct ${samples.arrivalKey})` })
      .from(samples)
      .where(beforeArrival),
  ]);
  return { groups, arrivals: total?.arrivals ?? 0 };
}
