/** The courier layout on a phone (issue 2): header, side menu, active-orders indicator. */
import { signInNewCourier } from './courier';
import { expect, islandsHydrated, test } from './fixtures';
import { expectSkipLinkFirst } from './skip-link';

test('the side menu opens from the header and signs out with Log-Out', async ({ page, db }) => {
  await signInNewCourier(page, db);
  await page.goto('/courier/dashboard');
  await expect(page.getByRole('banner').getByText('No Active Orders')).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Courier menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByText('Connected to Server')).toBeVisible();
  for (const item of ['Your Profile', 'Earnings', 'Scheduled Tasks']) await expect(menu.getByRole('link', { name: item })).toBeVisible();
  await menu.getByRole('button', { name: 'Log-Out' }).click();
  await expect(page).toHaveURL(/\/courier\/login/);
});

test('a toast shows below the header, whose menu stays within reach', async ({ page, db }) => {
  // A courier of its own: a demo courier's delivery under way, left by another test, would open over the dashboard.
  await signInNewCourier(page, db);
  await page.goto('/courier/dashboard');
  await islandsHydrated(page);
  await page.evaluate(() =>
    window.dispatchEvent(
      new CustomEvent('dd:toast', { detail: { title: 'GPS Warning', description: 'GPS issues detected - you can continue with the delivery' } }),
    ),
  );
  const toast = page.locator('.toast');
  await expect(toast).toBeVisible();
  const header = (await page.getByRole('banner').boundingBox())!;
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  // Clicked while the toast is showing (and paused under the pointer, were it on top).
  await page.getByRole('button', { name: 'Open menu' }).click({ timeout: 3000 });
  await expect(page.getByRole('navigation', { name: 'Courier menu' })).toBeVisible();
});

test('the first Tab offers to skip the header and its menu (decision W10)', async ({ page, db }) => {
  await signInNewCourier(page, db);
  await page.goto('/courier/dashboard');
  await islandsHydrated(page);
  await expectSkipLinkFirst(page);
});
