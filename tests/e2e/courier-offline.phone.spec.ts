/**
 * Nothing lost in the field (issue 5): steps and photos taken without a connection wait
 * on the phone ("Waiting to sync"), survive a reload, and land once the connection returns.
 * The courier app opens with no network from a cold start (issue 15, decision F1).
 */
import { eq } from 'drizzle-orm';
import { orders } from '../../src/db/schema';
import { insertHeldOrder } from '../support/courier';
import { openDashboard, photoFiles, photoInput, signInNewCourier, toast } from './courier';
import { checkScreen } from './axe';
import { expect, overlaps, test } from './fixtures';

const statusOf = async (db: Parameters<Parameters<typeof test>[2]>[0]['db'], id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];

test('a step taken offline moves the screen on, waits to sync, and lands when the connection returns', async ({ page, context, db }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { courier } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'arrived_at_pickup');
  // A second one accepted for later: the header says "2 Active Orders" beside the sync badge, its widest.
  await insertHeldOrder(db, courier.id, 'courier_confirmed', { pickupTime: Date.now() + 5 * 3_600_000 });
  await openDashboard(page);
  const view = page.getByRole('dialog');
  await expect(view.getByRole('heading', { name: 'At Restaurant' })).toBeVisible();

  await context.setOffline(true);
  const tapped = Date.now();
  await view.getByRole('button', { name: 'Got All Items' }).click();
  await expect(toast(page)).toContainText('Saved on this phone — will send when online');
  // "Got All Items", then on to the customer after a second, all on the phone.
  await expect(view.getByRole('heading', { name: 'En Route to Customer' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Waiting to sync (2)' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Waiting to sync (2)' })).toBeVisible();
  // The header fits 390 px in this state too (issue 27): nothing of it runs off the screen.
  const header = await page.getByRole('banner').evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(header.scroll).toBeLessThanOrEqual(header.client);
  const indicator = await page.getByRole('banner').locator('[data-active-orders]').boundingBox();
  expect(indicator!.x + indicator!.width).toBeLessThanOrEqual(390);
  await checkScreen(page);
  expect((await statusOf(db, order.id)).status).toBe('arrived_at_pickup');
  // Some time passes without signal.
  await page.waitForTimeout(4000);

  const online = Date.now();
  await context.setOffline(false);
  await expect.poll(async () => (await statusOf(db, order.id)).status, { timeout: 15_000 }).toBe('on_way_to_customer');
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0);
  // The step is dated when it was tapped, not when it reached the server (issue 15, F7).
  const stored = await statusOf(db, order.id);
  expect(stored.pickedUpTime).toBeGreaterThanOrEqual(tapped - 1000);
  expect(stored.pickedUpTime).toBeLessThan(online - 2000);
});

test('a waiting step survives a reload and is sent once the server answers again', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer', { deliveryTime: Date.now() });
  // The server cannot be reached for order updates (the pages still load).
  await page.route(`**/api/orders/${order.id}`, (route) => (route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue()));
  await openDashboard(page);
  const view = page.getByRole('dialog');
  await view.getByRole('button', { name: 'Arrived at Customer' }).click();
  await expect(view.getByRole('heading', { name: "At Customer's Location" })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Waiting to sync (1)' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('dialog').getByRole('heading', { name: "At Customer's Location" })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Waiting to sync (1)' })).toBeVisible();
  expect((await statusOf(db, order.id)).status).toBe('on_way_to_customer');

  await page.unroute(`**/api/orders/${order.id}`);
  // A tap on the badge sends now rather than at the next retry.
  await page.getByRole('dialog').getByRole('button', { name: 'Waiting to sync (1)' }).click();
  await expect.poll(async () => (await statusOf(db, order.id)).status, { timeout: 15_000 }).toBe('arrived_at_customer');
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0);
});

