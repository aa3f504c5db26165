/**
 * Reads for the business portal: the signed-in business's own record, its active
 * orders, and the couriers on its orders (name, phone, vehicle: spec 2-business-area.md §2.5).
 */
import { and, asc, eq, inArray, not } from 'drizzle-orm';
import { FINISHED_STATUSES } from '../domain/orderStatus';
import type { Db } from './client';
import { couriers, orders, restaurants, users, type Order, type Restaurant } from './schema';

export async function findBusiness(db: Db, restaurantId: number): Promise<Restaurant | undefined> {
  const [row] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId)).limit(1);
  return row;
}

/** Coordinates travel as strings at scale 7, or null (spec 1-foundations-and-admin.md §3 'Restaurant'). */
const coordinateText = (value: number | null) => (value == null ? null : value.toFixed(7));

/** GET /api/restaurants/profile (spec 2-business-area.md §7): what the business area reads of its own record. */
export function serializeBusinessProfile(business: Restaurant) {
  return {
    id: business.id,
    name: business.name,
    address: business.address,
    phone: business.phone,
    latitude: coordinateText(business.latitude),
    longitude: coordinateText(business.longitude),
    customerType: business.customerType,
    zoneId: business.zoneId,
    businessHours: business.businessHours,
    deliveryInstructions: business.deliveryInstructions,
    contactPersonName: business.contactPersonName,
    contactPersonPosition: business.contactPersonPosition,
    contactPersonPhone: business.contactPersonPhone,
    contactPersonEmail: business.contactPersonEmail,
    backupPhone: business.backupPhone,
  };
}

/** The dashboard's active orders (spec 2-business-area.md §2.4): not delivered, cancelled or pharmacy_completed; next pickup first. */
export function activeOrders(db: Db, restaurantId: number, limit: number): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), not(inArray(orders.status, [...FINISHED_STATUSES]))))
    .orderBy(asc(orders.pickupTime), asc(orders.id))
    .limit(limit);
}

export interface CourierCard {
  id: number;
  name: string;
  phone: string | null;
  vehicleType: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: string;
}

const courierCardColumns = {
  id: couriers.id,
  name: users.name,
  phone: users.phone,
  vehicleType: couriers.vehicleType,
  vehicleMake: couriers.vehicleMake,
  vehicleModel: couriers.vehicleModel,
  vehicleYear: couriers.vehicleYear,
};

/** The courier of an order, as its business sees them. */
export async function courierCard(db: Db, courierId: number): Promise<CourierCard | undefined> {
  const [row] = await db.select(courierCardColumns).from(couriers).innerJoin(users, eq(users.id, couriers.userId)).where(eq(couriers.id, courierId)).limit(1);
  return row;
}
