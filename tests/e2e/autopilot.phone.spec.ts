/**
 * The autopilot's offer on a courier's phone (issue 30): with nobody at the console, a new
 * order in the courier's zone is offered to them alone; the card and the order count down the
 * time to accept, and Accept takes it. One hand can do it (44 px targets), axe finds nothing serious.
 */
import { singleOrderBody } from '../support/business';
import { insertBusiness, insertSignableCourier, insertZone } from '../support/factories';
import { checkScreen } from './axe';
import { openDashboard, signedInAdmin } from './courier';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';

const MINUTE = 60_000;

test('a new order is offered to the courier alone with a countdown, and they accept it', async ({ page, db, playwright, baseURL }) => {
  const zone = await insertZone(db);
  const business = await insertBusiness(db, { zoneId: zone.id });
  const courier = await insertSignableCourier(db, {
    zoneId: zone.id,
    courierLatitude: 27.9437,
    courierLongitude: -82.4497,
    lastLocationUpdateTime: Date.now(),
  });
  const admin = await signedInAdmin();
  expect((await admin.patch(`/api/zones/${zone.id}/dispatch`, { data: { mode: 'auto_offer', offerSeconds: 120, leadMinutes: 30 } })).status()).toBe(200);
  await admin.dispose();
  await signIn(page, courier.username);
  await openDashboard(page);

  const portal = await playwright.request.newContext({ baseURL });
  expect((await portal.post('/api/login', { data: { username: business.username, password: DEMO_PASSWORD } })).status()).toBe(200);
  const pickup = Date.now() + 20 * MINUTE;
  const address = `${Date.now()} Autopilot Way, Tampa, FL 33602`;
  const created = await portal.post('/api/orders', {
    data: singleOrderBody({ customerAddress: address, pickupTime: new Date(pickup).toISOString(), deliveryTime: new Date(pickup + 45 * MINUTE).toISOString() }),
  });
  expect(created.status(), await created.text()).toBe(201);
  await portal.dispose();

  const card = page.locator('article').filter({ hasText: address });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText('Offer for you')).toBeVisible();
  await expect(card.getByText(/Accept within [01]:\d\d/)).toBeVisible();
  await card.getByRole('button', { name: 'View Details' }).click();
  const view = page.getByRole('dialog');
  await expect(view.getByText(/Accept within [01]:\d\d/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offer.png') });
  await checkScreen(page);
  await view.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByText('Order accepted successfully')).toBeVisible();
  await expect(page.getByText(/Accept within/)).toHaveCount(0);
});