test('photos taken offline wait on the phone and complete the delivery once online', async ({ page, context, db }) => {
  test.setTimeout(60_000);
  const { courier } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'arrived_at_customer');
  await openDashboard(page);
  const view = page.getByRole('dialog');
  await view.getByRole('button', { name: 'I Understand' }).click();

  await context.setOffline(true);
  await photoInput(page).setInputFiles(photoFiles(4, 120, 90));
  // Nothing claims to be uploaded or delivered while it waits on the phone (issue 15).
  await expect(view.getByText('All required photos taken. Saved on this phone — will send when online')).toBeVisible();
  await expect(view.getByText('All required photos uploaded!')).toHaveCount(0);
  await expect(view.getByRole('list', { name: 'Photos' }).getByText('Waiting to sync')).toHaveCount(4);
  await view.getByRole('button', { name: 'Complete Delivery' }).click();
  await expect(view.getByText('Delivery Saved on This Phone')).toBeVisible();
  await expect(view.getByText('4 delivery photos saved on this phone')).toBeVisible();
  await expect(view.getByText('Delivery Complete!')).toHaveCount(0);
  await expect(view.getByText(/uploaded|successfully/)).toHaveCount(0);
  await expect(toast(page)).toContainText('Saved on this phone — will send when online');
  await expect(view.getByRole('button', { name: 'Waiting to sync (6)' })).toBeVisible();
  expect((await statusOf(db, order.id)).status).toBe('arrived_at_customer');

  await context.setOffline(false);
  await expect.poll(async () => (await statusOf(db, order.id)).status, { timeout: 20_000 }).toBe('delivered');
  expect((await statusOf(db, order.id)).deliveryPhotos).toHaveLength(4);
  await expect(page.getByText(/Waiting to sync/)).toHaveCount(0);
  // Once the server has it, and only then, the delivery is complete.
  await expect(view.getByText('Delivery Complete!')).toBeVisible();
  await expect(view.getByText('4 delivery photos uploaded')).toBeVisible();
});

test('with the network off, a reload opens the app with the active order, its address and phone, and says it is offline', async ({ page, context, db }) => {
  const { courier } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer', {
    customerAddress: '4100 W Kennedy Blvd, Tampa, FL 33609',
    customerPhone: '(813) 555-0142',
    deliveryInstructions: 'Gate code 4821, leave with the front desk',
  });
  // A second one accepted for later: the header reads "2 Active Orders", its widest.
  await insertHeldOrder(db, courier.id, 'courier_confirmed');
  await openDashboard(page);
  // The app is installable: a manifest and a worker that controls the courier pages.
  const manifest: { icons: Array<{ sizes: string }> } = await page.evaluate(async () =>
    (await fetch(document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href)).json(),
  );
  expect(manifest).toMatchObject({ start_url: '/courier/dashboard', scope: '/courier/', display: 'standalone' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect(page.getByRole('dialog').getByText('4100 W Kennedy Blvd, Tampa, FL 33609')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  const view = page.getByRole('dialog');
  await expect(view.getByText('4100 W Kennedy Blvd, Tampa, FL 33609')).toBeVisible();
  await expect(view.getByText('(813) 555-0142')).toBeVisible();
  await expect(view.getByText('Gate code 4821, leave with the front desk')).toBeVisible();
  // The order view, over the page's header, says so too.
  await expect(view.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Offline')).toBeVisible();
  // The header still fits the phone with the Offline badge: the active-orders link is wholly on screen.
  const indicator = await page.getByRole('banner').locator('[data-active-orders]').boundingBox();
  expect(indicator!.x + indicator!.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  // Closing the order shows the list with what the phone knows, and says where it comes from.
  await view.getByRole('button', { name: 'Back' }).click();
  const notice = page.getByText(/You are offline\. These are the orders saved on this phone at/);
  await expect(notice).toBeVisible();
  await expect(page.getByRole('region', { name: /Your Orders/ }).getByText(order.customerAddress)).toBeVisible();
  // A toast (here the one the phone shows when GPS is off) leaves the notice readable.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('dd:toast', { detail: { title: 'Location needed', description: 'Allow location' } })));
  const shown = page.locator('.toast-viewport').getByText('Location needed');
  await expect(shown).toBeVisible();
  await expect.poll(async () => overlaps((await shown.boundingBox())!, (await notice.boundingBox())!)).toBe(false);
  // The menu does not claim a connection the phone does not have.
  const menu = page.getByRole('navigation', { name: 'Courier menu' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByText('Offline — saved on this phone until online')).toBeVisible();
  await expect(menu.getByText('Connected to Server')).toHaveCount(0);

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('banner').getByText('Offline')).toHaveCount(0);
  await page
    .getByRole('button', { name: 'Close' })
    .or(page.getByRole('button', { name: 'Back' }))
    .first()
    .click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByText('Connected to Server')).toBeVisible();
});

test('a courier who signs out leaves no copy of their orders on the phone', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  await insertHeldOrder(db, courier.id, 'assigned');
  await openDashboard(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('courier-pages'))).toBe(true);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log-Out' }).click();
  await expect(page).toHaveURL(/\/courier\/login$/);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name === 'courier-pages' || name === 'courier-data'))).toEqual([]);
  // The app's own files stay: the next courier's first visit opens offline too.
  expect(await page.evaluate(async () => (await caches.keys()).some((name) => name.startsWith('courier-assets-')))).toBe(true);
});
