/** What the dispatcher's courier suggestions are made of (issue 14): the order's pickup and every courier, in one round trip. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CourierCandidate, OrderToStaff } from '../domain/dispatch';
import { COURIER_HELD_STATUSES } from '../domain/orderStatus';
import type { Db } from './client';
import { couriers, orders, restaurants, users, zones, type Order } from './schema';

export interface StaffingQuestion {
  order: Order;
  staffing: OrderToStaff;
  candidates: CourierCandidate[];
}

export async function staffingQuestion(db: Db, orderId: number): Promise<StaffingQuestion | undefined> {
  const held = db
    .select({ count: sql<number>`count(*)` })
    .from(orders)
    .where(and(eq(orders.courierId, couriers.id), inArray(orders.status, [...COURIER_HELD_STATUSES])));
  const [[row], courierRows] = await db.batch([
    db
      .select({ order: orders, latitude: restaurants.latitude, longitude: restaurants.longitude, zoneId: restaurants.zoneId })
      .from(orders)
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(eq(orders.id, orderId))
      .limit(1),
    db
      .select({
        id: couriers.id,
        name: users.name,
        isActive: users.isActive,
        zoneId: couriers.zoneId,
        zoneName: zones.name,
        vehicleType: couriers.vehicleType,
        driversLicenseExpiry: couriers.driversLicenseExpiry,
        insuranceExpiry: couriers.insuranceExpiry,
        latitude: couriers.courierLatitude,
        longitude: couriers.courierLongitude,
        lastLocationAt: couriers.lastLocationUpdateTime,
        activeOrders: sql<number>`(${held})`,
      })
      .from(couriers)
      .innerJoin(users, eq(users.id, couriers.userId))
      .leftJoin(zones, eq(zones.id, couriers.zoneId)),
  ]);
  if (!row) return undefined;
  const { order } = row;
  return {
    order,
    staffing: {
      pickup: row.latitude != null && row.longitude != null ? { lat: row.latitude, lng: row.longitude } : null,
      zoneId: order.zoneId ?? row.zoneId,
      requiredVehicleTypes: order.requiredVehicleTypes,
      missedBy: order.status === 'missed_pickup' ? order.courierId : null,
    },
    candidates: courierRows.map(({ latitude, longitude, ...courier }) => ({
      ...courier,
      position: latitude != null && longitude != null ? { lat: latitude, lng: longitude } : null,
    })),
  };
}
