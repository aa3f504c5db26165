/**
 * The dispatch board through a busy quarter hour (issue 29, W9), at 1366 × 768: orders
 * arrive every couple of seconds while the dispatcher works the queue. Every click opens the
 * order it was aimed at, however the queue changed meanwhile (the rows hold still under the
 * pointer); a courier giving an order back raises an alert whose Reassign opens that order's
 * dialog; ten queue rows and the map fit on the screen together; axe finds nothing serious.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { singleOrderBody } from '../support/business';
import { insertBusiness, insertOrder, insertSignableCourier, insertZone } from '../support/factories';
import { expectToast, openAsAdmin, toast } from './admin-helpers';
import { expectAccessible } from './axe';
import { DEMO_PASSWORD, expect, test } from './fixtures';

const MINUTE = 60_000;
const queueRow = (page: Page, id: number) => page.locator(`#needs-person tr[data-queue-order-id="${id}"]`);

/** A signed-in API session of its own (the portal, a courier's phone). */
async function session(browser: Browser, baseURL: string, username: string): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return context.request;
}

/** The restaurant sends an order due for pickup soon, as the portal does; answers it. */
async function sendOrder(portal: APIRequestContext, index: number): Promise<{ id: number; orderNumber: string }> {
  const pickup = Date.now() + (10 + index) * MINUTE;
  const created = await portal.post('/api/orders', {
    data: singleOrderBody({ pickupTime: new Date(pickup).toISOString(), deliveryTime: new Date(pickup + 45 * MINUTE).toISOString() }),
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; orderNumber: string };
}

test.use({ viewport: { width: 1366, height: 768 } });

test('a busy quarter hour: each click opens the order aimed at, a decline alerts and opens its dialog, queue and map share the screen', async ({
  page,
  browser,
  baseURL,
  db,
}) => {
  test.setTimeout(150_000);
  // A zone of the test's own: the dispatcher works it, and its queue holds only this rush.
  const zone = await insertZone(db);
  const business = await insertBusiness(db, { zoneId: zone.id });
  const portal = await session(browser, baseURL!, business.username);
  await openAsAdmin(page, `/admin/orders?zone=${zone.id}`);
  await expect(page.getByLabel('Zone')).toHaveValue(String(zone.id));
  await page.getByRole('button', { name: 'Alerts off' }).click();
  await expect(page.locator('[data-alerts-state="live"]')).toBeVisible();

  // Orders keep arriving, one every 2 s, while the dispatcher works.
  const arrived: Array<{ id: number; orderNumber: string }> = [];
  let arriving = true;
  const rush = (async () => {
    for (let index = 0; arriving && index < 40; index++) {
      arrived.push(await sendOrder(portal, index));
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();

  const dialog = page.getByRole('dialog');
  for (let handled = 0; handled < 6; handled++) {
    await expect.poll(() => arrived.length, { timeout: 20_000 }).toBeGreaterThan(handled);
    const aimed = arrived[handled];
    const button = queueRow(page, aimed.id).getByRole('button', { name: `Assign order #${aimed.orderNumber}` });
    await expect(button).toBeVisible({ timeout: 15_000 });
    // The hand rests on the row through a refresh or two as more orders arrive; then clicks where it aimed.
    await button.hover();
    const box = (await button.boundingBox())!;
    await page.waitForTimeout(handled % 2 === 0 ? 6000 : 500);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(dialog).toHaveAccessibleName(`Assign Order #${aimed.orderNumber}`);
    // The best courier is chosen already; nothing changed, so closing does not ask.
    if (handled % 2 === 0) await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
  // Once the hand has left the rows (the mouse closed the last dialog), the new orders show.
  await page.mouse.move(5, 400);
  await expect(queueRow(page, arrived.at(-1)!.id)).toBeVisible({ timeout: 12_000 });

  // A courier gives an order back: the alert names it and opens its dialog.
  const { username, user, courier } = await insertSignableCourier(db, { zoneId: zone.id });
  const held = await insertOrder(db, { business: business.username, status: 'assigned', courierId: courier.id, pickupTime: Date.now() + 40 * MINUTE });
  const phone = await session(browser, baseURL!, username);
  const givenBack = await phone.post(`/api/orders/${held.id}/courier-response`, { data: { action: 'reject', acceptLateFee: true } });
  expect(givenBack.status(), await givenBack.text()).toBe(200);
  await expectToast(page, `${user.name} gave back order #${held.orderNumber} (${business.restaurant.name}): reassign it`);
  await toast(page).getByRole('link', { name: 'Reassign' }).click();
  const reassign = page.getByRole('dialog', { name: `Assign Order #${held.orderNumber}` });
  await expect(reassign).toBeVisible();
  await expect(reassign.getByRole('option', { name: new RegExp(`^${user.name} .*declined this order`) })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(reassign).toBeHidden();
  // The address forgets the dialog, and keeps the zone the dispatcher works.
  expect(new URL(page.url()).searchParams.has('assign')).toBe(false);
  expect(new URL(page.url()).searchParams.get('zone')).toBe(String(zone.id));
  // Enough orders for a screenful have arrived (a slow machine sends fewer in the time); then the rush ends.
  await expect.poll(() => arrived.length, { timeout: 40_000 }).toBeGreaterThanOrEqual(12);
  arriving = false;
  await rush;
  await expect.poll(() => page.locator('#needs-person tbody tr').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(12);

  // Ten queue rows and the map on one 1366 × 768 screen, and the board passes axe.
  const onScreen = await page
    .locator('#needs-person tbody tr')
    .evaluateAll((rows) => rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length);
  expect(onScreen).toBeGreaterThanOrEqual(10);
  const map = page.getByRole('region', { name: 'Couriers map' });
  await expect(map).toBeInViewport();
  await expect(page.getByRole('heading', { name: /^Couriers \(\d+ online of \d+\)$/ })).toBeVisible();
  await expectAccessible(page);
});

test('the map shows the order pointed at in the queue, and the couriers nearest its pickup', async ({ page, db }) => {
  const zone = await insertZone(db);
  const business = await insertBusiness(db, { zoneId: zone.id });
  const { user } = await insertSignableCourier(db, {
    zoneId: zone.id,
    courierLatitude: 27.9437,
    courierLongitude: -82.4497,
    lastLocationUpdateTime: Date.now(),
  });
  const order = await insertOrder(db, { business: business.username, status: 'new', pickupTime: Date.now() + 15 * MINUTE });
  await openAsAdmin(page, `/admin/orders?zone=${zone.id}`);
  await queueRow(page, order.id).hover();
  await expect(page.getByText(new RegExp(`^Order #${order.orderNumber}, ${business.restaurant.name}: nearest: .*${user.name} \\d+\\.\\d mi`))).toBeVisible();
  await expect(page.getByRole('button', { name: `${user.name}: show on the map` })).toContainText('Live GPS');
});
