/** Couriers in the browser (spec 1-foundations-and-admin.md §2.9, §5.5, §8.5). */
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { couriers, users, zones } from '../../src/db/schema';
import { insertCourier } from '../support/factories';
import { expectToast, listPageOf, openAsAdmin } from './admin-helpers';
import { expectAccessible } from './axe';
import { expect, signIn, test } from './fixtures';

/** The visible phone numbers a page shows on more than one line, or that may wrap. */
function phonesBrokenAcrossLines(page: Page) {
  return page.evaluate(() => {
    const phones = [...document.querySelectorAll('main span')].filter((span) => /^\(\d{3}\) \d{3}-\d{4}$/.test(span.textContent ?? ''));
    const shown = phones.filter((span) => span.getClientRects().length > 0);
    if (shown.length === 0) return ['no phone number shown'];
    return shown.filter((span) => span.getClientRects().length > 1 || getComputedStyle(span).whiteSpace !== 'nowrap').map((span) => span.textContent);
  });
}

test.describe('couriers', () => {
  test('an admin adds a courier: every required field is asked for by name, then the account works', async ({ page, db }) => {
    await openAsAdmin(page, '/admin/couriers');
    await expect(page.getByRole('heading', { level: 1, name: 'Couriers' })).toBeVisible();
    const list = page.getByRole('region', { name: 'Couriers', exact: true });
    for (const column of ['Name', 'Username', 'Email', 'Phone', 'Vehicle', 'Status', 'Actions'])
      await expect(list.getByRole('columnheader', { name: column, exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add New Courier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Courier' });
    for (const tab of ['Account', 'Personal', 'Vehicle', 'Equipment']) await expect(dialog.getByRole('tab', { name: tab })).toBeVisible();
    await dialog.getByLabel('Username*').fill('x');
    await dialog.getByRole('button', { name: 'Create Courier' }).click();
    await expectToast(
      page,
      'Please fill in all required fields: Password, Full Name, Zone, Email, Address, Make, Model, Year, License, License Expiry, Insurance Number, Insurance Expiry',
    );

    const username = `drv${Date.now().toString(36)}`;
    await dialog.getByLabel('Username*').fill(username);
    await dialog.getByLabel('Password*').fill('drive-safe-1');
    await dialog.getByLabel('Full Name*').fill('Nina Brooks');
    await dialog.getByLabel('Zone*').selectOption({ label: 'Brandon' });
    await dialog.getByRole('tab', { name: 'Personal' }).click();
    await dialog.getByLabel('Email*').fill('nina@example.com');
    await dialog.getByLabel('Phone').fill('(813) 555-44-33 ext 9');
    await expect(dialog.getByLabel('Phone')).toHaveValue('8135554433');
    await dialog.getByLabel('Address*').fill('12 Oak St, Brandon, FL');
    await dialog.getByRole('tab', { name: 'Vehicle' }).click();
    await expect(dialog.getByLabel('Type*')).toHaveValue('sedan');
    await dialog.getByLabel('Type*').selectOption({ label: 'SUV' });
    await dialog.getByLabel('Make*').fill('Subaru');
    await dialog.getByLabel('Model*').fill('Forester');
    await dialog.getByLabel('Year*').fill('2021');
    await dialog.getByLabel('License*', { exact: true }).fill('FL-NB-1');
    await dialog.getByLabel('License Expiry*').fill('2030-05-31');
    await dialog.getByLabel('Insurance Expiry*').fill('2030-06-30');
    await dialog.getByLabel('Insurance Number*').fill('INS-NB');
    await dialog.getByRole('tab', { name: 'Equipment' }).click();
    await dialog.getByLabel('Thermo Bags').check();
    await dialog.getByRole('button', { name: 'Create Courier' }).click();
    await expectToast(page, 'Courier account created successfully');
    await expect(dialog).toBeHidden();

    const [user] = await db.select().from(users).where(eq(users.username, username));
    const [courier] = await db.select().from(couriers).where(eq(couriers.userId, user.id));
    const [brandon] = await db.select().from(zones).where(eq(zones.name, 'Brandon'));
    expect(user).toMatchObject({ role: 'courier', name: 'Nina Brooks', phone: '8135554433', zoneId: brandon.id });
    expect(courier).toMatchObject({ vehicleType: 'suv', hasThermoBags: true, hasCateringDolly: false, driversLicenseExpiry: '2030-05-31' });
    // The list is paged by name; the new courier is on one of its pages.
    expect((await page.request.post('/api/logout')).ok()).toBe(true);
    expect((await page.request.post('/api/login', { data: { username, password: 'drive-safe-1' } })).status()).toBe(200);
  });

  test('an admin edits a courier in tabs, and deactivates and activates the account', async ({ page, db }) => {
    // A courier of this test's own, on the page of the list its name sorts to.
    const { user, courier: created } = await insertCourier(db, { vehicleType: 'pickup', vehicleMake: 'Ford', vehicleModel: 'F-150', hasCateringDolly: true });
    const name = `Aaron ${user.username}`;
    await db.update(users).set({ name, phone: '8135550123' }).where(eq(users.id, user.id));
    await openAsAdmin(page, `/admin/couriers?page=${await listPageOf(db, 'couriers', name, created.id)}`);
    const row = page.getByRole('row').filter({ hasText: user.username });
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit Courier: ${name}` });
    await expect(dialog.getByRole('tab')).toHaveText(['Personal', 'Vehicle', 'Equipment']);
    await expect(dialog.getByLabel('Email')).toHaveValue(`${user.username}@example.com`);
    await expect(dialog.getByLabel('Zone')).toHaveValue(String(user.zoneId));
    await expect(dialog.getByLabel('Phone')).toHaveValue('8135550123');
    await dialog.getByLabel('Phone').fill('8135550999');
    await dialog.getByRole('tab', { name: 'Vehicle' }).click();
    await dialog.getByLabel('Model').fill('Ranger');
    await dialog.getByRole('tab', { name: 'Equipment' }).click();
    await dialog.getByLabel('Catering Dolly for Thermos').uncheck();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Courier updated successfully');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Pickup - Ford Ranger');
    await expect(row).toContainText('(813) 555-0999');
    const [courier] = await db.select().from(couriers).where(eq(couriers.userId, user.id));
    expect(courier).toMatchObject({ vehicleModel: 'Ranger', hasCateringDolly: false, vehicleType: 'pickup' });

    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expectToast(page, 'Courier status updated successfully');
    await expect(row).toContainText('Inactive');
    await row.getByRole('button', { name: `Activate ${name}` }).click();
    await expect(row.getByRole('button', { name: `Deactivate ${name}` })).toBeVisible();
    await expect(row).not.toContainText('Inactive');
  });

  test('a courier whose licence or insurance expired says so beside Active, as Assign leaves it out (decision W10)', async ({ page, db }) => {
    const shown = [
      { ...(await insertCourier(db, { insuranceExpiry: '2020-01-31' })), status: 'ActiveInsurance expired' },
      { ...(await insertCourier(db, { insuranceExpiry: '2020-01-31', driversLicenseExpiry: '2021-06-30' })), status: 'ActiveDocuments expired' },
      { ...(await insertCourier(db, { driversLicenseExpiry: '2021-06-30' })), status: "ActiveDriver's License expired" },
      { ...(await insertCourier(db)), status: 'Active' },
    ];
    await signIn(page, 'admin');
    for (const { user, courier, status } of shown) {
      await page.goto(`/admin/couriers?page=${await listPageOf(db, 'couriers', user.name, courier.id)}`);
      // The Status column (Name, Username, Email, Phone, Vehicle, Status, Actions).
      await expect(page.getByRole('row').filter({ hasText: user.username }).getByRole('cell').nth(5)).toHaveText(status);
    }
    await expectAccessible(page, '[data-partial="couriers"]');
  });

  test('phone numbers stay on one line in the admin lists at 768 px', async ({ page, db }) => {
    const { user, courier } = await insertCourier(db);
    const name = `Aabel Phone ${user.username}`;
    await db.update(users).set({ name, phone: '8135550147' }).where(eq(users.id, user.id));
    await page.setViewportSize({ width: 768, height: 1024 });
    await openAsAdmin(page, `/admin/couriers?page=${await listPageOf(db, 'couriers', name, courier.id)}`);
    await expect(page.getByRole('row').filter({ hasText: user.username })).toContainText('(813) 555-0147');
    expect(await phonesBrokenAcrossLines(page)).toEqual([]);
    await page.goto('/admin/restaurants');
    await expect(page.getByRole('region', { name: 'Restaurants' })).toContainText('(813) 555-');
    expect(await phonesBrokenAcrossLines(page)).toEqual([]);
  });

  test('an admin verifies a new document date a courier gave, and it counts from then on (issue 26)', async ({ page, db }) => {
    const { user, courier } = await insertCourier(db, { insuranceExpiry: '2020-01-31', insuranceExpiryRequested: '2033-03-31', insurance: 'INS-E2E' });
    const name = `Verity ${user.username}`;
    await db.update(users).set({ name }).where(eq(users.id, user.id));
    await page.setViewportSize({ width: 1366, height: 768 });
    await openAsAdmin(page, '/admin/couriers');
    const section = page.getByRole('region', { name: /Documents to verify/ });
    const row = section.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Insurance INS-E2E');
    await expect(row).toContainText('2020-01-31');
    await expect(row).toContainText('2033-03-31');
    await expectAccessible(page, 'section[aria-labelledby="documents-to-verify-title"]');
    await row.getByRole('button', { name: `Verify the Insurance of ${name}` }).click();
    await expectToast(page, `Insurance of ${name} verified`);
    await expect(row).toHaveCount(0);
    const [stored] = await db.select().from(couriers).where(eq(couriers.id, courier.id));
    expect(stored).toMatchObject({ insuranceExpiry: '2033-03-31', insuranceExpiryRequested: null, insuranceVerified: true });
  });
});
