/**
 * Test data for the courier area: orders held by a courier (each test signs in a courier
 * of its own, factories.ts insertSignableCourier, so one test's orders never show in
 * another's lists), orders with stops, and photos.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { orders, orderStops, restaurants, users } from '../../src/db/schema';
import { distanceDeliveryFee } from '../../src/domain/fees';
import { encodePng } from '../../scripts/lib/png';
import type { Client } from './api';
import { insertOrder } from './factories';

const HOUR = 3_600_000;

/** Where the demo businesses are (scripts/seed.ts): arrivals are checked against these. */
export const BISTRO_POSITION = { latitude: 27.9427, longitude: -82.4497 };
export const PHARMACY_POSITION = { latitude: 27.9379, longitude: -82.4843 };

/** A restaurant order held by the courier, in `status`. */
export function insertHeldOrder(
  db: Db,
  courierId: number,
  status: (typeof orders.$inferInsert)['status'],
  overrides: Partial<typeof orders.$inferInsert> & { business?: string } = {},
) {
  return insertOrder(db, { status, courierId, courierPayCents: 3500, tipCents: 500, ...overrides });
}

/** A pharmacy route (distance-priced, with stops), of the demo pharmacy unless `business` names another. */
export async function insertPharmacyOrder(
  db: Db,
  options: { courierId?: number | null; status?: (typeof orders.$inferInsert)['status']; stops?: number; pickupIn?: number; business?: string } & Partial<
    typeof orders.$inferInsert
  > = {},
) {
  const { courierId = null, status = 'assigned', stops = 3, pickupIn = 0.5 * HOUR, ...fields } = options;
  const miles = 6.4;
  const order = await insertOrder(db, {
    business: 'pharmacy',
    status,
    courierId,
    totalDistanceMiles: miles,
    deliveryFeeCents: distanceDeliveryFee(miles),
    tipCents: 300,
    courierPayCents: distanceDeliveryFee(miles) + 300,
    pickupTime: Date.now() + pickupIn,
    deliveryTime: Date.now() + pickupIn + 2 * HOUR,
    items: [{ name: 'Pharmacy Order', quantity: 1, price: 9000 }],
    ...fields,
  });
  // A route's customer is its first stop (migration 0016): a customer given for the order is that stop's.
  const rows = await insertStops(db, order.id, stops, { customerName: fields.customerName, address: fields.customerAddress });
  const [routed] = await db.select().from(orders).where(eq(orders.id, order.id));
  return { order: routed, stops: rows };
}

export async function insertStops(db: Db, orderId: number, count: number, first: { customerName?: string; address?: string } = {}) {
  return db
    .insert(orderStops)
    .values(
      Array.from({ length: count }, (_, i) => ({
        orderId,
        sequence: i + 1,
        customerName: (i === 0 && first.customerName) || `Recipient ${i + 1}`,
        customerPhone: `813555010${i}`,
        address: (i === 0 && first.address) || `${100 + i} Bayshore Blvd, Tampa, FL 33606`,
        latitude: 27.93 + i / 1000,
        longitude: -82.48,
        deliveryInstructions: i === 0 ? 'Leave at the door' : null,
      })),
    )
    .returning();
}

export async function restaurantIdOf(db: Db, username: string): Promise<number> {
  const [row] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .innerJoin(users, eq(users.id, restaurants.userId))
    .where(eq(users.username, username));
  return row.id;
}

/** A small real PNG. */
export const png = (width = 32, height = 24, seed = 0) => encodePng(width, height, (x, y) => [(x * 8 + seed * 40) % 256, (y * 10) % 256, 160]);

export const dataString = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

/** A binary upload with the client's session (the API client sends JSON only). */
export async function upload(client: Client, path: string, bytes: Uint8Array, contentType = 'image/png', headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, client.baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': contentType, ...(client.cookieHeader() ? { Cookie: client.cookieHeader() } : {}), ...headers },
    body: Buffer.from(bytes),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Where a stop is, as a phone standing at its door reports it with an arrival (decision C23). */
export const atStop = (stop: { latitude: number | null; longitude: number | null }) => ({ courierLatitude: stop.latitude!, courierLongitude: stop.longitude! });
