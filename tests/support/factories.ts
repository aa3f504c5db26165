/** Test data written straight to the database, for states the API under test does not create. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/auth/password';
import { couriers, orders, restaurants, sessions, users, zones } from '../../src/db/schema';
import { singleOrderDeliveryFee } from '../../src/domain/fees';

const HOUR = 3_600_000;

type OrderFields = Partial<typeof orders.$inferInsert>;

async function restaurantOf(db: Db, username: string) {
  const [row] = await db
    .select({ restaurant: restaurants })
    .from(restaurants)
    .innerJoin(users, eq(users.id, restaurants.userId))
    .where(eq(users.username, username));
  return row.restaurant;
}

let ordersMade = 0;

/** A new order's columns: the business's, a unique number, and a customer in Tampa, picked up in 2 hours, delivered an hour later. */
function orderValues(restaurant: typeof restaurants.$inferSelect, fields: OrderFields): typeof orders.$inferInsert {
  const amountCents = fields.amountCents ?? 15_000;
  const pickupTime = fields.pickupTime ?? Date.now() + 2 * HOUR;
  return {
    orderNumber: `T${Date.now().toString(36)}${(ordersMade++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
    internalOrderNumber: 'TEST-1',
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
    restaurantAddress: restaurant.address,
    restaurantPhone: restaurant.phone,
    zoneId: restaurant.zoneId,
    customerName: 'Test Customer',
    customerPhone: '8135550000',
    customerAddress: '1201 N Franklin St, Tampa, Florida, 33602',
    customerLatitude: 27.956,
    customerLongitude: -82.459,
    requiredVehicleTypes: ['sedan'],
    items: [{ name: 'Order', quantity: 1, price: amountCents }],
    amountCents,
    deliveryFeeCents: singleOrderDeliveryFee(amountCents),
    pickupTime,
    deliveryTime: pickupTime + HOUR,
    ...fields,
  };
}

/** A single-stop order of a business ('bistro' by default), status new unless given. */
export async function insertOrder(db: Db, overrides: OrderFields & { business?: string } = {}) {
  const { business = 'bistro', ...fields } = overrides;
  const [order] = await db
    .insert(orders)
    .values(orderValues(await restaurantOf(db, business), fields))
    .returning();
  return order;
}

/** Many orders of one business at once, each with its own fields (a few round trips, not two per order). */
export async function insertOrders(db: Db, business: string, each: OrderFields[]) {
  const restaurant = await restaurantOf(db, business);
  const made: Array<typeof orders.$inferSelect> = [];
  for (let i = 0; i < each.length; i += 100)
    made.push(
      ...(await db
        .insert(orders)
        .values(each.slice(i, i + 100).map((fields) => orderValues(restaurant, fields)))
        .returning()),
    );
  return made;
}

/** The demo Tampa zone's id: where factory accounts go unless given a zone. */
async function tampaZoneId(db: Db): Promise<number> {
  const [zone] = await db.select({ id: zones.id }).from(zones).where(eq(zones.name, 'Tampa'));
  return zone.id;
}

/** A zone of its own: offers to it reach only the couriers a test puts in it. */
export async function insertZone(db: Db, name = `Zone ${uniqueSuffix()}`) {
  const [zone] = await db
    .insert(zones)
    .values({ name, cities: ['Tampa'] })
    .returning();
  return zone;
}

const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;

/**
 * A courier account with valid documents, in the demo Tampa zone unless `zoneId` says
 * otherwise (the account's zone and the courier's agree). Its password hash is unusable
 * (sign in with insertSession); insertSignableCourier makes one that signs in.
 */
export async function insertCourier(db: Db, overrides: Partial<typeof couriers.$inferInsert> = {}) {
  const zoneId = overrides.zoneId ?? (await tampaZoneId(db));
  const username = `c${uniqueSuffix()}`;
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: 'x', role: 'courier', name: `Courier ${username}`, zoneId })
    .returning();
  const [courier] = await db
    .insert(couriers)
    .values({
      userId: user.id,
      zoneId,
      address: '1 Test St, Tampa, FL',
      email: `${username}@example.com`,
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleYear: '2020',
      driversLicense: 'FL-TEST',
      driversLicenseExpiry: '2099-01-01',
      insurance: 'INS-TEST',
      insuranceExpiry: '2099-01-01',
      ...overrides,
    })
    .returning();
  return { user, courier };
}

/**
 * A session for a user, as if they had signed in: returns the cookie token. For accounts
 * made by the factories (which have no usable password) and for load tests that would
 * otherwise spend their time hashing passwords.
 */
export async function insertSession(db: Db, userId: number, lifetimeMs = 24 * 3_600_000): Promise<string> {
  const token = randomBytes(16).toString('base64url');
  const now = Date.now();
  await db
    .insert(sessions)
    .values({ id: createHash('sha256').update(token).digest('hex'), userId, createdAt: now, lastSeenAt: now, expiresAt: now + lifetimeMs });
  return token;
}

let demoPasswordHash: Promise<string> | undefined;

/** The hash of the demo password 'demo1234', computed once per process. */
export const demoPassword = () => (demoPasswordHash ??= hashPassword('demo1234'));

/** Where factory businesses are (the demo Harbor Bistro's corner of Channelside Dr). */
const BUSINESS_PLACE = { address: '615 Channelside Dr, Tampa, FL 33602', latitude: 27.9427, longitude: -82.4497 };

/**
 * A business account of its own (password 'demo1234'), in the demo Tampa zone unless
 * `zoneId` says otherwise: for tests that list, count or total a business's orders, which
 * must not see what other tests added to the shared demo businesses. `located: false`
 * leaves it without coordinates.
 */
export async function insertBusiness(db: Db, options: { customerType?: 'restaurant' | 'pharmacy'; name?: string; zoneId?: number; located?: boolean } = {}) {
  const zoneId = options.zoneId ?? (await tampaZoneId(db));
  const username = `biz${uniqueSuffix()}`;
  const name = options.name ?? `Test Kitchen ${username.slice(-5)}`;
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: await demoPassword(), role: 'restaurant', name, phone: '8135559000', address: BUSINESS_PLACE.address, zoneId })
    .returning();
  const located = options.located ?? true;
  const [restaurant] = await db
    .insert(restaurants)
    .values({
      userId: user.id,
      name,
      address: BUSINESS_PLACE.address,
      phone: '8135559000',
      zoneId,
      customerType: options.customerType ?? 'restaurant',
      latitude: located ? BUSINESS_PLACE.latitude : null,
      longitude: located ? BUSINESS_PLACE.longitude : null,
    })
    .returning();
  return { username, user, restaurant };
}

/**
 * A zone of its own with a business in it and a courier of it who signs in with the demo
 * password: the offers the business makes reach this courier and nobody else, and no
 * other test's offers reach this courier. One line for tests of the offers list.
 */
export async function insertServiceArea(db: Db, options: { customerType?: 'restaurant' | 'pharmacy' } = {}) {
  const zone = await insertZone(db);
  const business = await insertBusiness(db, { zoneId: zone.id, customerType: options.customerType });
  const courier = await insertSignableCourier(db, { zoneId: zone.id });
  return { zone, business, courier };
}

/** A courier (insertCourier) who signs in with the demo password. */
export async function insertSignableCourier(db: Db, overrides: Partial<typeof couriers.$inferInsert> = {}) {
  const created = await insertCourier(db, overrides);
  const passwordHash = await demoPassword();
  await db.update(users).set({ passwordHash }).where(eq(users.id, created.user.id));
  return { ...created, user: { ...created.user, passwordHash }, username: created.user.username };
}

/** A valid POST /api/register body for a courier of the given zone (the Add Courier dialog's fields). */
export function courierRegistration(zoneId: number, username: string, name = 'New Courier') {
  return {
    role: 'courier',
    username,
    password: 'courierpass',
    name,
    zoneId,
    email: `${username}@example.com`,
    address: '1 Test St, Tampa, FL',
    vehicleType: 'suv',
    vehicleMake: 'Kia',
    vehicleModel: 'Sorento',
    vehicleYear: '2022',
    driversLicense: 'FL-123',
    driversLicenseExpiry: '2030-01-01',
    insurance: 'INS-9',
    insuranceExpiry: '2029-06-30',
  };
}
