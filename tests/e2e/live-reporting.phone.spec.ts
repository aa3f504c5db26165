/** The courier app reports the device's position while the courier has an active order (issue 6). */
import type { Page } from '@playwright/test';
import type { Db } from '../../src/db/client';
import { insertHeldOrder } from '../support/courier';
import { insertCourier, insertSession } from '../support/factories';
import { signInNewCourier } from './courier';
import { expect, test } from './fixtures';

test.use({ geolocation: { latitude: 27.9611, longitude: -82.4461 } });

/** A courier of the test's own, signed in, holding an accepted order: the app reports positions while one is active. */
async function courierWithActiveOrder(page: Page, db: Db) {
  const { courier } = await signInNewCourier(page, db);
  await insertHeldOrder(db, courier.id, 'courier_confirmed', { pickupTime: Date.now() + 3 * 3_600_000 });
  return courier.id;
}

test('with an active order, the position reaches the courier’s live track', async ({ page, browser, baseURL, db }) => {
  const reports: Array<{ latitude: number; longitude: number }> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/couriers/location')) reports.push(request.postDataJSON());
  });
  const courierId = await courierWithActiveOrder(page, db);
  await page.goto('/courier/tasks');
  await expect(page.getByRole('banner').getByText('1 Active Order')).toBeVisible();
  await expect.poll(() => reports.length).toBeGreaterThan(0);
  expect(reports[0]).toMatchObject({ latitude: 27.9611, longitude: -82.4461 });

  const admin = await browser.newContext({ baseURL });
  await admin.request.post('/api/login', { data: { username: 'admin', password: 'demo1234' } });
  // The report was sent; its answer may still be on its way.
  await expect
    .poll(async () => (await (await admin.request.get(`/api/couriers/${courierId}/track`)).json()).at(-1))
    .toMatchObject({ latitude: 27.9611, longitude: -82.4461 });
  await admin.close();
});

test('without an active order, nothing is reported', async ({ page, db }) => {
  const { user } = await insertCourier(db);
  let reports = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/couriers/location')) reports++;
  });
  await page.context().addCookies([{ name: 'sid', value: await insertSession(db, user.id), url: process.env.TEST_BASE_URL! }]);
  await page.goto('/courier/dashboard');
  await expect(page.getByRole('banner').getByText('No Active Orders')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(reports).toBe(0);
});

test.describe('without location access', () => {
  test.use({ permissions: [] });

  test('a courier with an active order is told once, and the app carries on', async ({ page, db }) => {
    await courierWithActiveOrder(page, db);
    await page.goto('/courier/tasks');
    const warning = page.locator('.toast').filter({ hasText: 'GPS Warning' });
    await expect(warning).toContainText('GPS issues detected - you can continue with the delivery');
    await expect(page.getByRole('heading', { name: /Upcoming Orders/ })).toBeVisible();
  });
});
