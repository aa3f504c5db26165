/**
 * Businesses as the admin manages them (spec 1-foundations-and-admin.md §2.10, §7.6). Total Orders, Revenue and
 * Delivery Fees come from restaurant_order_totals, which triggers keep exact (D5), so
 * the list never scans orders; a business without orders has no totals row yet.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { RestaurantCreateInput, RestaurantUpdateInput } from '../domain/schemas/restaurants';
import { precisionOf, type LocationPrecision } from '../domain/location';
import { formatMoney } from '../domain/money';
import type { Db } from './client';
import { restaurantOrderTotals, restaurants, users, zones, type Restaurant } from './schema';
import { usernameIs } from './users';

const totals = restaurantOrderTotals;

const restaurantColumns = {
  restaurant: restaurants,
  isActive: users.isActive,
  username: users.username,
  zoneName: zones.name,
  ordersCount: sql<number>`coalesce(${totals.ordersCount}, 0)`,
  amountCents: sql<number>`coalesce(${totals.amountCents}, 0)`,
  deliveryFeeCents: sql<number>`coalesce(${totals.deliveryFeeCents}, 0)`,
  unfinishedCount: sql<number>`coalesce(${totals.unfinishedCount}, 0)`,
};

export interface RestaurantWithTotals {
  restaurant: Restaurant;
  isActive: boolean;
  username: string;
  zoneName: string | null;
  ordersCount: number;
  amountCents: number;
  deliveryFeeCents: number;
  /** Orders neither delivered nor cancelled: while there are any, an active business cannot be deactivated. */
  unfinishedCount: number;
}

function restaurantsWithTotals(db: Db, where?: SQL) {
  return db
    .select(restaurantColumns)
    .from(restaurants)
    .innerJoin(users, eq(users.id, restaurants.userId))
    .leftJoin(zones, eq(zones.id, restaurants.zoneId))
    .leftJoin(totals, eq(totals.restaurantId, restaurants.id))
    .where(where)
    .orderBy(asc(sql`${restaurants.name} collate nocase`), asc(restaurants.id));
}

export async function listRestaurants(db: Db, page?: { limit: number; offset: number }): Promise<RestaurantWithTotals[]> {
  const query = restaurantsWithTotals(db);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countRestaurants(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(restaurants);
  return row.count;
}

export async function findRestaurant(db: Db, id: number): Promise<RestaurantWithTotals | undefined> {
  const [row] = await restaurantsWithTotals(db, eq(restaurants.id, id)).limit(1);
  return row;
}

/** How precisely the business's coordinates are known (domain/location.ts), set with them. */
interface Located {
  locationPrecision: LocationPrecision;
}

/**
 * Creates the business's login (role restaurant) and the business in one batch, so
 * neither exists without the other. The user carries the business's name, phone,
 * address and zone, as the accounts of the demo data do.
 */
export async function createRestaurantAccount(db: Db, input: RestaurantCreateInput & Located, passwordHash: string): Promise<RestaurantWithTotals> {
  const { username, password: _password, ...fields } = input;
  const [, , [created]] = await db.batch([
    db.insert(users).values({
      username,
      passwordHash,
      role: 'restaurant',
      name: fields.name,
      phone: fields.phone,
      address: fields.address,
      zoneId: fields.zoneId,
    }),
    db.insert(restaurants).values({ ...fields, userId: sql`(select ${users.id} from ${users} where ${usernameIs(username)})` }),
    // Read back in the same transaction: the answer costs no round trip of its own.
    restaurantsWithTotals(db, usernameIs(username)).limit(1),
  ]);
  return created;
}

/** Saves the Edit Restaurant dialog; the login's name, phone and address follow the business's. */
export async function updateRestaurant(db: Db, restaurant: Restaurant, input: RestaurantUpdateInput & Partial<Located>): Promise<RestaurantWithTotals> {
  const now = Date.now();
  const userChanges = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.address !== undefined ? { address: input.address } : {}),
  };
  const [, , [updated]] = await db.batch([
    db
      .update(restaurants)
      .set({ ...input, updatedAt: now })
      .where(eq(restaurants.id, restaurant.id)),
    db
      .update(users)
      .set({ ...userChanges, updatedAt: now })
      .where(eq(users.id, restaurant.userId)),
    restaurantsWithTotals(db, eq(restaurants.id, restaurant.id)).limit(1),
  ]);
  return updated;
}

/**
 * GET /api/restaurants (spec 1-foundations-and-admin.md §7.6): the business's fields with its account's isActive
 * and its order totals. Never the API key or webhook secret.
 */
export function serializeRestaurant(row: RestaurantWithTotals) {
  const { restaurant } = row;
  return {
    id: restaurant.id,
    userId: restaurant.userId,
    username: row.username,
    name: restaurant.name,
    address: restaurant.address,
    phone: restaurant.phone,
    zoneId: restaurant.zoneId,
    zoneName: row.zoneName,
    customerType: restaurant.customerType,
    latitude: restaurant.latitude,
    longitude: restaurant.longitude,
    locationPrecision: precisionOf(restaurant.latitude, restaurant.longitude, restaurant.locationPrecision),
    contactPersonName: restaurant.contactPersonName,
    contactPersonPosition: restaurant.contactPersonPosition,
    contactPersonPhone: restaurant.contactPersonPhone,
    contactPersonEmail: restaurant.contactPersonEmail,
    backupPhone: restaurant.backupPhone,
    deliveryInstructions: restaurant.deliveryInstructions,
    businessHours: restaurant.businessHours,
    apiEnabled: restaurant.apiEnabled,
    isActive: row.isActive,
    totalOrders: row.ordersCount,
    revenue: formatMoney(row.amountCents),
    deliveryFees: formatMoney(row.deliveryFeeCents),
    unfinishedOrders: row.unfinishedCount,
  };
}
