/** The tracking link in the business's and the admin's order views: Copy puts it on the clipboard, and it opens signed out (issue 16). */
import type { Page } from '@playwright/test';
import { insertOrder } from '../support/factories';
import { expectAccessible } from './axe';
import { expect, islandsHydrated, signIn, test } from './fixtures';

const HOUR = 3_600_000;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function copyFrom(page: Page, within: ReturnType<Page['getByRole']>) {
  const section = within.getByRole('region', { name: 'Tracking Link' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Copy tracking link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

test('the business copies the link from View Details, and it opens without signing in', async ({ page, browser, baseURL, db, business }) => {
  const order = await insertOrder(db, {
    business: business.username,
    pickupTime: Date.now() + HOUR,
    deliveryTime: Date.now() + 2 * HOUR,
    items: [{ name: 'Party platter', quantity: 3, price: 2000 }],
  });
  await signIn(page, business.username);
  await page.goto('/restaurant/orders');
  await islandsHydrated(page);
  await page.getByRole('button', { name: `View details of order #${order.orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  const link = await copyFrom(page, dialog);
  expect(link).toBe(`${baseURL}/t/${order.trackingToken}`);
  await expectAccessible(page, 'dialog[open]');

  const customer = await browser.newContext({ baseURL });
  const phone = await customer.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: business.restaurant.name })).toBeVisible();
  await expect(phone.getByText('3 × Party platter')).toBeVisible();
  await expect(phone.getByTestId('tracking-status')).toHaveText('Preparing');

  // Replaced from the open dialog: the dialog shows the new link, the customer's old one is gone.
  await dialog.getByRole('button', { name: 'Replace tracking link' }).click();
  await page
    .getByRole('dialog', { name: /current link will stop working/ })
    .getByRole('button', { name: 'Replace link' })
    .click();
  await expect(dialog.getByRole('textbox', { name: 'Tracking link' })).not.toHaveValue(link);
  await phone.reload();
  await expect(phone.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await customer.close();
});

test('the admin copies the link from the order detail, and replaces it: the old one stops working', async ({ page, db }) => {
  const order = await insertOrder(db, { pickupTime: Date.now() + HOUR, deliveryTime: Date.now() + 2 * HOUR });
  await signIn(page, 'admin');
  await page.goto(`/admin/orders/${order.id}`);
  const link = await copyFrom(page, page.getByRole('article'));
  expect(link).toMatch(new RegExp(`/t/${order.trackingToken}$`));

  await page.getByRole('button', { name: 'Replace tracking link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Replace link' }).click();
  await expect(page.getByText('A new link replaces the old one')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Tracking link' });
  await expect(field).not.toHaveValue(link);
  await expect(field).toHaveValue(/\/t\/[0-9a-f]{32}$/);
  expect((await page.request.get(link)).status()).toBe(404);
  expect((await page.request.get(await field.inputValue())).status()).toBe(200);
});
