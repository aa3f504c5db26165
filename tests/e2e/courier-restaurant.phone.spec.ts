/**
 * The restaurant delivery workflow on a phone (issue 5): from an offer to Delivered with
 * 4 photos that the admin and the business can see, and each screen's rules.
 */
import { eq } from 'drizzle-orm';
import { orders, orderStops, photos } from '../../src/db/schema';
import { insertOrder, insertServiceArea } from '../support/factories';
import { insertHeldOrder, insertStops } from '../support/courier';
import { BISTRO_POSITION, openDashboard, photoFiles, photoInput, signInNewCourier, standAt, toast } from './courier';
import { expect, signIn, test } from './fixtures';

const MINUTE = 60_000;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('courier accepts an offer, goes online, delivers with 4 photos, and the admin and the business see them', async ({ page, context, browser, db }) => {
  test.setTimeout(90_000);
  const tag = unique();
  // A zone of its own: this business's offer is the only one the courier sees, whatever other tests offered.
  const { business, courier } = await insertServiceArea(db);
  const offer = await insertOrder(db, {
    business: business.username,
    status: 'pending_courier',
    internalOrderNumber: `HB-${tag}`,
    customerAddress: `${tag} Harbour Island Blvd, Tampa, Florida, 33602`,
    customerCompany: 'Brightline Legal',
    setupRequired: true,
    pickupTime: Date.now() + 5 * MINUTE,
    deliveryTime: Date.now() + 8 * MINUTE,
    deliveryFeeCents: 4000,
    tipCents: 500,
    courierPayCents: 4500,
  });
  await standAt(context, BISTRO_POSITION);
  await signIn(page, courier.username);
  await openDashboard(page);

  // The offer, as a card, then its preview.
  const card = page.getByRole('article').filter({ hasText: offer.customerAddress });
  await expect(card.getByText('Available')).toBeVisible();
  await expect(card.getByText('$45.00')).toBeVisible();
  await card.getByRole('button', { name: 'View Details' }).click();
  const view = page.getByRole('dialog');
  await view.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page)).toContainText('Order accepted successfully');
  // Accepted, the preview stays open on the confirmed order.
  await expect(view.getByText('Orders cancelled less than 2 hours before pickup will incur a $30 fee')).toBeVisible();
  await expect(view.getByRole('button', { name: 'Cancel Order' })).toBeVisible();
  await view.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The go-online panel offers the earliest pickup: this one.
  const panel = page.getByRole('complementary', { name: 'Upcoming Delivery' });
  await expect(panel).toContainText('minutes until pickup');
  await panel.getByRole('button', { name: 'Go Online Now' }).click();
  await expect(toast(page)).toContainText('Head to the restaurant to pick up the order');
  await expect(view.getByRole('heading', { name: 'En Route to Pickup' })).toBeVisible();
  await expect(view.getByText(`HB-${tag}`)).toBeVisible();
  await expect(view.getByText('Courier Pay')).toContainText('$45.00');
  await expect(page.getByRole('banner').getByText(/Active Order/)).toBeVisible();

  await view.getByRole('button', { name: 'Arrived at Restaurant' }).click();
  await expect(view.getByRole('heading', { name: 'At Restaurant' })).toBeVisible();
  await expect(view.getByText('Show this order number to restaurant staff and confirm you have the correct order')).toBeVisible();
  await view.getByRole('button', { name: 'Got All Items' }).click();
  // On the way to the customer by itself after a second.
  await expect(view.getByRole('heading', { name: 'En Route to Customer' })).toBeVisible();
  await expect(view.getByText('Brightline Legal')).toBeVisible();
  await expect(view.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:8135550000');
  await expect(view.getByRole('link', { name: 'Message' })).toHaveAttribute('href', 'sms:8135550000');
  await view.getByRole('button', { name: 'Arrived at Customer' }).click();

  await expect(view.getByRole('heading', { name: "At Customer's Location" })).toBeVisible();
  await expect(view.getByText('Put on disposable gloves.')).toBeVisible();
  await view.getByRole('button', { name: 'I Understand' }).click();
  await expect(view.getByRole('heading', { name: 'Setup in Progress' })).toBeVisible();

  await expect(view.getByText('Please take delivery photos')).toBeVisible();
  await expect(view.getByRole('button', { name: 'Need 4 more photos' })).toBeDisabled();
  // One straight from the camera (2400×1800): the phone fits it within 1200×1200.
  await photoInput(page).setInputFiles([...photoFiles(1, 2400, 1800), ...photoFiles(1)]);
  await expect(view.getByText('2 more photos required')).toBeVisible();
  await expect(view.getByText('2 of 4 photos')).toBeVisible();
  await photoInput(page).setInputFiles(photoFiles(2));
  await expect(view.getByText('All required photos uploaded!')).toBeVisible();
  await expect(view.getByText('Uploaded', { exact: true })).toHaveCount(4);
  await view.getByLabel('Delivery Notes').fill('Buffet set on the conference table');
  await view.getByRole('button', { name: 'Complete Delivery' }).click();

  await expect(view.getByText('Delivery Complete!')).toBeVisible();
  await expect(view.getByText('Setup was completed successfully')).toBeVisible();
  await expect(view.getByText('4 delivery photos uploaded')).toBeVisible();
  const earnings = view.getByRole('region', { name: 'Delivery Earnings' });
  await expect(earnings).toContainText('Base Pay$40.00');
  await expect(earnings).toContainText('Tip$5.00');
  await expect(earnings).toContainText('Total$45.00');

  await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, offer.id)))[0].status).toBe('delivered');
  const [stored] = await db.select().from(orders).where(eq(orders.id, offer.id));
  expect(stored.deliveryPhotos).toHaveLength(4);
  expect(stored.deliveryNotes).toBe('Buffet set on the conference table');
  for (const field of [
    'goOnlineTime',
    'arrivedAtPickupTime',
    'pickedUpTime',
    'onWayToCustomerTime',
    'arrivedAtCustomerTime',
    'setupStartTime',
    'setupCompleteTime',
  ] as const) {
    expect(typeof stored[field], field).toBe('number');
  }
  const sizes = await db.select().from(photos).where(eq(photos.orderId, offer.id));
  expect(sizes.every((photo) => photo.contentType === 'image/jpeg' && photo.width <= 1200 && photo.height <= 1200)).toBe(true);
  expect(sizes.map((photo) => photo.width)).toContain(1200);

  await view.getByRole('button', { name: 'Continue to New Orders' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('courier-active-order-id'))).toBeNull();

  // The photos, as the admin's and the business's pages show them (<img src="/api/photos/…">).
  const urls = stored.deliveryPhotos.map((key) => `/api/photos/${key}`);
  const loaded = async (username: string, home: string) => {
    const other = await browser.newContext({ baseURL: process.env.TEST_BASE_URL });
    const otherPage = await other.newPage();
    await signIn(otherPage, username);
    await otherPage.goto(home);
    const widths = await otherPage.evaluate(
      (sources) =>
        Promise.all(
          sources.map(
            (src) =>
              new Promise<number>((resolve) => {
                const image = new Image();
                image.onload = () => resolve(image.naturalWidth);
                image.onerror = () => resolve(0);
                image.src = src;
              }),
          ),
        ),
      urls,
    );
    await other.close();
    return widths;
  };
  expect((await loaded('admin', '/admin')).every((width) => width > 0)).toBe(true);
  expect((await loaded(business.username, '/dashboard')).every((width) => width > 0)).toBe(true);
  expect(await loaded('courier2', '/courier/dashboard')).toEqual([0, 0, 0, 0]);
  expect(await loaded('pharmacy', '/dashboard')).toEqual([0, 0, 0, 0]);
});

