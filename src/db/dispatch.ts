/**
 * What the dispatcher's courier suggestions are made of (issues 14, 29): the order, where it
 * is, who declined it, every courier and what each holds, in one round trip.
 */
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { CourierCandidate, OrderToStaff } from '../domain/dispatch';
import { STOP_DELIVERY_PHASE } from '../domain/orderStatus';
import { heldByCourier, heldOrders } from './dispatchBoard';
import type { Db } from './client';
import { couriers, orderDeclines, orderEvents, orders, restaurants, users, zones, type Order } from './schema';

export interface StaffingQuestion {
  order: Order;
  staffing: OrderToStaff;
  candidates: CourierCandidate[];
}

/** A courier as the dispatcher's suggestions and the autopilot weigh them. */
export const candidateColumns = {
  id: couriers.id,
  name: users.name,
  isActive: users.isActive,
  vehicleType: couriers.vehicleType,
  driversLicenseExpiry: couriers.driversLicenseExpiry,
  insuranceExpiry: couriers.insuranceExpiry,
  latitude: couriers.courierLatitude,
  longitude: couriers.courierLongitude,
  lastLocationAt: couriers.lastLocationUpdateTime,
};

/** Who refused each of these orders: declined it as an offer (to the zone or to them alone), or gave it back. */
export function refusalsOf(db: Db, orderIds: SQL) {
  return db
    .select({ orderId: orderDeclines.orderId, courierId: orderDeclines.courierId })
    .from(orderDeclines)
    .where(sql`${orderDeclines.orderId} in (${orderIds})`)
    .union(
      db
        .select({ orderId: orderEvents.orderId, courierId: sql<number>`${orderEvents.fromCourierId}` })
        .from(orderEvents)
        .where(
          and(
            sql`${orderEvents.orderId} in (${orderIds})`,
            eq(orderEvents.toStatus, 'courier_rejected'),
            eq(orderEvents.outcome, 'applied'),
            isNotNull(orderEvents.fromCourierId),
          ),
        ),
    );
}

export async function staffingQuestion(db: Db, orderId: number): Promise<StaffingQuestion | undefined> {
  const holder = alias(couriers, 'holder');
  const [[row], courierRows, heldRows, declineRows] = await db.batch([
    db
      .select({
        order: orders,
        latitude: restaurants.latitude,
        longitude: restaurants.longitude,
        zoneId: restaurants.zoneId,
        holderLatitude: holder.courierLatitude,
        holderLongitude: holder.courierLongitude,
      })
      .from(orders)
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .leftJoin(holder, eq(holder.id, orders.courierId))
      .where(eq(orders.id, orderId))
      .limit(1),
    db
      .select({ ...candidateColumns, zoneId: couriers.zoneId, zoneName: zones.name })
      .from(couriers)
      .innerJoin(users, eq(users.id, couriers.userId))
      .leftJoin(zones, eq(zones.id, couriers.zoneId)),
    heldOrders(db),
    refusalsOf(db, sql`${orderId}`),
  ]);
  if (!row) return undefined;
  const { order } = row;
  const held = heldByCourier(heldRows);
  // Once picked up, the order travels with its courier: distances are measured from there.
  const withCourier = STOP_DELIVERY_PHASE.has(order.status) && row.holderLatitude != null && row.holderLongitude != null;
  const pickup = row.latitude != null && row.longitude != null ? { lat: row.latitude, lng: row.longitude } : null;
  return {
    order,
    staffing: {
      origin: withCourier ? { lat: row.holderLatitude!, lng: row.holderLongitude! } : pickup,
      originIsOrder: withCourier,
      zoneId: order.zoneId ?? row.zoneId,
      requiredVehicleTypes: order.requiredVehicleTypes,
      missedBy: order.status === 'missed_pickup' ? order.courierId : null,
      heldBy: order.status === 'missed_pickup' ? null : order.courierId,
      declinedBy: declineRows.map((decline) => decline.courierId),
    },
    candidates: courierRows.map(({ latitude, longitude, ...courier }) => ({
      ...courier,
      position: latitude != null && longitude != null ? { lat: latitude, lng: longitude } : null,
      held: held.get(courier.id) ?? [],
    })),
  };
}
