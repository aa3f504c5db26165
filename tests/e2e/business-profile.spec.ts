/** Restaurant Profile and Change Password in the browser (spec 2-business-area.md §2.9, §5), with an account made for the test. */
import { hashPassword } from '../../src/auth/password';
import { restaurants, users, zones } from '../../src/db/schema';
import { unique } from '../support/api';
import { expect, islandsHydrated, signIn, test } from './fixtures';

test('shows the business read-only and changes the password with the spec’s checks and messages', async ({ page, db }) => {
  const [zone] = await db.select().from(zones).limit(1);
  const username = unique('deli');
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: await hashPassword('old-secret'), role: 'restaurant', name: 'Corner Deli', phone: '8135559900', zoneId: zone.id })
    .returning();
  await db.insert(restaurants).values({ userId: user.id, name: 'Corner Deli', address: '10 Corner St, Tampa, FL 33602', phone: '8135559900', zoneId: zone.id });

  await signIn(page, username, 'old-secret');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Restaurant Profile' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Business' }).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  const details = page.getByRole('region', { name: 'Business Information' });
  await expect(details).toContainText('Restaurant NameCorner Deli');
  await expect(details).toContainText('Address10 Corner St, Tampa, FL 33602');
  await expect(details).toContainText('Phone(813) 555-9900');
  await expect(details).toContainText(`Username${username}`);
  await expect(details.getByRole('textbox')).toHaveCount(0);

  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Change Password' });
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('Current password is required')).toBeVisible();
  await expect(form.getByText('New password must be at least 6 characters')).toBeVisible();
  await expect(form.getByText('Please confirm your new password')).toBeVisible();

  await form.getByLabel('Current Password').fill('wrong-secret');
  await form.getByLabel('New Password', { exact: true }).fill('new-secret');
  await form.getByLabel('Confirm New Password').fill('new-secreT');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await expect(form.getByLabel('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Confirm New Password').fill('new-secret');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();

  await form.getByLabel('Current Password').fill('old-secret');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed successfully' })).toContainText('Success');
  await expect(form.getByLabel('Current Password')).toHaveValue('');
  await expect(form.getByLabel('New Password', { exact: true })).toHaveValue('');

  expect((await page.request.post('/api/login', { data: { username, password: 'old-secret' } })).status()).toBe(401);
  expect((await page.request.post('/api/login', { data: { username, password: 'new-secret' } })).status()).toBe(200);
});

test('every business page answers at /restaurant/… and its alias, for businesses only', async ({ page }) => {
  for (const [path, heading] of [
    ['/dashboard', 'Dashboard'],
    ['/orders', 'Orders Management'],
    ['/create-order', 'Create New Order'],
    ['/profile', 'Restaurant Profile'],
    ['/restaurant/profile', 'Restaurant Profile'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/auth\?next=/);
    await signIn(page, 'bistro');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.request.post('/api/logout');
  }
  await signIn(page, 'courier');
  const refused = await page.request.get('/restaurant/orders', { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers().location).toBe('/auth?next=%2Frestaurant%2Forders');
});
