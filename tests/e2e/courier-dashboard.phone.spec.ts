/** The courier dashboard and order preview on a phone (issue 5): lists, cards, documents, accept, decline, cancel, go online. */
import { eq } from 'drizzle-orm';
import { getEvents } from '../../src/db/orders/read';
import { orders } from '../../src/db/schema';
import { dayIn } from '../../src/domain/time';
import { insertOrder, insertServiceArea, insertSignableCourier, insertZone } from '../support/factories';
import { insertHeldOrder, insertPharmacyOrder } from '../support/courier';
import { BISTRO_POSITION, openDashboard, signInNewCourier, standAt, toast } from './courier';
import { request } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('empty lists say so', async ({ page, db }) => {
  // A zone of its own: no offers from other tests.
  const zone = await insertZone(db);
  await signInNewCourier(page, db, { zoneId: zone.id });
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'Available Orders (0)' })).toBeVisible();
  await expect(page.getByText('No available orders at the moment')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Orders (0)' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('No Active Orders')).toBeVisible();
});

test('a card shows the courier’s pay, pickup date and times, the status and the drop-off', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  const pickup = Date.UTC(2030, 4, 17, 16, 30);
  await insertHeldOrder(db, courier.id, 'assigned', {
    pickupTime: pickup,
    deliveryTime: pickup + HOUR,
    deliveryFeeCents: 3000,
    tipCents: 750,
    customerAddress: '3001 W Kennedy Blvd, Tampa, Florida, 33609',
  });
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'Your Orders (1)' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Harbor Bistro' }).filter({ hasText: 'Kennedy' });
  // The courier's pay leads (C24): $35.00 of which $7.50 tip, not the business's $30.00 fee + $7.50 tip.
  await expect(card.getByLabel('Your pay $35.00')).toBeVisible();
  await expect(card).toContainText('$27.50 + $7.50 tip');
  await expect(card).not.toContainText('$37.50');
  await expect(card).toContainText('May 17, 2030');
  await expect(card).toContainText('Assigned');
  await expect(card).toContainText('615 Channelside Dr, Tampa, FL 33602');
  await expect(card).toContainText(/Pick-Up: \d{1,2}:30 (AM|PM)/);
  await expect(card).toContainText('Delivery Address: 3001 W Kennedy Blvd, Tampa, Florida, 33609');
  await expect(card).toContainText(/Drop-Off: \d{1,2}:30 (AM|PM)/);
  await expect(card.getByRole('button', { name: 'View Details' })).toBeVisible();
});

test('with an expired document: the alert, and the documents message instead of the lists', async ({ page }) => {
  await signIn(page, 'courier5');
  await openDashboard(page);
  const alert = page.getByRole('alert').filter({ hasText: 'Documents Expired!' });
  await expect(alert).toContainText('Your insurance has expired. Please update it in your profile.');
  await expect(alert).toContainText('You cannot receive or complete orders until you update your documents.');
  await expect(alert.getByRole('link', { name: 'Update Documents' })).toHaveAttribute('href', '/courier/profile');
  await expect(page.getByText('Please check your documents in your profile. Some documents may have expired.')).toHaveCount(2);
});

test('a licence expiring soon is announced with the days left', async ({ page, db }) => {
  await signInNewCourier(page, db, { driversLicenseExpiry: dayIn('America/New_York', Date.now() + 12 * 24 * HOUR) });
  await openDashboard(page);
  const alert = page.getByRole('status').filter({ hasText: 'Documents Expiring Soon' });
  await expect(alert).toContainText("Your driver's license will expire in 12 days.");
  await expect(alert).toContainText('Please update your documents before they expire to continue receiving orders.');
});

/** A courier signed in on the page, in a zone of its own with a business whose offers reach only them (and no one else's reach them). */
async function courierWithOffers(page: import('@playwright/test').Page, db: import('../../src/db/client').Db, customerType?: 'restaurant' | 'pharmacy') {
  const area = await insertServiceArea(db, { customerType });
  await signIn(page, area.courier.username);
  return area;
}

