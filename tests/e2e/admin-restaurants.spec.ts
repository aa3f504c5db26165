/**
 * Restaurants in the browser (spec 1-foundations-and-admin.md §2.10, §5.6, §8.6). This stack has no maps key, so
 * the address field is the plain-text fallback, for real (admin-maps.spec.ts tries the
 * suggestions with a fake maps service).
 */
import { eq } from 'drizzle-orm';
import { orders, restaurants, users } from '../../src/db/schema';
import { insertOrder } from '../support/factories';
import { expectToast, listPageOf, openAsAdmin } from './admin-helpers';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';

test.describe('restaurants', () => {
  test('an admin adds a pharmacy: zone first, the name label follows the type, phones keep 10 digits', async ({ page, db }) => {
    await openAsAdmin(page, '/admin/restaurants');
    await expect(page.getByRole('heading', { level: 1, name: 'Restaurants' })).toBeVisible();
    for (const column of ['Name', 'Address', 'Phone', 'Total Orders', 'Revenue', 'Delivery Fees', 'Status', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Add New Restaurant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Restaurant' });
    await expect(dialog.getByRole('tab')).toHaveText(['Account', 'Restaurant', 'Contact Person']);
    const username = `rx${Date.now().toString(36)}`;
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill('pills-4-all');
    await dialog.getByRole('button', { name: 'Create Restaurant' }).click();
    await expectToast(page, 'Please select a zone');
    await dialog.getByLabel('Zone').selectOption({ label: 'Tampa' });

    await dialog.getByRole('tab', { name: 'Restaurant' }).click();
    await expect(dialog.getByLabel('Customer Type')).toHaveValue('restaurant');
    await expect(dialog.getByLabel('Restaurant Name')).toBeVisible();
    await dialog.getByLabel('Customer Type').selectOption({ label: 'Pharmacy' });
    const name = `Apex Pharmacy ${username}`;
    await dialog.getByLabel('Pharmacy Name').fill(name);
    await expect(dialog.getByLabel('Pharmacy Name')).toHaveAttribute('placeholder', 'Pharmacy name');
    // No maps key here: a plain, enabled text field.
    const address = dialog.getByLabel('Address');
    await expect(address).toBeEnabled();
    await expect(address).toHaveAttribute('placeholder', 'Start typing address...');
    await expect(address).not.toHaveAttribute('role', 'combobox');
    await address.fill('2210 W Swann Ave, Tampa, FL 33606');
    await dialog.getByLabel('Phone', { exact: true }).fill('813-555-12345');
    await expect(dialog.getByLabel('Phone', { exact: true })).toHaveValue('8135551234');
    await expect(dialog.getByText('e.g., Mon-Fri 9:00-18:00').last()).toBeVisible();
    await expect(dialog.getByText('Special instructions for couriers')).toBeVisible();
    await dialog.getByLabel('Business Hours').fill('Mon-Sat 8:00-20:00');

    await dialog.getByRole('tab', { name: 'Contact Person' }).click();
    await dialog.getByLabel('Name', { exact: true }).fill('Rita Moss');
    await dialog.getByLabel('Position').fill('Pharmacist');
    await dialog.getByLabel('Contact Phone').fill('(813) 555-7777');
    await dialog.getByLabel('Backup Phone (optional)').fill('8135558888999');
    await expect(dialog.getByLabel('Backup Phone (optional)')).toHaveValue('8135558888');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create Restaurant' }).click();
    await expectToast(page, 'Valid email is required');
    await dialog.getByLabel('Email').fill('rita@example.com');
    await dialog.getByRole('button', { name: 'Create Restaurant' }).click();
    await expectToast(page, 'Restaurant account created successfully');
    await expect(dialog).toBeHidden();

    // Listed on the page its name sorts to.
    const [stored] = await db.select().from(restaurants).where(eq(restaurants.name, name));
    await page.goto(`/admin/restaurants?page=${await listPageOf(db, 'restaurants', name, stored.id)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('(813) 555-1234');
    await expect(row).toContainText('$0.00');
    // Typed without the maps service, the address is placed by the server: here only its ZIP's centre is reachable.
    expect(stored).toMatchObject({
      customerType: 'pharmacy',
      latitude: 27.9475,
      longitude: -82.4584,
      locationPrecision: 'zip',
      contactPersonPhone: '8135557777',
      backupPhone: '8135558888',
    });
    const [user] = await db.select().from(users).where(eq(users.id, stored.userId));
    expect(user).toMatchObject({ username, role: 'restaurant', isActive: true });
  });

  test('a business its address cannot place says so when saved and on its row, whose Edit opens at the address (decision W10)', async ({ page, db }) => {
    const username = `nm${Date.now().toString(36)}`;
    const name = `Corner Deli ${username}`;
    await openAsAdmin(page, '/admin/restaurants');
    await page.getByRole('button', { name: 'Add New Restaurant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Restaurant' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill('deli-pass-1');
    await dialog.getByLabel('Zone').selectOption({ label: 'Tampa' });
    await dialog.getByRole('tab', { name: 'Restaurant' }).click();
    await dialog.getByLabel('Restaurant Name').fill(name);
    // No ZIP code, and no geocoder reachable here: nothing can place it.
    await dialog.getByLabel('Address').fill('12 Main Street');
    await dialog.getByLabel('Phone', { exact: true }).fill('8135550190');
    await dialog.getByRole('tab', { name: 'Contact Person' }).click();
    await dialog.getByLabel('Name', { exact: true }).fill('Cora Lane');
    await dialog.getByLabel('Position').fill('Owner');
    await dialog.getByLabel('Contact Phone').fill('8135550191');
    await dialog.getByLabel('Email').fill('cora@example.com');
    await dialog.getByRole('button', { name: 'Create Restaurant' }).click();
    await expectToast(
      page,
      "Restaurant account created successfully. The address could not be placed on the map: couriers' distances to it are unknown. Edit the address to fix it.",
    );

    const [stored] = await db.select().from(restaurants).where(eq(restaurants.name, name));
    expect(stored).toMatchObject({ latitude: null, longitude: null });
    await page.goto(`/admin/restaurants?page=${await listPageOf(db, 'restaurants', name, stored.id)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell').nth(1)).toHaveText('12 Main Streetnot on the map');
    await page.setViewportSize({ width: 768, height: 1024 });
    // Below 1024 px the address folds under the name, and its badge with it.
    await expect(row.getByRole('cell').first()).toContainText('12 Main Streetnot on the map');
    await expectAccessible(page, '[data-partial="restaurants"]');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Restaurant: ${name}` });
    const address = edit.getByLabel('Address');
    await expect(address).toBeFocused();
    await expect(address).toHaveAccessibleDescription(
      "The address could not be placed on the map: couriers' distances to it are unknown. Type it in full: house number, street, city and ZIP code.",
    );
    await address.fill('12 Main Street, Tampa, FL 33602');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, "Restaurant updated successfully. The address was placed only approximately, at its ZIP code's centre");
    await expect(row.getByRole('cell').first()).toContainText('12 Main Street, Tampa, FL 33602approximate location');
  });

  test('an admin edits a restaurant; it cannot be deactivated while an order is unfinished', async ({ page, db }) => {
    // A business of this test's own, created through the API.
    const username = `ab${Date.now().toString(36)}`;
    const name = `Aardvark Deli ${username}`;
    await page.request.post('/api/login', { data: { username: 'admin', password: 'demo1234' } });
    const zones = await (await page.request.get('/api/zones')).json();
    const created = await page.request.post('/api/restaurants', {
      data: {
        username,
        password: 'deli-pass',
        zoneId: zones[0].id,
        name,
        address: '1 Deli Way, Tampa, FL',
        phone: '8135550100',
        contactPersonName: 'Dee',
        contactPersonPosition: 'Owner',
        contactPersonPhone: '8135550101',
        contactPersonEmail: 'dee@example.com',
      },
    });
    expect(created.status()).toBe(201);
    const order = await insertOrder(db, { business: username, status: 'assigned', amountCents: 12_34 });

    await openAsAdmin(page, `/admin/restaurants?page=${await listPageOf(db, 'restaurants', name, (await created.json()).id)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('$12.34');
    const deactivate = row.getByRole('button', { name: `Deactivate ${name}` });
    await expect(deactivate).toBeDisabled();
    await expect(deactivate).toHaveAttribute('title', 'Cannot deactivate: 1 order is neither delivered nor cancelled');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit Restaurant: ${name}` });
    await expect(dialog.getByRole('tab')).toHaveText(['Restaurant', 'Contact Person']);
    await expect(dialog.getByLabel('Restaurant Name')).toHaveValue(name);
    await expect(dialog.getByLabel('Phone', { exact: true })).toHaveValue('8135550100');
    await dialog.getByLabel('Business Hours').fill('Mon-Fri 9:00-18:00');
    await dialog.getByRole('tab', { name: 'Contact Person' }).click();
    await dialog.getByLabel('Position').fill('Founder');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Restaurant updated successfully');
    await expect(dialog).toBeHidden();
    const [stored] = await db.select().from(restaurants).where(eq(restaurants.name, name));
    expect(stored).toMatchObject({ businessHours: 'Mon-Fri 9:00-18:00', contactPersonPosition: 'Founder' });

    await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    await page.reload();
    await expect(deactivate).toBeEnabled();
    await deactivate.click();
    await expectToast(page, 'Restaurant status updated successfully');
    await expect(row).toContainText('Inactive');
    await row.getByRole('button', { name: `Activate ${name}` }).click();
    await expect(row.getByRole('button', { name: `Deactivate ${name}` })).toBeVisible();
  });
});
