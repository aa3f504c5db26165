/**
 * Tracking links (issue 16): finding what a token opens, replacing a token (revoking the
 * old link), the pages that watch an order, and the ETAs shown.
 */
import { and, eq, sql } from 'drizzle-orm';
import { newTrackingToken } from '../domain/tracking';
import type { Db } from './client';
import { couriers, orders, orderStops, trackingEtas, trackingWatchers, users, type Order, type OrderStop } from './schema';

/** What a tracking token opens: the order, the stop when it is a stop's link, and the courier as the page may show them. */
export interface Tracked {
  order: Order;
  stop: OrderStop | null;
  /** How many stops the order has, and how many are delivered (an order's link on a multi-stop route shows only these). */
  stopCount: number;
  stopsDelivered: number;
  courier: { name: string; latitude: number | null; longitude: number | null; recordedAt: number | null } | null;
}

const stopCount = sql<number>`(select count(*) from ${orderStops} s where s.order_id = ${orders.id})`;
const stopsDelivered = sql<number>`(select count(*) from ${orderStops} s where s.order_id = ${orders.id} and s.status = 'delivered')`;
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
      .select({ order: orders, stopCount, stopsDelivered, ...courierColumns })
      .from(orders)
      .leftJoin(couriers, eq(couriers.id, orders.courierId))
      .leftJoin(users, eq(users.id, couriers.userId));
  const [byOrder, byStop] = await db.batch([
    base().where(eq(orders.trackingToken, token)).limit(1),
    db
      .select({ order: orders, stop: orderStops, stopCount, stopsDelivered, ...courierColumns })
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
