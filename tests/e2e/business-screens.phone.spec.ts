/**
 * The business screens on a phone (issue 13): the route modal's toast leaves its title
 * and close button in reach, and Orders Management is a list of cards with every column.
 */
import { todayAt, todaysLastMinute } from '../support/clock';
import { insertOrder } from '../support/factories';
import { expectAccessible } from './axe';
import { expect, islandsHydrated, overlaps, signIn, test } from './fixtures';

test.use({ timezoneId: 'America/New_York' });

test("the route toast does not cover the route modal's title or close button", async ({ page }) => {
  await signIn(page, 'pharmacy');
  await page.goto('/restaurant/create-order');
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create Multi-Stop Order' });
  await form.getByRole('combobox', { name: 'Delivery Address' }).fill('Franklin');
  await page.getByRole('option', { name: /1201 N Franklin St/ }).click();
  await form.getByRole('button', { name: 'Calculate Route & Delivery Fee' }).click();
  const modal = page.getByRole('dialog', { name: 'Delivery Route' });
  const toast = page.getByRole('status').filter({ hasText: 'Route Calculated' });
  await expect(toast).toBeVisible();
  // It settles at the other edge once the modal is drawn.
  await expect
    .poll(async () => {
      const box = (await toast.boundingBox())!;
      const title = (await modal.getByRole('heading', { name: 'Delivery Route' }).boundingBox())!;
      const close = (await modal.getByRole('button', { name: 'Close' }).boundingBox())!;
      return !overlaps(box, title) && !overlaps(box, close);
    })
    .toBe(true);
  // The modal fits the phone: a long stop address is cut, not pushed past the edge.
  expect(await modal.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
});

test('Orders Management is a list of cards, each with every column', async ({ page, db, business }) => {
  // Delivered today whatever the hour: the list shows today's orders.
  const order = await insertOrder(db, {
    business: business.username,
    status: 'assigned',
    customerName: 'Card Person',
    amountCents: 12_000,
    pickupTime: todayAt(-3_600_000),
    deliveryTime: todaysLastMinute(),
  });
  await signIn(page, business.username);
  await page.goto('/restaurant/orders');
  await islandsHydrated(page);
  await expect(page.getByRole('table')).toBeHidden();
  const card = page
    .getByRole('list', { name: 'Orders' })
    .getByRole('listitem')
    .filter({ hasText: `#${order.orderNumber}` });
  await expect(card).toContainText('Card Person');
  await expect(card).toContainText('1201 N Franklin St, Tampa, Florida, 33602');
  await expect(card).toContainText('Amount$120.00');
  await expect(card).toContainText('Service Payment$30.00');
  await expect(card).toContainText('CourierUnassigned');
  await expect(card).toContainText('assigned');
  await expectAccessible(page);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await card.getByRole('button', { name: `View details of order #${order.orderNumber}` }).click();
  await expect(page.getByRole('dialog', { name: `Order #${order.orderNumber}` })).toBeVisible();
});
