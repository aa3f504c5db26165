/**
 * The couriers beside the dispatcher's queue (issue 29): who is active, where their phone
 * last was, their documents, and the orders each holds in pickup order (their route), in one
 * round trip. A fleet of thousands is not a list to read: the board shows the BOARD_LIMIT who
 * can take work soonest, in the board's order (compareForBoard) ranked in SQL, and counts the rest.
 */
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { FRESHNESS_ORDER, type BoardCourier, type HeldOrder } from '../domain/dispatch';
import { GPS_ONLINE_MS, GPS_RECENT_MS } from '../domain/indicators';
import { COURIER_HELD_STATUSES, type OrderStatus } from '../domain/orderStatus';
import type { Db } from './client';
import { couriers, orders, users, zones } from './schema';

/** Couriers listed on the board at most; the others are counted. */
export const BOARD_LIMIT = 100;

export interface Board {
  couriers: BoardCourier[];
  /** Active couriers in all (of the zone), and how many of them are online. */
  active: number;
  online: number;
}

const heldStatuses = [...COURIER_HELD_STATUSES];

/** compareForBoard's keys in SQL: freshness, orders held, name. */
function boardOrder(now: number) {
  const seen = couriers.lastLocationUpdateTime;
  const freshness = sql`case when ${seen} > ${now - GPS_ONLINE_MS} then ${FRESHNESS_ORDER.online}
    when ${seen} > ${now - GPS_RECENT_MS} then ${FRESHNESS_ORDER.recent} else ${FRESHNESS_ORDER.offline} end`;
  const held = sql`(select count(*) from ${orders} where ${orders.courierId} = ${couriers.id} and ${inArray(orders.status, heldStatuses)})`;
  return [asc(freshness), asc(held), asc(sql`${users.name} collate nocase`), asc(couriers.id)];
}

/** `zoneId`: only that zone's couriers. */
export async function boardCouriers(db: Db, zoneId: number | null = null, now = Date.now(), limit = BOARD_LIMIT): Promise<Board> {
  const active = and(eq(users.isActive, true), zoneId == null ? undefined : eq(couriers.zoneId, zoneId));
  const listed = db
    .select({ id: couriers.id })
    .from(couriers)
    .innerJoin(users, eq(users.id, couriers.userId))
    .where(active)
    .orderBy(...boardOrder(now))
    .limit(limit);
  const [courierRows, heldRows, [counted]] = await db.batch([
    db
      .select({
        id: couriers.id,
        name: users.name,
        zoneName: zones.name,
        latitude: couriers.courierLatitude,
        longitude: couriers.courierLongitude,
        seenAt: couriers.lastLocationUpdateTime,
        driversLicenseExpiry: couriers.driversLicenseExpiry,
        insuranceExpiry: couriers.insuranceExpiry,
      })
      .from(couriers)
      .innerJoin(users, eq(users.id, couriers.userId))
      .leftJoin(zones, eq(zones.id, couriers.zoneId))
      .where(inArray(couriers.id, listed)),
    heldOrders(db, inArray(orders.courierId, listed)),
    db
      .select({ active: sql<number>`count(*)`, online: sql<number>`coalesce(sum(${couriers.lastLocationUpdateTime} > ${now - GPS_ONLINE_MS}), 0)` })
      .from(couriers)
      .innerJoin(users, eq(users.id, couriers.userId))
      .where(active),
  ]);
  const held = heldByCourier(heldRows);
  return { couriers: courierRows.map((courier) => ({ ...courier, held: held.get(courier.id) ?? [] })), active: counted.active, online: counted.online };
}

/** The orders couriers hold (those `of` names, or every courier's), in pickup order: their load and their route. */
export function heldOrders(db: Db, of?: SQL) {
  return db
    .select({ courierId: orders.courierId, orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(and(isNotNull(orders.courierId), inArray(orders.status, heldStatuses), of))
    .orderBy(asc(orders.pickupTime), asc(orders.id));
}

export function heldByCourier(rows: ReadonlyArray<{ courierId: number | null; orderNumber: string; status: OrderStatus }>): Map<number, HeldOrder[]> {
  const held = new Map<number, HeldOrder[]>();
  for (const { courierId, orderNumber, status } of rows) held.set(courierId!, [...(held.get(courierId!) ?? []), { orderNumber, status }]);
  return held;
}