test('the workflow of a delivery under way opens by itself; arrival waits until the courier is within 50 m', async ({ page, context, db }) => {
  const { courier } = await signInNewCourier(page, db);
  await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
  await standAt(context, { latitude: 27.95, longitude: -82.46 });
  await openDashboard(page);
  const view = page.getByRole('dialog');
  await expect(view.getByRole('heading', { name: 'En Route to Pickup' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Get closer to restaurant (within 50m)' })).toBeDisabled();
  await expect(view.getByText('Cancelling an order less than 2 hours before pickup will result in a $30 penalty')).toBeVisible();
  await context.setGeolocation(BISTRO_POSITION);
  await expect(view.getByRole('button', { name: 'Arrived at Restaurant' })).toBeEnabled();

  // Closed, it reopens from the header's indicator.
  await view.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: '1 Active Order' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'En Route to Pickup' })).toBeVisible();
});

test.describe('without location access', () => {
  test.use({ permissions: [] });

  test('with proximity checks on, an arrival waits for a position and says how to allow location (issue 15, F9; C23)', async ({ page, db }) => {
    const { courier } = await signInNewCourier(page, db);
    const order = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
    await openDashboard(page);
    const view = page.getByRole('dialog');
    await expect(view.getByRole('alert')).toContainText('Allow location. Allow location for this app to confirm your arrival');
    await expect(view.getByRole('button', { name: 'Arrived at Restaurant' })).toBeDisabled();
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('courier_on_way_to_pickup');
  });
});