test('the preview of an offer, and declining it', async ({ page, db }) => {
  const { business } = await courierWithOffers(page, db);
  const tag = unique();
  const offer = await insertOrder(db, {
    business: business.username,
    status: 'pending_courier',
    customerAddress: `${tag} W Platt St, Tampa, Florida, 33606`,
    customerCompany: 'Westshore Dental',
    deliveryInstructions: 'Use the side door',
    tipCents: 1000,
    courierPayCents: 3800,
  });
  await openDashboard(page);
  await page.getByRole('article').filter({ hasText: tag }).getByRole('button', { name: 'View Details' }).click();
  const view = page.getByRole('dialog');
  // It leads with what the courier earns (C24), not the business's fee + tip, with the breakdown beside it.
  expect(offer.deliveryFeeCents + 1000).not.toBe(3800);
  await expect(view.getByLabel('Your pay $38.00')).toBeVisible();
  await expect(view.getByText('$28.00 + $10.00 tip')).toBeVisible();
  await expect(view.getByText('Westshore Dental')).toBeVisible();
  await expect(view.getByText('Instructions: Use the side door')).toBeVisible();
  await expect(view.getByRole('img', { name: new RegExp(`^Route map: pickup at ${business.restaurant.name}, one drop-off, \\d+\\.\\d mi$`) })).toBeVisible();
  await expect(view.getByText('Estimated Earnings')).toBeVisible();
  await expect(view.locator('dd').filter({ hasText: '$38.00' })).toBeVisible();
  await expect(view.getByText('Estimated Distance')).toBeVisible();
  await view.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(page)).toContainText('Order rejected successfully');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('article').filter({ hasText: tag })).toHaveCount(0);
});

test('an accept whose reply is lost in a dead zone is shown as accepted, as the server holds it (issue 27)', async ({ page, db }) => {
  const { business } = await courierWithOffers(page, db);
  const tag = unique();
  const offer = await insertOrder(db, {
    business: business.username,
    status: 'pending_courier',
    customerAddress: `${tag} Bayshore Blvd, Tampa, Florida, 33606`,
  });
  await openDashboard(page);
  await page.getByRole('article').filter({ hasText: tag }).getByRole('button', { name: 'View Details' }).click();
  // The request reaches the server; its answer never reaches the phone.
  await page.route(`**/api/orders/${offer.id}/courier-response`, async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page)).toContainText('Order accepted successfully');
  await expect(page.locator('.toast').filter({ hasText: 'Failed to accept order' })).toHaveCount(0);
  expect((await db.select().from(orders).where(eq(orders.id, offer.id)))[0].status).toBe('courier_confirmed');
});

test('accepting an offer someone else just took says so', async ({ page, db }) => {
  const { zone, business } = await courierWithOffers(page, db);
  const tag = unique();
  const offer = await insertOrder(db, {
    business: business.username,
    status: 'pending_courier',
    customerAddress: `${tag} N Franklin St, Tampa, Florida, 33602`,
  });
  await openDashboard(page);
  await page.getByRole('article').filter({ hasText: tag }).getByRole('button', { name: 'View Details' }).click();
  // Another courier accepts it first.
  const rival = await request.newContext({ baseURL: process.env.TEST_BASE_URL });
  await rival.post('/api/login', { data: { username: (await insertSignableCourier(db, { zoneId: zone.id })).username, password: 'demo1234' } });
  expect((await rival.post(`/api/orders/${offer.id}/courier-response`, { data: { action: 'accept' } })).status()).toBe(200);
  await rival.dispose();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page)).toContainText('Error');
  await expect(toast(page)).toContainText('Another courier accepted this order first.');
});

