/**
 * Courier and business accounts run by the admin (spec 1-foundations-and-admin.md §2.9, §2.10, §5.5–5.7, §7.5,
 * §7.6): lists, create, edit, activate and deactivate, with the server's rules.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couriers, orders, restaurantOrderTotals, users, zones } from '../../src/db/schema';
import { Client, signedIn, testDb, unique } from '../support/api';
import { insertCourier, insertOrder } from '../support/factories';

async function tampaZoneId(): Promise<number> {
  const [zone] = await testDb().select().from(zones).where(eq(zones.name, 'Tampa'));
  return zone.id;
}

async function newRestaurantBody(overrides: Record<string, unknown> = {}) {
  const name = unique('Cafe ');
  return {
    username: unique('cafe'),
    password: 'secret-pass',
    zoneId: await tampaZoneId(),
    name,
    address: '401 E Jackson St, Tampa, FL 33602',
    phone: '8135551234',
    businessHours: 'Mon-Fri 9:00-18:00',
    deliveryInstructions: 'Use the loading dock',
    customerType: 'restaurant',
    latitude: '27.9500001',
    longitude: -82.4571234,
    contactPersonName: 'Ana Ruiz',
    contactPersonPosition: 'Manager',
    contactPersonPhone: '8135555678',
    contactPersonEmail: 'ana@example.com',
    backupPhone: '',
    ...overrides,
  };
}

describe('admin-only resources', () => {
  it('answer 401 signed out and 403 to businesses and couriers', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/api/restaurants'],
      ['GET', '/api/restaurants/1'],
      ['POST', '/api/restaurants'],
      ['PATCH', '/api/restaurants/1'],
      ['PATCH', '/api/users/1'],
      ['PATCH', '/api/couriers/1'],
      ['GET', '/api/reports/earnings?from=2026-01-01&to=2026-01-31'],
      ['GET', '/api/reports/earnings.csv?from=2026-01-01&to=2026-01-31'],
    ];
    const bistro = await signedIn('bistro');
    const courier = await signedIn('courier');
    for (const [method, path] of calls) {
      expect((await new Client().request(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(401);
      expect((await bistro.request(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(403);
      expect((await courier.request(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(403);
    }
    expect((await courier.get('/api/couriers')).status).toBe(403);
    expect((await courier.get('/api/couriers/1')).status).toBe(403);
  });
});

describe('restaurants', () => {
  it('list Total Orders, Revenue and Delivery Fees equal to the sums over their orders', async () => {
    const db = testDb();
    const response = await (await signedIn('admin')).get('/api/restaurants');
    expect(response.status).toBe(200);
    const sums = await db
      .select({
        restaurantId: orders.restaurantId,
        count: sql<number>`count(*)`,
        amount: sql<number>`sum(${orders.amountCents})`,
        fees: sql<number>`sum(${orders.deliveryFeeCents})`,
      })
      .from(orders)
      .groupBy(orders.restaurantId);
    const cents = (money: string) => Math.round(Number(money) * 100);
    for (const restaurant of response.body) {
      const expected = sums.find((row) => row.restaurantId === restaurant.id) ?? { count: 0, amount: 0, fees: 0 };
      expect(restaurant.totalOrders, restaurant.name).toBe(expected.count);
      expect(cents(restaurant.revenue), restaurant.name).toBe(expected.amount);
      expect(cents(restaurant.deliveryFees), restaurant.name).toBe(expected.fees);
    }
    const bistro = response.body.find((row: { username: string }) => row.username === 'bistro');
    expect(bistro).toMatchObject({ name: 'Harbor Bistro', isActive: true, customerType: 'restaurant' });
    expect(bistro).not.toHaveProperty('apiKey');
    expect(bistro).not.toHaveProperty('webhookSecret');
  });

  it('are created with their login in one step; the new business can sign in', async () => {
    const admin = await signedIn('admin');
    const body = await newRestaurantBody({ customerType: 'pharmacy' });
    const response = await admin.post('/api/restaurants', body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: body.name,
      customerType: 'pharmacy',
      latitude: 27.9500001,
      longitude: -82.4571234,
      backupPhone: null,
      isActive: true,
      totalOrders: 0,
      revenue: '0.00',
      deliveryFees: '0.00',
    });
    const business = await signedIn(body.username, 'secret-pass');
    const me = await business.get('/api/user');
    expect(me.body).toMatchObject({ role: 'restaurant', name: body.name, restaurantId: response.body.id });
  });

  it('refuse bad bodies with the spec messages and create nothing', async () => {
    const admin = await signedIn('admin');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: ' ' }, 'name', 'Restaurant name is required'],
      [{ address: '' }, 'address', 'Address is required'],
      [{ phone: '' }, 'phone', 'Phone is required'],
      [{ phone: '813555123' }, 'phone', 'Phone must be exactly 10 digits'],
      [{ contactPersonPhone: 'call the desk' }, 'contactPersonPhone', 'Phone must be exactly 10 digits'],
      [{ contactPersonPhone: '(113) 555-1234' }, 'contactPersonPhone', 'Phone must be exactly 10 digits'],
      [{ backupPhone: '123' }, 'backupPhone', 'Phone must be exactly 10 digits'],
      [{ zoneId: '' }, 'zoneId', 'Zone is required'],
      [{ zoneId: 0 }, 'zoneId', 'Zone is required'],
      [{ contactPersonEmail: 'not-an-email' }, 'contactPersonEmail', 'Valid email is required'],
      [{ username: '' }, 'username', 'Username is required'],
      [{ password: '' }, 'password', 'Password is required'],
      [{ latitude: 123 }, 'latitude', 'Latitude must be between -90 and 90'],
    ];
    for (const [overrides, field, message] of cases) {
      const body = await newRestaurantBody(overrides);
      const response = await admin.post('/api/restaurants', body);
      expect(response.status, message).toBe(400);
      expect(response.body.fields[field], JSON.stringify(overrides)).toContain(message);
      expect((await testDb().select().from(users).where(eq(users.username, body.username))).length).toBe(0);
    }
    const unknownZone = await admin.post('/api/restaurants', await newRestaurantBody({ zoneId: 99_999_999 }));
    expect(unknownZone.status).toBe(400);
    expect(unknownZone.body.error).toBe('Zone not found');
  });

  it('refuse a username that is taken, in any case, with 409', async () => {
    const admin = await signedIn('admin');
    const response = await admin.post('/api/restaurants', await newRestaurantBody({ username: 'BISTRO' }));
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('Username already exists');
  });

  it('are edited, and the login keeps the business name and phone', async () => {
    const admin = await signedIn('admin');
    const created = (await admin.post('/api/restaurants', await newRestaurantBody())).body;
    const name = unique('Renamed ');
    const response = await admin.patch(`/api/restaurants/${created.id}`, {
      name,
      address: '500 N Tampa St, Tampa, FL 33602',
      phone: '8135550000',
      latitude: null,
      longitude: '',
      businessHours: '',
      deliveryInstructions: 'Front desk',
      contactPersonName: 'Bo',
      contactPersonPosition: 'Owner',
      contactPersonPhone: '8135550001',
      contactPersonEmail: 'bo@example.com',
      backupPhone: '8135550002',
    });
    expect(response.status).toBe(200);
    // An address typed without the maps service is placed by the server (no geocoder answers here: its ZIP's centre).
    expect(response.body).toMatchObject({
      name,
      phone: '8135550000',
      latitude: 27.9614,
      longitude: -82.4597,
      locationPrecision: 'zip',
      businessHours: null,
      backupPhone: '8135550002',
    });
    const [user] = await testDb().select().from(users).where(eq(users.id, created.userId));
    expect(user).toMatchObject({ name, phone: '8135550000', address: '500 N Tampa St, Tampa, FL 33602' });
    const blank = await admin.patch(`/api/restaurants/${created.id}`, { contactPersonName: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields.contactPersonName).toEqual(['Contact name is required']);
    expect((await admin.patch('/api/restaurants/99999999', { name: 'X' })).status).toBe(404);
  });

  it('cannot be deactivated while an order is neither delivered nor cancelled; can be once there is none', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const body = await newRestaurantBody();
    const created = (await admin.post('/api/restaurants', body)).body;
    const session = await signedIn(body.username, body.password);
    const order = await insertOrder(db, { business: body.username, status: 'picked_up' });
    await insertOrder(db, { business: body.username, status: 'delivered' });

    const refused = await admin.patch(`/api/users/${created.userId}`, { isActive: false });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'Restaurant has unfinished orders',
      details: `${body.name} has 1 order that is neither delivered nor cancelled. An active business with unfinished orders cannot be deactivated.`,
    });
    expect((await session.get('/api/user')).status).toBe(200);

    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
    const deactivated = await admin.patch(`/api/users/${created.userId}`, { isActive: false });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ isActive: false, role: 'restaurant' });
    // Signed out at once, and cannot sign in again.
    expect((await session.get('/api/user')).status).toBe(401);
    expect((await new Client().post('/api/login', { username: body.username, password: body.password })).status).toBe(403);
    expect((await admin.get(`/api/restaurants/${created.id}`)).body.isActive).toBe(false);

    // Activating is always allowed, unfinished orders or not.
    await insertOrder(db, { business: body.username, status: 'new' });
    const activated = await admin.patch(`/api/users/${created.userId}`, { isActive: true });
    expect(activated.status).toBe(200);
    expect(activated.body.isActive).toBe(true);
    const [totals] = await db.select().from(restaurantOrderTotals).where(eq(restaurantOrderTotals.restaurantId, created.id));
    expect(totals.unfinishedCount).toBe(1);
  });
});

describe('couriers', () => {
  it('list only couriers with a linked user, with the user nested and no password', async () => {
    const response = await (await signedIn('admin')).get('/api/couriers');
    expect(response.status).toBe(200);
    const marcus = response.body.find((row: { user: { username: string } }) => row.user.username === 'courier');
    expect(marcus).toMatchObject({
      email: 'courier@couriers.example',
      vehicleType: 'sedan',
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      user: { id: expect.any(Number), name: 'Marcus Reed', username: 'courier', phone: '8135550701', isActive: true },
    });
    expect(JSON.stringify(response.body)).not.toContain('passwordHash');
    const [{ count }] = await testDb()
      .select({ count: sql<number>`count(*)` })
      .from(couriers)
      .innerJoin(users, eq(users.id, couriers.userId));
    expect(response.body).toHaveLength(count);
  });

  it('are created through POST /api/register, phone included, and edited with the user kept in step', async () => {
    const admin = await signedIn('admin');
    const zones = (await admin.get('/api/zones')).body as Array<{ id: number; name: string }>;
    const tampa = zones.find((zone) => zone.name === 'Tampa')!;
    const brandon = zones.find((zone) => zone.name === 'Brandon')!;
    const username = unique('driver');
    const created = await admin.post('/api/register', {
      username,
      password: 'driver-pass',
      name: 'Dee Driver',
      role: 'courier',
      zoneId: String(tampa.id),
      email: 'dee@example.com',
      phone: '8135559999',
      address: '1 Palm Ave, Tampa, FL',
      vehicleType: 'suv',
      vehicleMake: 'Kia',
      vehicleModel: 'Sorento',
      vehicleYear: '2022',
      driversLicense: 'FL-1',
      driversLicenseExpiry: '2030-01-31',
      insurance: 'INS-1',
      insuranceExpiry: '2030-02-28',
      hasThermoBags: true,
    });
    expect(created.status).toBe(201);
    const courierId = created.body.courierId as number;

    const edited = await admin.patch(`/api/couriers/${courierId}`, {
      email: 'dee2@example.com',
      phone: '8135558888',
      zoneId: brandon.id,
      hasCateringDolly: true,
      vehicleYear: '2023',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      email: 'dee2@example.com',
      zoneId: brandon.id,
      zoneName: 'Brandon',
      hasCateringDolly: true,
      hasThermoBags: true,
      vehicleYear: '2023',
      user: { phone: '8135558888' },
    });
    const [user] = await testDb().select().from(users).where(eq(users.username, username));
    expect(user).toMatchObject({ phone: '8135558888', zoneId: brandon.id });

    const invalid = await admin.patch(`/api/couriers/${courierId}`, { email: 'nope', driversLicenseExpiry: '2030-02-30' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({ email: ['Valid email is required'], driversLicenseExpiry: ['License expiry date is required'] });
    expect((await admin.patch(`/api/couriers/${courierId}`, { zoneId: 99_999_999 })).body.error).toBe('Zone not found');
    expect((await admin.patch('/api/couriers/99999999', { email: 'a@b.co' })).status).toBe(404);
  });

  it('are deactivated at any time, which signs them out at once; the user patch keeps the courier zone in step', async () => {
    const admin = await signedIn('admin');
    const username = unique('drv');
    const created = await admin.post('/api/register', {
      username,
      password: 'pass-1234',
      name: 'Temp Driver',
      role: 'courier',
      zoneId: await tampaZoneId(),
      email: 't@example.com',
      address: 'Somewhere',
      vehicleMake: 'A',
      vehicleModel: 'B',
      vehicleYear: '2020',
      driversLicense: 'L',
      driversLicenseExpiry: '2030-01-01',
      insurance: 'I',
      insuranceExpiry: '2030-01-01',
    });
    const session = await signedIn(username, 'pass-1234');
    await insertOrder(testDb(), { status: 'assigned', courierId: created.body.courierId });
    const off = await admin.patch(`/api/users/${created.body.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect((await session.get('/api/user')).status).toBe(401);

    const [brandon] = await testDb().select().from(zones).where(eq(zones.name, 'Brandon'));
    const moved = await admin.patch(`/api/users/${created.body.id}`, { isActive: true, phone: '8135551111', zoneId: brandon.id });
    expect(moved.body).toMatchObject({ isActive: true, phone: '8135551111', zoneId: brandon.id });
    const [courier] = await testDb().select().from(couriers).where(eq(couriers.id, created.body.courierId));
    expect(courier.zoneId).toBe(brandon.id);
  });

  it('answer a business only about couriers of its own orders', async () => {
    const db = testDb();
    const { courier, user } = await insertCourier(db);
    const bistro = await signedIn('bistro');
    expect((await bistro.get(`/api/couriers/${courier.id}`)).status).toBe(404);
    expect((await bistro.get('/api/couriers')).body.map((row: { id: number }) => row.id)).not.toContain(courier.id);
    await insertOrder(db, { business: 'bistro', status: 'assigned', courierId: courier.id });
    const card = await bistro.get(`/api/couriers/${courier.id}`);
    expect(card.status).toBe(200);
    expect(card.body).toEqual({ id: courier.id, name: user.name, phone: null, vehicleInfo: { make: 'Toyota', model: 'Corolla', year: '2020', type: 'sedan' } });
    expect((await bistro.get('/api/couriers')).body.map((row: { id: number }) => row.id)).toContain(courier.id);
    expect((await (await signedIn('pharmacy')).get(`/api/couriers/${courier.id}`)).status).toBe(404);
  });
});

describe('user patch', () => {
  it('validates, refuses admin accounts and unknown users', async () => {
    const admin = await signedIn('admin');
    const [courierUser] = await testDb().select().from(users).where(eq(users.username, 'courier2'));
    expect((await admin.patch(`/api/users/${courierUser.id}`, {})).body.details).toBe('Nothing to change: send isActive, name, phone, address or zoneId');
    expect((await admin.patch(`/api/users/${courierUser.id}`, { isActive: 'no' })).body.fields.isActive).toEqual(['isActive must be true or false']);
    expect((await admin.patch(`/api/users/${courierUser.id}`, { phone: '12' })).body.fields.phone).toEqual(['Phone must be exactly 10 digits']);
    const [adminUser] = await testDb().select().from(users).where(eq(users.username, 'admin'));
    const self = await admin.patch(`/api/users/${adminUser.id}`, { isActive: false });
    expect(self.status).toBe(400);
    expect((await admin.get('/api/user')).status).toBe(200);
    expect((await admin.patch('/api/users/99999999', { isActive: true })).status).toBe(404);
  });
});