test('arriving at the customer right after "Got All Items" queues behind the automatic advance (no 409, no bounce back)', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'arrived_at_pickup', { deliveryTime: Date.now() });
  await openDashboard(page);
  const view = page.getByRole('dialog');
  await view.getByRole('button', { name: 'Got All Items' }).click();
  // Well within the second before the order moves on by itself.
  await view.getByRole('button', { name: 'Arrived at Customer' }).click();
  await expect(view.getByRole('heading', { name: "At Customer's Location" })).toBeVisible();
  await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('arrived_at_customer');
  await expect(page.locator('.toast').filter({ hasText: /changed|Error|409/ })).toHaveCount(0);
  // A second later, nothing moves it back.
  await page.waitForTimeout(1500);
  await expect(view.getByRole('heading', { name: "At Customer's Location" })).toBeVisible();
  const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
  expect(stored.status).toBe('arrived_at_customer');
  expect(stored.onWayToCustomerTime).toBeLessThanOrEqual(stored.arrivedAtCustomerTime!);
});

test('arriving at the customer is refused more than 10 minutes before the drop-off time', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer', { deliveryTime: Date.now() + 60 * MINUTE });
  await openDashboard(page);
  const view = page.getByRole('dialog');
  const banner = view.getByRole('alert').filter({ hasText: /^Cannot arrive before \d{1,2}:\d{2} (AM|PM)$/ });
  await expect(banner).toBeVisible();
  // The button stays enabled; tapping it says why nothing happens.
  await view.getByRole('button', { name: 'Arrived at Customer' }).click();
  await expect(toast(page)).toContainText('Cannot arrive before');
  await expect(view.getByRole('heading', { name: 'En Route to Customer' })).toBeVisible();
  expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('on_way_to_customer');
});

test('the navigation chooser opens Google Maps on a bare street address, with the service area added', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  await insertHeldOrder(db, courier.id, 'on_way_to_customer', {
    customerAddress: '12 Palm Ave',
    customerLatitude: null,
    customerLongitude: null,
    customerLocationPrecision: 'none',
    deliveryTime: Date.now(),
  });
  await openDashboard(page);
  await page.evaluate(() => {
    window.open = ((url: string) => ((window as unknown as { opened: string }).opened = url) && ({} as Window)) as typeof window.open;
  });
  const view = page.getByRole('dialog').first();
  await view.getByRole('button', { name: 'Start Navigation' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose Navigation Option' });
  await expect(chooser).toContainText('Address: 12 Palm Ave, Tampa, Florida 33602');
  await chooser.getByRole('button', { name: 'Open in Google Maps', exact: true }).click();
  await expect(chooser).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { opened: string }).opened)).toBe(
    'https://www.google.com/maps/search/12%20Palm%20Ave%2C%20Tampa%2C%20Florida%2033602/@27.9506,-82.4572,12z',
  );
});

