/** Test helpers for the business portal: a demo business's record, and request bodies like the forms send. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { restaurants, users, type Restaurant } from '../../src/db/schema';

export async function businessOf(db: Db, username: string): Promise<Restaurant> {
  const [row] = await db
    .select({ restaurant: restaurants })
    .from(restaurants)
    .innerJoin(users, eq(users.id, restaurants.userId))
    .where(eq(users.username, username));
  return row.restaurant;
}

const HOUR = 3_600_000;
const iso = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** The single order form's body (spec 2-business-area.md §7 'Single order creation body'). */
export function singleOrderBody(overrides: Record<string, unknown> = {}) {
  const pickup = Date.now() + 2 * HOUR;
  return {
    customerName: 'Olivia Martin',
    customerPhone: '8135550100',
    customerAddress: '1201 N Franklin St, Tampa, Florida, 33602',
    customerStreet: '1201 N Franklin St',
    customerHouse: '1201',
    customerApartment: '',
    customerCity: 'Tampa',
    customerState: 'Florida',
    customerZip: '33602',
    customerLatitude: 27.956,
    customerLongitude: -82.459,
    customerCompany: 'Brightline Legal',
    deliveryInstructions: 'Front desk',
    internalOrderNumber: 'HB-9001',
    setupRequired: false,
    requiredVehicleTypes: ['sedan'],
    amount: 245,
    deliveryFee: 1,
    tip: 10,
    pickupTime: iso(pickup),
    deliveryTime: iso(pickup + HOUR),
    items: [{ name: 'Order', quantity: 1, price: 245 }],
    status: 'new',
    ...overrides,
  };
}

/** Four Tampa stops with coordinates, in the pharmacy form's shape. */
export const TAMPA_STOPS = [
  { customerName: 'Noah Thompson', customerPhone: '8135550901', address: '1201 N Franklin St, Tampa, Florida, 33602', latitude: 27.956, longitude: -82.459 },
  { customerName: 'Ava Robinson', customerPhone: '8135550902', address: '3001 W Kennedy Blvd, Tampa, Florida, 33609', latitude: 27.9445, longitude: -82.4903 },
  { customerName: 'Liam Clark', customerPhone: '8135550903', address: '4202 W Boy Scout Blvd, Tampa, Florida, 33607', latitude: 27.962, longitude: -82.518 },
  { customerName: 'Mia Hall', customerPhone: '8135550904', address: '5110 N Armenia Ave, Tampa, Florida, 33603', latitude: 27.993, longitude: -82.484 },
];

/** The multi-stop form's body, with the stops in one request (a stop may add fields, such as its locationPrecision). */
export function multiStopBody(
  stops: ReadonlyArray<(typeof TAMPA_STOPS)[number] & Record<string, unknown>> = TAMPA_STOPS,
  overrides: Record<string, unknown> = {},
) {
  const pickup = Date.now() + 2 * HOUR;
  return {
    internalOrderNumber: 'RX-9001',
    amount: 180,
    tip: 5,
    deliveryFee: 0.01,
    calculatedDeliveryFee: 0.01,
    totalDistanceMiles: 0.01,
    pickupTime: iso(pickup),
    deliveryTime: iso(pickup + HOUR),
    stops: stops.map((stop, index) => ({ ...stop, sequence: index + 1, deliveryInstructions: index === 0 ? 'Ring the bell' : '', status: 'pending' })),
    ...overrides,
  };
}
