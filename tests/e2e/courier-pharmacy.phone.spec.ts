/** The pharmacy route on a phone (issue 5): a courier delivers a 3-stop order stop by stop. */
import { eq } from 'drizzle-orm';
import { orders, orderStops } from '../../src/db/schema';
import { insertPharmacyOrder } from '../support/courier';
import { openDashboard, PHARMACY_POSITION, photoFiles, photoInput, signInNewCourier, standAt, toast } from './courier';
import { expect, test } from './fixtures';

const HOUR = 3_600_000;

test('a courier delivers a 3-stop pharmacy order stop by stop', async ({ page, context, db }) => {
  test.setTimeout(90_000);
  const { courier } = await signInNewCourier(page, db);
  const address = `${Date.now().toString(36)} Bayshore Blvd, Tampa, FL 33606`;
  const { order, stops } = await insertPharmacyOrder(db, {
    courierId: courier.id,
    status: 'assigned',
    stops: 3,
    pickupIn: 0.5 * HOUR,
    customerAddress: address,
  });
  await standAt(context, PHARMACY_POSITION);
  await openDashboard(page);

  await page.getByRole('article').filter({ hasText: address }).getByRole('button', { name: 'View Details' }).click();
  const view = page.getByRole('dialog');
  await expect(view.getByRole('heading', { name: `Pharmacy Order #${order.orderNumber}` })).toBeVisible();
  await expect(view.getByText('Ready to Start?')).toBeVisible();
  await expect(view.getByText(/^Pickup time: [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
  const summary = view.getByRole('region', { name: 'Route Summary' });
  await expect(summary).toContainText('Total Stops3');
  await expect(summary).toContainText('Total Distance6.4 miles');
  await expect(summary).toContainText('Your Pay$15.80');

  await view.getByRole('button', { name: 'Go Online Now' }).click();
  await expect(toast(page)).toContainText("You're Online!");
  await expect(view.getByText('Head to Pharmacy')).toBeVisible();
  await expect(view.getByText('You must be within 500 feet to confirm arrival')).toBeVisible();
  await view.getByRole('button', { name: "I'm at the Pharmacy" }).click();
  await expect(toast(page)).toContainText('Now collect all packages');

  await expect(view.getByText('Collect All Packages')).toBeVisible();
  await expect(view.getByText(`Collect all 3 packages, verify the order number (${order.orderNumber}) and recipient names.`)).toBeVisible();
  for (const stop of stops) await expect(view.getByText(stop.customerName, { exact: true })).toBeVisible();
  const confirmPickup = view.getByRole('button', { name: 'Confirm Pickup & Start Deliveries' });
  await expect(confirmPickup).toBeDisabled();
  await photoInput(page).setInputFiles(photoFiles(1));
  await expect(view.getByText('Uploaded', { exact: true })).toBeVisible();
  await confirmPickup.click();
  await expect(toast(page)).toContainText('Now delivering to first stop');
  await expect(view.getByText('0 / 3 delivered')).toBeVisible();

  for (const [index, stop] of stops.entries()) {
    const n = index + 1;
    // An arrival is held to the stop's own place (C23): from the pharmacy, the button says to get closer.
    if (index === 0) await expect(view.getByRole('button', { name: `Get closer to stop ${n} (within 500 ft)` })).toBeDisabled();
    await standAt(context, { latitude: stop.latitude!, longitude: stop.longitude! });
    await view.getByRole('button', { name: `Arrived at Stop ${n}` }).click();
    await expect(toast(page)).toContainText(`Arrived at Stop ${n}`);
    const confirm = view.getByRole('button', { name: `Confirm Delivery - Stop ${n}` });
    await expect(confirm).toBeDisabled();
    await photoInput(page).setInputFiles(photoFiles(1, 200, 150));
    await expect(view.getByText('Uploaded', { exact: true })).toBeVisible();
    await view.getByLabel('Delivery notes (optional)').fill(`Handed to ${stop.customerName}`);
    await confirm.click();
    if (n < 3) {
      await expect(toast(page)).toContainText(`${n}/3 completed`);
      await expect(view.getByText(`${n} / 3 delivered`)).toBeVisible();
    }
  }
  await expect(toast(page)).toContainText('Successfully delivered to all 3 stops');
  await expect(view.getByText('All Deliveries Complete!')).toBeVisible();
  await expect(view.getByText('3 stops completed • 6.4 miles')).toBeVisible();
  const earnings = view.getByRole('region', { name: 'Earnings' });
  await expect(earnings).toContainText('Base Pay$12.80');
  await expect(earnings).toContainText('Tip$3.00');
  await expect(earnings).toContainText('Total$15.80');

  await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('delivered');
  const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
  expect(stored.pharmacyPickupPhoto).toMatch(/\.jpg$/);
  expect(typeof stored.pharmacyPickupTime).toBe('number');
  const storedStops = await db.select().from(orderStops).where(eq(orderStops.orderId, order.id));
  expect(storedStops.map((stop) => [stop.status, !!stop.deliveryPhoto, stop.deliveryNotes])).toEqual(
    stops.map((stop) => ['delivered', true, `Handed to ${stop.customerName}`]),
  );

  await view.getByRole('button', { name: 'Continue to New Orders' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a pharmacy route opens in its pharmacy form and cannot start more than an hour before pickup', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  const { order } = await insertPharmacyOrder(db, { courierId: courier.id, status: 'courier_confirmed', pickupIn: 3 * HOUR });
  await openDashboard(page);
  await page
    .getByRole('article', { name: 'Bayshore Pharmacy' })
    .filter({ hasText: 'Confirmed by Courier' })
    .getByRole('button', { name: 'View Details' })
    .click();
  const view = page.getByRole('dialog');
  await expect(view.getByText('Too early to start. Check back 1 hour before pickup.')).toBeVisible();
  await expect(view.getByRole('button', { name: 'Go Online Now' })).toHaveCount(0);
  await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('awaiting_pharmacy_pickup');
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('arrival at the pharmacy waits until the courier is within 500 feet', async ({ page, context, db }) => {
  const { courier } = await signInNewCourier(page, db);
  await insertPharmacyOrder(db, { courierId: courier.id, status: 'courier_on_way_to_pharmacy' });
  await standAt(context, { latitude: 27.95, longitude: -82.46 });
  await openDashboard(page);
  // A route under way opens by itself.
  const arrive = page.getByRole('dialog').getByRole('button', { name: "I'm at the Pharmacy" });
  await expect(arrive).toBeDisabled();
  await expect(page.getByRole('dialog').getByText(/mi away$/)).toBeVisible();
  await context.setGeolocation({ latitude: PHARMACY_POSITION.latitude + 0.001, longitude: PHARMACY_POSITION.longitude });
  await expect(arrive).toBeEnabled();
});