test('the navigation chooser keeps another city as written, and goes to the coordinates when the address is placed', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  await insertHeldOrder(db, courier.id, 'on_way_to_customer', {
    customerAddress: '200 4th St N, St. Petersburg',
    customerLatitude: 27.7731,
    customerLongitude: -82.6387,
    customerLocationPrecision: 'address',
    deliveryTime: Date.now(),
  });
  await openDashboard(page);
  await page.evaluate(() => {
    window.open = ((url: string) => ((window as unknown as { opened: string }).opened = url) && ({} as Window)) as typeof window.open;
  });
  await page.getByRole('dialog').first().getByRole('button', { name: 'Start Navigation' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose Navigation Option' });
  await expect(chooser).toContainText('Address: 200 4th St N, St. Petersburg');
  await expect(chooser).not.toContainText('Tampa');
  await chooser.getByRole('button', { name: 'Open in Google Maps', exact: true }).click();
  expect(await page.evaluate(() => (window as unknown as { opened: string }).opened)).toBe(
    'https://www.google.com/maps/search/27.7731%2C-82.6387/@27.9506,-82.4572,12z',
  );
});

test('photos: image files only, at most 4', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  await insertHeldOrder(db, courier.id, 'arrived_at_customer');
  await openDashboard(page);
  const view = page.getByRole('dialog');
  await view.getByRole('button', { name: 'I Understand' }).click();
  await photoInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(toast(page)).toContainText('Invalid file format');
  await expect(toast(page)).toContainText('Please select an image file');
  await photoInput(page).setInputFiles(photoFiles(5, 40, 40));
  await expect(toast(page)).toContainText('Maximum number of photos: 4');
  await expect(view.getByText('0 of 4 photos')).toBeVisible();
  await photoInput(page).setInputFiles(photoFiles(1, 40, 40));
  await expect(view.getByText('1 of 4 photos')).toBeVisible();
  await view.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(view.getByText('0 of 4 photos')).toBeVisible();
});

test('cancelling through the penalty dialog gives the order back to dispatch (C26)', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'arrived_at_pickup');
  await openDashboard(page);
  const view = page.getByRole('dialog').first();
  await view.getByRole('button', { name: 'Cancel Order' }).click();
  const warning = page.getByRole('dialog', { name: 'Cancellation Warning' });
  await expect(warning).toContainText('$30 penalty');
  await warning.getByRole('button', { name: 'Keep Order' }).click();
  await expect(warning).toBeHidden();
  await view.getByRole('button', { name: 'Cancel Order' }).click();
  await warning.getByRole('button', { name: 'Cancel and Accept Penalty' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect
    .poll(async () => (await db.select().from(orders).where(eq(orders.id, order.id)))[0])
    .toMatchObject({ status: 'courier_rejected', courierId: null });
});

test('a multi-stop restaurant order delivers stop by stop', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer', { deliveryTime: Date.now() });
  const stops = await insertStops(db, order.id, 2);
  await db.update(orderStops).set({ status: 'on_way' }).where(eq(orderStops.id, stops[0].id));
  await openDashboard(page);
  const view = page.getByRole('dialog');
  const list = view.getByRole('region', { name: 'Delivery Stops (2)' });
  await expect(list.getByRole('listitem').first()).toContainText('Current');
  await expect(list.getByRole('button', { name: 'Navigate to Stop 1' })).toBeVisible();
  await view.getByRole('button', { name: 'Arrived at Customer' }).click();
  await view.getByRole('button', { name: 'I Understand' }).click();
  await photoInput(page).setInputFiles(photoFiles(4, 60, 60));
  await expect(view.getByText('Uploaded', { exact: true })).toHaveCount(4);
  await view.getByRole('button', { name: 'Complete Delivery' }).click();
  await expect(toast(page)).toContainText('Moving to stop 2 of 2');
  await expect(view.getByRole('heading', { name: 'En Route to Customer' })).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText('✓ Delivered');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Current');
  await expect.poll(async () => (await db.select().from(orderStops).where(eq(orderStops.id, stops[0].id)))[0].status).toBe('delivered');
  expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('on_way_to_customer');
});
