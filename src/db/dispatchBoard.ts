/**
 * The couriers beside the dispatcher's queue (issue 29): who is active, where their phone
 * last was, their documents, and the orders each holds in pickup order (their route), in one
 * round trip.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { BoardCourier, HeldOrder } from '../domain/dispatch';
import { COURIER_HELD_STATUSES, type OrderStatus } from '../domain/orderStatus';
import type { Db } from './client';
import { couriers, orders, users, zones } from './schema';

/** `zoneId`: only that zone's couriers. */
export async function boardCouriers(db: Db, zoneId: number | null = null): Promise<BoardCourier[]> {
  const [courierRows, heldRows] = await db.batch([
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
      .where(and(eq(users.isActive, true), zoneId == null ? undefined : eq(couriers.zoneId, zoneId))),
    heldOrders(db),
  ]);
  const held = heldByCourier(heldRows);
  return courierRows.map((courier) => ({ ...courier, held: held.get(courier.id) ?? [] }));
}

/** Every order a courier holds, in pickup order: their load and their route. */
export function heldOrders(db: Db) {
  return db
    .select({ courierId: orders.courierId, orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(and(isNotNull(orders.courierId), inArray(orders.status, [...COURIER_HELD_STATUSES])))
    .orderBy(asc(orders.pickupTime), asc(orders.id));
}

export function heldByCourier(rows: ReadonlyArray<{ courierId: number | null; orderNumber: string; status: OrderStatus }>): Map<number, HeldOrder[]> {
  const held = new Map<number, HeldOrder[]>();
  for (const { courierId, orderNumber, status } of rows) held.set(courierId!, [...(held.get(courierId!) ?? []), { orderNumber, status }]);
  return held;
}
