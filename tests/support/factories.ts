/** Test data written straight to the database, for states the API under test does not create. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/auth/password';
import { couriers, orders, restaurants, sessions, users, zones } from '../../src/db/schema';
import { singleOrderDeliveryFee } from '../../src/domain/fees';

const HOUR = 3_600_000;

/** A single-stop order of a demo business ('bistro' by default), status new unless given. */
export async function insertOrder(db: Db, overrides: Partial<typeof orders.$inferInsert> & { business?: string } = {}) {
  const { business = 'bistro', ...fields } = overrides;
  const [restaurant] = await db
    .select({ restaurant: restaurants })
    .from(restaurants)
    .innerJoin(users, eq(users.id, restaurants.userId))
    .where(eq(users.username, business));
  const r = restaurant.restaurant;
  const amountCents = fields.amountCents ?? 15_000;
  const pickupTime = fields.pickupTime ?? Date.now() + 2 * HOUR;
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `T${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
      internalOrderNumber: 'TEST-1',
      restaurantId: r.id,
      restaurantName: r.name,
      restaurantAddress: r.address,
      restaurantPhone: r.phone,
      zoneId: r.zoneId,
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
    })
    .returning();
  return order;
}

/** A courier account with valid documents in the demo Tampa zone. Its password hash is unusable: sign in is not needed. */
export async function insertCourier(db: Db, overrides: Partial<typeof couriers.$inferInsert> = {}) {
  const [zone] = await db.select().from(zones).where(eq(zones.name, 'Tampa'));
  const username = `c${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
  const [user] = await db.insert(users).values({ username, passwordHash: 'x', role: 'courier', name: `Courier ${username}`, zoneId: zone.id }).returning();
  const [courier] = await db
    .insert(couriers)
    .values({
      userId: user.id,
      zoneId: zone.id,
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
  await db.insert(sessions).values({ id: createHash('sha256').update(token).digest('hex'), userId, createdAt: now, lastSeenAt: now, expiresAt: now + lifetimeMs });
  return token;
}

let demoPasswordHash: Promise<string> | undefined;

/**
 * A business account of its own (password 'demo1234'), in the demo Tampa zone: for tests
 * that count or list a business's orders, which must not see what other tests added to
 * the shared demo businesses.
 */
export async function insertBusiness(db: Db, options: { customerType?: 'restaurant' | 'pharmacy'; name?: string } = {}) {
  demoPasswordHash ??= hashPassword('demo1234');
  const [zone] = await db.select().from(zones).where(eq(zones.name, 'Tampa'));
  const username = `biz${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
  const name = options.name ?? `Test Kitchen ${username.slice(-5)}`;
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: await demoPasswordHash, role: 'restaurant', name, phone: '8135559000', address: '615 Channelside Dr, Tampa, FL 33602', zoneId: zone.id })
    .returning();
  const [restaurant] = await db
    .insert(restaurants)
    .values({
      userId: user.id, name, address: '615 Channelside Dr, Tampa, FL 33602', phone: '8135559000', zoneId: zone.id,
      customerType: options.customerType ?? 'restaurant', latitude: 27.9427, longitude: -82.4497,
    })
    .returning();
  return { username, user, restaurant };
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
