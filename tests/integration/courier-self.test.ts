/** The courier's own profile and earnings (issue 5). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { signedIn, testDb } from '../support/api';
import { todayAt } from '../support/clock';
import { insertHeldOrder, insertPharmacyOrder } from '../support/courier';
import { insertSignableCourier } from '../support/factories';

const DAY = 86_400_000;

describe('GET/PATCH /api/couriers/profile', () => {
  it('reads the courier record with the account phone, and saves the courier own fields', async () => {
    const db = testDb();
    const { courier, user, username } = await insertSignableCourier(db, { driversLicenseVerified: true, insuranceVerified: true });
    const client = await signedIn(username);
    const profile = await client.get('/api/couriers/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      id: courier.id,
      email: courier.email,
      vehicleMake: 'Toyota',
      driversLicenseExpiry: '2099-01-01',
      hasThermoBags: false,
    });

    const saved = await client.patch('/api/couriers/profile', {
      phone: '8135550999',
      vehicleType: 'hatchback',
      vehicleYear: '2023',
      driversLicenseExpiry: '2031-05-31',
      hasThermoBags: 'true',
      hasCateringDolly: true,
      zoneId: 999,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      phone: '8135550999',
      vehicleType: 'hatchback',
      vehicleYear: '2023',
      driversLicenseExpiry: '2031-05-31',
      hasThermoBags: true,
      hasCateringDolly: true,
    });
    // A new licence expiry needs checking again; the insurance did not change. The zone is not the courier's to change.
    expect(saved.body).toMatchObject({ driversLicenseVerified: false, insuranceVerified: true, zoneId: courier.zoneId });
    const [account] = await db.select().from(users).where(eq(users.id, user.id));
    expect(account.phone).toBe('8135550999');
  });

  it('counts a new expiry date only once an admin verifies it: a courier with expired insurance stays off orders until then (issue 26)', async () => {
    const db = testDb();
    const { courier, username } = await insertSignableCourier(db, { insuranceExpiry: '2020-01-31', insuranceVerified: true });
    const client = await signedIn(username);
    expect((await client.get('/api/orders/courier')).status).toBe(403);

    const typed = await client.patch('/api/couriers/profile', { insuranceExpiry: '2032-06-30' });
    expect(typed.status).toBe(200);
    // The courier sees the date they gave, waiting; the date that counts has not moved.
    expect(typed.body).toMatchObject({ insuranceExpiry: '2032-06-30', insuranceVerified: false, awaitingVerification: ['insurance'] });
    expect((await client.get('/api/orders/courier')).status).toBe(403);
    const dashboard = await client.get('/courier/dashboard');
    expect(dashboard.text).toContain('Your new date (2032-06-30) is waiting for verification by an administrator.');

    // The admin's list shows it; verifying makes it count.
    const admin = await signedIn('admin');
    const page = await admin.get('/admin/couriers', { 'X-Partial': 'documents-to-verify' });
    expect(page.text).toContain(`data-document-to-verify="${courier.id}"`);
    expect(page.text).toContain('2032-06-30');
    const stale = await admin.post(`/api/couriers/${courier.id}/documents`, { document: 'insurance', requested: '2032-07-01', decision: 'verify' });
    expect(stale.status).toBe(409);
    const verified = await admin.post(`/api/couriers/${courier.id}/documents`, { document: 'insurance', requested: '2032-06-30', decision: 'verify' });
    expect(verified.status).toBe(200);
    expect((await client.get('/api/orders/courier')).status).toBe(200);
    expect((await client.get('/api/couriers/profile')).body).toMatchObject({
      insuranceExpiry: '2032-06-30',
      insuranceVerified: true,
      awaitingVerification: [],
    });
    expect((await admin.get('/admin/couriers', { 'X-Partial': 'documents-to-verify' })).text).not.toContain(`data-document-to-verify="${courier.id}"`);
  });

  it('drops a refused date, and the old one goes on counting', async () => {
    const db = testDb();
    const { courier, username } = await insertSignableCourier(db, { driversLicenseExpiry: '2031-01-31', driversLicenseVerified: true });
    const client = await signedIn(username);
    expect((await client.patch('/api/couriers/profile', { driversLicenseExpiry: '2035-01-31' })).body.awaitingVerification).toEqual(['driversLicense']);
    const admin = await signedIn('admin');
    expect(
      (await admin.post(`/api/couriers/${courier.id}/documents`, { document: 'driversLicense', requested: '2035-01-31', decision: 'refuse' })).status,
    ).toBe(200);
    expect((await client.get('/api/couriers/profile')).body).toMatchObject({ driversLicenseExpiry: '2031-01-31', awaitingVerification: [] });
  });

  it('answers 400 with the schema messages for invalid fields', async () => {
    const { username } = await insertSignableCourier(testDb());
    const response = await (await signedIn(username)).patch('/api/couriers/profile', { email: 'nope', phone: '123', insuranceExpiry: '2026-02-30' });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fields).sort()).toEqual(['email', 'insuranceExpiry', 'phone']);
    expect(response.body.fields.email).toEqual(['Valid email is required']);
  });

  it('is for couriers only', async () => {
    expect((await (await signedIn('admin')).get('/api/couriers/profile')).status).toBe(403);
  });
});

describe('GET /api/couriers/earnings', () => {
  it('sums completed orders by period: base pay, tips (100% to the courier) and totals', async () => {
    const db = testDb();
    const { courier, username } = await insertSignableCourier(db);
    const client = await signedIn(username);
    const now = Date.now();
    // A minute ago, but never yesterday: 'today' is the service zone's day.
    const today = await insertHeldOrder(db, courier.id, 'delivered', { courierPayCents: 4000, tipCents: 700, completedAt: todayAt(-60_000, now) });
    await insertHeldOrder(db, courier.id, 'delivered', { courierPayCents: 3000, tipCents: 0, completedAt: now - 3 * DAY });
    const { order: route } = await insertPharmacyOrder(db, {
      courierId: courier.id,
      status: 'pharmacy_completed',
      courierPayCents: null,
      completedAt: now - 20 * DAY,
    });
    await insertHeldOrder(db, courier.id, 'delivered', { courierPayCents: 9900, completedAt: now - 40 * DAY });
    await insertHeldOrder(db, courier.id, 'cancelled', { courierPayCents: 9900, completedAt: null });

    const month = await client.get('/api/couriers/earnings');
    expect(month.status).toBe(200);
    const routeFee = route.deliveryFeeCents;
    expect(month.body.summary).toEqual({
      totalEarnings: ((4000 + 3000 + routeFee) / 100).toFixed(2),
      totalBasePay: ((4000 - 700 + 3000 + routeFee - 300) / 100).toFixed(2),
      totalTips: ((700 + 300) / 100).toFixed(2),
      ordersCount: 3,
    });
    expect(month.body.orders[0]).toMatchObject({
      id: today.id,
      orderNumber: today.orderNumber,
      restaurantName: 'Harbor Bistro',
      basePay: '33.00',
      tipAmount: '7.00',
      totalPay: '40.00',
    });
    // A pharmacy order without courier pay earns its delivery fee.
    expect(month.body.orders.find((row: { id: number }) => row.id === route.id).totalPay).toBe((routeFee / 100).toFixed(2));

    expect((await client.get('/api/couriers/earnings?period=today')).body.summary.ordersCount).toBe(1);
    expect((await client.get('/api/couriers/earnings?period=week')).body.summary.ordersCount).toBe(2);
    const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
    const custom = await client.get(`/api/couriers/earnings?startDate=${day(-45)}&endDate=${day(-15)}`);
    expect(custom.body.summary.ordersCount).toBe(2);
    expect(
      (await client.get(`/api/couriers/earnings?startDate=${new Date(now - 2 * DAY).toISOString()}&endDate=${new Date(now).toISOString()}`)).body.summary
        .ordersCount,
    ).toBe(1);
    expect((await client.get(`/api/couriers/earnings?startDate=${day(0)}&endDate=${day(-3)}`)).status).toBe(400);
    expect((await client.get('/api/couriers/earnings?period=forever')).status).toBe(400);
  });

  it('is empty for a courier with nothing completed', async () => {
    const db = testDb();
    const { username } = await insertSignableCourier(db);
    const body = (await (await signedIn(username)).get('/api/couriers/earnings?period=7days')).body;
    expect(body).toEqual({ summary: { totalEarnings: '0.00', totalBasePay: '0.00', totalTips: '0.00', ordersCount: 0 }, orders: [] });
  });
});
