/** Live positions in the database: the write-through from each courier's Durable Object, and what the GPS page reads. */
import { and, desc, eq, isNotNull, isNull, lt, not, or, inArray } from 'drizzle-orm';
import { FINISHED_STATUSES } from '../domain/orderStatus';
import type { Position, TrackedCourier } from '../domain/live';
import type { Db } from './client';
import { couriers, orders, restaurants, users } from './schema';

/** Stores a courier's latest position unless the row already holds a newer one. */
export async function recordCourierPosition(db: Db, courierId: number, position: Position): Promise<void> {
  await db
    .update(couriers)
    .set({ courierLatitude: position.latitude, courierLongitude: position.longitude, lastLocationUpdateTime: position.recordedAt })
    .where(and(eq(couriers.id, courierId), or(isNull(couriers.lastLocationUpdateTime), lt(couriers.lastLocationUpdateTime, position.recordedAt))));
}

/** Whether the courier's phone holds its socket open: zone offers are pushed to listening phones only. */
export async function recordPhoneListening(db: Db, courierId: number, listening: boolean): Promise<void> {
  await db.update(couriers).set({ phoneListening: listening }).where(eq(couriers.id, courierId));
}

/** Couriers whose account is active, with their last known position (the GPS page's list). */
export async function activeCouriersWithPositions(db: Db): Promise<TrackedCourier[]> {
  return db
    .select({
      id: couriers.id,
      name: users.name,
      vehicleType: couriers.vehicleType,
      vehicleMake: couriers.vehicleMake,
      vehicleModel: couriers.vehicleModel,
      latitude: couriers.courierLatitude,
      longitude: couriers.courierLongitude,
      lastLocationUpdateTime: couriers.lastLocationUpdateTime,
    })
    .from(couriers)
    .innerJoin(users, eq(users.id, couriers.userId))
    .where(eq(users.isActive, true))
    .orderBy(desc(couriers.lastLocationUpdateTime), users.name);
}

/** Orders a courier is working on, with where to pick up and deliver: the map's restaurants and customers. */
export async function activeOrdersForMap(db: Db, limit = 500) {
  return db
    .select({
      order: orders,
      restaurantLatitude: restaurants.latitude,
      restaurantLongitude: restaurants.longitude,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(and(isNotNull(orders.courierId), not(inArray(orders.status, [...FINISHED_STATUSES]))))
    .orderBy(orders.pickupTime)
    .limit(limit);
}
