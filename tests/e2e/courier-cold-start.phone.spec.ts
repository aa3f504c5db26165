/**
 * The courier app from the first install (issue 27): a phone that signed in online and
 * never opened a delivery screen loses signal, and still delivers a restaurant order and a
 * pharmacy route, one stop of which cannot be delivered, from a cold start; its screens were
 * stored when the app's worker installed. The steps wait on
 * the phone and reach the server, in order, once it is back.
 */
import { eq } from 'drizzle-orm';
import { deliveryFailures, orders, orderStops } from '../../src/db/schema';
import { insertHeldOrder, insertPharmacyOrder } from '../support/courier';
import { BISTRO_POSITION, openDashboard, PHARMACY_POSITION, photoFiles, photoInput, signInNewCourier, standAt } from './courier';

const MINUTE = 60_000;
import { checkScreen } from './axe';
import { expect, test } from './fixtures';

test('a phone that never opened a delivery screen completes a restaurant order and a pharmacy route with a failed stop, offline from a cold start', async ({
  page,
  context,
  db,
}) => {
  test.setTimeout(120_000);
  const { courier } = await signInNewCourier(page, db);
  const tag = Date.now().toString(36);
  const address = `${tag} Bayshore Blvd, Tampa, FL 33606`;
  const { order, stops } = await insertPharmacyOrder(db, { courierId: courier.id, status: 'assigned', stops: 3, customerAddress: address });
  // A restaurant order accepted for soon, whose workflow the phone never opened either.
  const lunch = await insertHeldOrder(db, courier.id, 'courier_confirmed', {
    customerAddress: `${tag} W Kennedy Blvd, Tampa, FL 33609`,
    setupRequired: false,
    pickupTime: Date.now() + MINUTE,
    deliveryTime: Date.now() + 2 * MINUTE,
  });
  await standAt(context, BISTRO_POSITION);
  await openDashboard(page);
  // Installed: the worker stored everything the courier area can reach before it took over.
  await page.evaluate(() => navigator.serviceWorker.ready);
  const stored: string[] = await page.evaluate(async () => {
    const names = await caches.keys();
    const assets = await caches.open(names.find((name) => name.startsWith('courier-assets-'))!);
    return (await assets.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(stored.some((path) => /\/PharmacyWorkflow\.[A-Z0-9]+\.js$/.test(path))).toBe(true);
  expect(stored.some((path) => /\/RestaurantWorkflow\.[A-Z0-9]+\.js$/.test(path))).toBe(true);

  // No signal, and the app opened again from nothing.
  await context.setOffline(true);
  await page.reload();
  const view = page.getByRole('dialog');

  // The restaurant order, from going online to the photos at the door.
  await page.getByRole('complementary', { name: 'Upcoming Delivery' }).getByRole('button', { name: 'Go Online Now' }).click();
  await expect(view.locator('[data-screen-unavailable]')).toHaveCount(0);
  await view.getByRole('button', { name: 'Arrived at Restaurant' }).click();
  await view.getByRole('button', { name: 'Got All Items' }).click();
  await expect(view.getByRole('heading', { name: 'En Route to Customer' })).toBeVisible();
  await view.getByRole('button', { name: 'Arrived at Customer' }).click();
  await view.getByRole('button', { name: 'I Understand' }).click();
  await photoInput(page).setInputFiles(photoFiles(4, 120, 90));
  await view.getByRole('button', { name: 'Complete Delivery' }).click();
  await expect(view.getByText('Delivery Saved on This Phone')).toBeVisible();
  await view.getByRole('button', { name: 'Continue to New Orders' }).click();

  // The pharmacy route: stop 2 cannot be delivered, and its package comes back.
  await page.getByRole('article').filter({ hasText: address }).getByRole('button', { name: 'View Details' }).click();
  await expect(view.getByText('Ready to Start?')).toBeVisible();
  await view.getByRole('button', { name: 'Go Online Now' }).click();
  await standAt(context, PHARMACY_POSITION);
  await expect(view.getByText('Head to Pharmacy')).toBeVisible();
  await view.getByRole('button', { name: "I'm at the Pharmacy" }).click();
  await expect(view.getByText('Collect All Packages')).toBeVisible();
  await photoInput(page).setInputFiles(photoFiles(1));
  await view.getByRole('button', { name: 'Confirm Pickup & Start Deliveries' }).click();
  for (const [index, stop] of stops.entries()) {
    const n = index + 1;
    await standAt(context, { latitude: stop.latitude!, longitude: stop.longitude! });
    await view.getByRole('button', { name: `Arrived at Stop ${n}` }).click();
    if (n === 2) {
      await view.getByRole('button', { name: "Couldn't Deliver" }).click();
      const report = page.getByRole('dialog', { name: "Couldn't Deliver Stop 2" });
      await report.getByRole('radio', { name: 'Refused' }).check();
      await expect(report.getByText('Keep the package and bring it back to the pharmacy at the end of your route.')).toBeVisible();
      await report.getByLabel('Notes (optional)').fill('Says it is not theirs');
      await report.getByRole('button', { name: 'Report Failed Delivery' }).click();
      await expect(view.getByText('Not delivered: bring the package back to the pharmacy.')).toBeVisible();
      continue;
    }
    await photoInput(page).setInputFiles(photoFiles(1, 200, 150));
    await view.getByRole('button', { name: `Confirm Delivery - Stop ${n}` }).click();
  }
  await expect(view.getByText('Deliveries Saved on This Phone')).toBeVisible();
  // What comes back to the pharmacy is listed at the end.
  await expect(view.getByRole('region', { name: 'Bring back to the pharmacy' })).toContainText(`Stop 2: ${stops[1].customerName}`);
  expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('assigned');

  // Back in signal: every step lands, in order; the route is complete with stop 2 on its way back.
  await context.setOffline(false);
  await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, order.id)))[0].status, { timeout: 40_000 }).toBe('delivered');
  await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, lunch.id)))[0].status, { timeout: 10_000 }).toBe('delivered');
  const settled = await db.select().from(orderStops).where(eq(orderStops.orderId, order.id)).orderBy(orderStops.sequence);
  expect(settled.map((stop) => [stop.status === 'delivered', !!stop.deliveryPhoto, stop.returnedAt != null])).toEqual([
    [true, true, false],
    [false, false, true],
    [true, true, false],
  ]);
  const [failure] = await db.select().from(deliveryFailures).where(eq(deliveryFailures.orderId, order.id));
  expect(failure).toMatchObject({ stopId: stops[1].id, reason: 'refused', outcome: 'return', notes: 'Says it is not theirs' });
  await expect(view.getByText('Route Complete')).toBeVisible();
  await expect(view.getByText('Delivered to 2 of 3 stops')).toBeVisible();
});

test.describe('a screen whose code cannot be had', () => {
  // No worker, so the request for the screen's code meets the network (here refused), as on a phone before this release.
  test.use({ serviceWorkers: 'block' });

  test('says so, with a way back and a way to try again, never a blank app', async ({ page, db }) => {
    const { courier } = await signInNewCourier(page, db);
    await insertPharmacyOrder(db, { courierId: courier.id, status: 'assigned', stops: 2 });
    let refuse = true;
    await page.route(/\/PharmacyWorkflow\.[A-Z0-9]+\.js$/, (route) => (refuse ? route.abort('internetdisconnected') : route.continue()));
    await openDashboard(page);
    await page.getByRole('button', { name: 'View Details' }).first().click();
    const unavailable = page.getByRole('dialog').locator('[data-screen-unavailable]');
    await expect(unavailable).toContainText('This screen is not on this phone yet');
    await checkScreen(page);
    await unavailable.getByRole('button', { name: 'Back to orders' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Back in signal, Try again loads it.
    await page.getByRole('button', { name: 'View Details' }).first().click();
    refuse = false;
    await page.getByRole('dialog').getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('dialog').getByText('Ready to Start?')).toBeVisible();
  });
});