test('a multi-stop offer lists its stops', async ({ page, db }) => {
  const { business } = await courierWithOffers(page, db, 'pharmacy');
  const tag = unique();
  await insertPharmacyOrder(db, { business: business.username, status: 'pending_courier', customerAddress: `${tag} Bayshore Blvd, Tampa, FL 33606` });
  await openDashboard(page);
  await page.getByRole('article').filter({ hasText: tag }).getByRole('button', { name: 'View Details' }).click();
  const stops = page.getByRole('dialog').getByRole('region', { name: 'Delivery Stops (3)' });
  await expect(stops.getByRole('listitem')).toHaveCount(3);
  await expect(stops).toContainText('Recipient 1');
  await expect(stops).toContainText('Instructions: Leave at the door');
  await expect(
    page
      .getByRole('dialog')
      .getByText(/6\.4 mi \(multi-stop\)/)
      .first(),
  ).toBeVisible();
});

test('cancelling a confirmed order under 2 hours before pickup asks to accept the $30 fee', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'courier_confirmed', { pickupTime: Date.now() + 3 * HOUR });
  await openDashboard(page);
  await page.getByRole('article').filter({ hasText: 'Confirmed by Courier' }).getByRole('button', { name: 'View Details' }).click();
  const view = page.getByRole('dialog');
  await expect(view.getByText('Orders cancelled less than 2 hours before pickup will incur a $30 fee')).toBeVisible();
  // Pickup is now under 2 hours away.
  await db
    .update(orders)
    .set({ pickupTime: Date.now() + HOUR })
    .where(eq(orders.id, order.id));
  await page.reload();
  await view.getByRole('button', { name: 'Cancel Order' }).click();
  const warning = page.getByRole('dialog', { name: 'Cancel Order Warning' });
  await expect(warning).toContainText('Cancelling less than 2 hours before pickup time means a $30 fee will be charged.');
  await warning.getByRole('button', { name: 'Keep Order' }).click();
  await expect(warning).toBeHidden();
  await view.getByRole('button', { name: 'Cancel Order' }).click();
  await warning.getByRole('button', { name: 'Cancel & Accept Fee' }).click();
  await expect(toast(page)).toContainText('Order rejected successfully');
  const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
  expect(stored).toMatchObject({ status: 'courier_rejected', courierId: null });
  expect((await getEvents(db, order.id)).at(-1)?.detail).toBe('Late cancellation fee $30.00');
});

test('cancelling 2 hours or more before pickup needs no warning', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'courier_confirmed', { pickupTime: Date.now() + 4 * HOUR });
  await page.goto(`/courier/dashboard?order=${order.id}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Order' }).click();
  await expect(toast(page)).toContainText('Order rejected successfully');
  expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('courier_rejected');
});

test('an assigned order goes online from its preview and the workflow starts', async ({ page, context, db }) => {
  const { courier } = await signInNewCourier(page, db);
  await standAt(context, BISTRO_POSITION);
  const order = await insertHeldOrder(db, courier.id, 'assigned', { pickupTime: Date.now() + 5 * HOUR });
  await openDashboard(page);
  // Five hours away: no go-online panel yet.
  await expect(page.getByRole('complementary', { name: 'Upcoming Delivery' })).toHaveCount(0);
  await page.getByRole('article').filter({ hasText: 'Assigned' }).getByRole('button', { name: 'View Details' }).click();
  const view = page.getByRole('dialog');
  await expect(view.getByText('Clicking will start your delivery workflow')).toBeVisible();
  await view.getByRole('button', { name: 'Go Online Now' }).click();
  await expect(toast(page)).toContainText('You are online');
  await expect(view.getByRole('heading', { name: 'En Route to Pickup' })).toBeVisible();
  await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('courier_on_way_to_pickup');
  // Back to the list: the card now continues the order, and the heading counts it as active.
  await view.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Your Orders (1) (1 active)' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'On the Way to Restaurant' }).getByRole('button', { name: 'Continue Order' })).toBeVisible();
});

test('the phone back gesture closes the order view', async ({ page, db }) => {
  const { courier } = await signInNewCourier(page, db);
  await insertHeldOrder(db, courier.id, 'assigned', { pickupTime: Date.now() + 5 * HOUR });
  await openDashboard(page);
  await page.getByRole('article').filter({ hasText: 'Assigned' }).getByRole('button', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\?order=\d+$/);
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/courier\/dashboard$/);
});
