/**
 * The business dashboard in the browser (spec 2-business-area.md §2.4–2.5): the cards, the active orders,
 * and the details dialog that re-reads the order every 3 s, with photos from storage,
 * the pharmacy delivery timeline and the courier.
 */
import { eq } from 'drizzle-orm';
import { orders, orderStops, restaurantOrderTotals } from '../../src/db/schema';
import { formatUsd } from '../../src/domain/money';
import { insertBusiness, insertCourier, insertOrder } from '../support/factories';
import { servePhotos } from './business-photos';
import { expect, signIn, test } from './fixtures';

test('the cards show the business’s own totals and update as orders change', async ({ page, db, business }) => {
  // A new business has no totals row until its first order: all figures are zero.
  const [totals = { activeCount: 0, ordersCount: 0, completedAmountCents: 0, completedCount: 0, completedDeliveryFeeCents: 0, completedTipCents: 0 }] = await db
    .select()
    .from(restaurantOrderTotals)
    .where(eq(restaurantOrderTotals.restaurantId, business.restaurant.id));
  await signIn(page, business.username);
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Business' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  const active = page.getByRole('region', { name: 'Active Orders' });
  await expect(active).toContainText(`${totals.activeCount}Out of ${totals.ordersCount} total orders`);
  const revenue = page.getByRole('region', { name: 'Delivered Orders Revenue' });
  await expect(revenue).toContainText(formatUsd(totals.completedAmountCents));
  await expect(revenue).toContainText(`${totals.completedCount} completed orders`);
  await expect(revenue).toContainText(`Service fees${formatUsd(totals.completedDeliveryFeeCents)}`);
  await expect(revenue).toContainText(`Tips${formatUsd(totals.completedTipCents)}`);
  await expect(revenue).toContainText(`Total payment to platform${formatUsd(totals.completedDeliveryFeeCents + totals.completedTipCents)}`);
  await expect(page.getByRole('link', { name: 'Create New Order' })).toHaveAttribute('href', '/restaurant/create-order');

  // A new order arrives: both regions pick it up on their next poll, without a reload.
  const order = await insertOrder(db, { business: business.username, customerName: 'Polled In' });
  await expect(page.getByRole('listitem').filter({ hasText: `Order #${order.orderNumber}` })).toContainText('Polled In', { timeout: 15_000 });
  await expect(active).toContainText(`${totals.activeCount + 1}Out of ${totals.ordersCount + 1} total orders`);
});

test('each active order shows its numbers, status, customer, times, amount and service fee plus tips', async ({ page, db, business }) => {
  const pickupTime = Date.parse('2026-11-21T20:30:00Z');
  const order = await insertOrder(db, {
    business: business.username,
    status: 'courier_confirmed',
    internalOrderNumber: 'HB-SHOWN',
    amountCents: 45000,
    deliveryFeeCents: 4500,
    tipCents: 1250,
    pickupTime,
    deliveryTime: pickupTime + 3_600_000,
  });
  await signIn(page, business.username);
  await page.goto('/restaurant');
  const entry = page.getByRole('listitem').filter({ hasText: `Order #${order.orderNumber}` });
  await expect(entry).toContainText('Internal Order #HB-SHOWN');
  await expect(entry).toContainText('courier confirmed');
  await expect(entry).toContainText('Test Customer · 1201 N Franklin St, Tampa, Florida, 33602');
  await expect(entry).toContainText('Pickup 3:30 PM');
  await expect(entry).toContainText('Delivery 4:30 PM');
  await expect(entry).toContainText('Amount $450.00');
  await expect(entry).toContainText('Service fee + tips $57.50');
});

test('the details dialog re-reads the order every 3 s: status, courier, photos, refresh', async ({ page, db, business }) => {
  const { courier, user } = await insertCourier(db, { vehicleMake: 'Honda', vehicleModel: 'Civic', vehicleYear: '2022', vehicleType: 'suv' });
  const order = await insertOrder(db, {
    business: business.username,
    status: 'assigned',
    courierId: courier.id,
    setupRequired: true,
    requiredVehicleTypes: ['suv', 'truck'],
    courierPayCents: 4000,
  });
  const reads: number[] = [];
  await servePhotos(page);
  page.on('response', (response) => {
    if (response.url().endsWith(`/restaurant/orders/${order.id}/live`)) reads.push(response.status());
  });
  await signIn(page, business.username);
  await page.goto('/restaurant');
  await page.getByRole('button', { name: `Order #${order.orderNumber}: open details` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  await expect(dialog.getByText('Restaurant Order #TEST-1')).toBeVisible();
  const status = dialog.getByRole('region', { name: 'Status' });
  await expect(status).toContainText('assigned');
  await expect(status).toContainText(user.name);
  await expect(status).toContainText(/Created at.*\d{4}/);
  await expect(dialog.getByRole('region', { name: 'Vehicle Requirements' })).toContainText('SUVTruckSetup required at delivery');
  const payment = dialog.getByRole('region', { name: 'Payment Information' });
  await expect(payment).toContainText('Order Amount$150.00');
  await expect(payment).toContainText('Delivery Fee (10%)$30.00');
  await expect(payment).toContainText('Total Service Fee$30.00');
  await expect(payment).toContainText('Courier Pay$40.00');
  await expect(dialog.getByRole('region', { name: 'Restaurant Information' })).toContainText(business.restaurant.name);
  await expect(dialog.getByRole('region', { name: 'Customer Information' })).toContainText('Test Customer');
  await expect(dialog.getByRole('region', { name: 'Courier Information' })).toContainText(`Vehicle InfoHonda Civic (2022)TypeSUV`);
  // Without a maps key the map widget draws P to D with a distance.
  await expect(dialog.getByTestId('static-p-to-d')).toContainText(/\d+\.\d mi/);
  await expect(dialog.getByRole('button', { name: `Edit order #${order.orderNumber}` })).toBeVisible();

  // Unchanged, each re-read costs a 304.
  await expect.poll(() => reads.filter((code) => code === 304).length, { timeout: 10_000 }).toBeGreaterThan(0);

  // The courier delivers while the dialog is open: it shows the delivery and its photos, from storage.
  const delivered = Date.now();
  await db
    .update(orders)
    .set({
      status: 'delivered',
      pickedUpTime: delivered - 1_800_000,
      arrivedAtCustomerTime: delivered,
      deliveryPhotos: [`orders/${order.id}/door.jpg`, `orders/${order.id}/hand.jpg`],
      deliveryNotes: 'Left with reception',
    })
    .where(eq(orders.id, order.id));
  await expect(status).toContainText('delivered', { timeout: 10_000 });
  await expect(status).toContainText('Actual Timeline');
  await expect(dialog.getByRole('button', { name: `Edit order #${order.orderNumber}` })).toHaveCount(0);
  const photos = dialog.getByRole('region', { name: 'Delivery Photos' });
  await expect(photos.getByRole('img', { name: 'Photo 1 of 2' }).first()).toHaveAttribute('src', `/api/photos/orders/${order.id}/door.jpg`);
  await expect(photos).toContainText('Delivery Notes: Left with reception');
  await photos.getByRole('button', { name: 'Photo 2 of 2: click to enlarge' }).click();
  const enlarged = page.getByRole('dialog', { name: 'Photo 2 of 2' });
  await expect(enlarged).toBeVisible();
  await expect(enlarged.getByRole('img', { name: 'Photo 2 of 2' })).toHaveAttribute('src', `/api/photos/orders/${order.id}/hand.jpg`);
  await page.keyboard.press('Escape');
  await expect(enlarged).toBeHidden();
  await expect(photos.getByRole('button', { name: 'Refresh Photos' })).toBeVisible();
});

test('a delivered order without photos says so and is re-read sooner', async ({ page, db, business }) => {
  const order = await insertOrder(db, { business: business.username, status: 'assigned' });
  await signIn(page, business.username);
  await page.goto('/restaurant');
  await page.getByRole('button', { name: `Order #${order.orderNumber}: open details` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
  const photos = dialog.getByRole('region', { name: 'Delivery Photos' });
  await expect(photos).toContainText('No delivery photos available for this order', { timeout: 10_000 });
  await expect(photos).toContainText('Try refreshing if photos should be present');
  await expect(dialog.locator('[data-partial="dialog"]')).toHaveAttribute('data-poll', '2000');
  // From now on it is re-read every 2 s rather than 3 s.
  const reads: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/restaurant/orders/${order.id}/live`)) reads.push(Date.now());
  });
  await expect.poll(() => reads.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  const gaps = reads.slice(1).map((time, index) => time - reads[index]);
  expect(Math.min(...gaps)).toBeLessThan(2_700);
});

test('a pharmacy order shows its route and the pharmacy delivery timeline with photos', async ({ page, db }) => {
  // A pharmacy of its own: the dashboard lists 100 active orders, and the demo pharmacy has more.
  const pharmacy = await insertBusiness(db, { customerType: 'pharmacy' });
  const order = await insertOrder(db, {
    business: pharmacy.username,
    status: 'in_pharmacy_delivery',
    totalDistanceMiles: 9.87,
    calculatedDeliveryFeeCents: 1974,
    deliveryFeeCents: 1974,
    pharmacyPickupPhoto: 'orders/rx/pickup.jpg',
    pharmacyPickupTime: Date.now() - 3_600_000,
  });
  await db.insert(orderStops).values([
    {
      orderId: order.id,
      sequence: 1,
      customerName: 'First Stop',
      customerPhone: '8135550001',
      address: '1 First St',
      status: 'delivered',
      deliveredTime: Date.now() - 600_000,
      deliveryPhoto: 'orders/rx/stop1.jpg',
      deliveryNotes: 'Signed by Ann',
    },
    { orderId: order.id, sequence: 2, customerName: 'Second Stop', customerPhone: '8135550002', address: '2 Second St', status: 'on_way' },
  ]);
  await servePhotos(page);
  await signIn(page, pharmacy.username);
  await page.goto('/restaurant');
  await page.getByRole('button', { name: `Order #${order.orderNumber}: open details` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  const route = dialog.getByRole('region', { name: 'Multi-Stop Delivery Route' });
  await expect(route).toContainText('2 stops');
  await expect(route).toContainText('Total Distance9.87 mi');
  await expect(route).toContainText('Calculated Fee$19.74');
  await expect(route.getByRole('listitem')).toHaveText([/First Stop.*delivered/, /Second Stop.*on way/]);
  await expect(route).toContainText('Estimated Delivery');
  await expect(dialog.getByRole('region', { name: 'Customer Information' })).toHaveCount(0);
  await expect(dialog.getByRole('region', { name: 'Payment Information' })).toContainText('Delivery Fee (9.87 mi)$19.74');
  await expect(dialog.getByTestId('static-p-to-d')).toContainText('9.9 mi (multi-stop)');
  const timeline = dialog.getByRole('region', { name: 'Pharmacy Delivery Timeline' });
  await expect(timeline.getByRole('img', { name: 'Pharmacy Pickup Photo' })).toHaveAttribute('src', '/api/photos/orders/rx/pickup.jpg');
  await expect(timeline).toContainText('Stop 1: First Stop');
  await expect(timeline).toContainText('Signed by Ann');
  await expect(timeline.getByRole('img', { name: 'Stop 1: First Stop' })).toHaveAttribute('src', '/api/photos/orders/rx/stop1.jpg');
  await expect(timeline).toContainText('Stop 2: Second Stop');
});

test('a photo that cannot be loaded shows the placeholder', async ({ page, db, business }) => {
  const order = await insertOrder(db, { business: business.username, status: 'assigned' });
  await page.route('**/api/photos/**', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await signIn(page, business.username);
  await page.goto('/restaurant');
  await page.getByRole('button', { name: `Order #${order.orderNumber}: open details` }).click();
  await db
    .update(orders)
    .set({ status: 'delivered', deliveryPhotos: ['orders/missing.jpg'] })
    .where(eq(orders.id, order.id));
  const dialog = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  await expect(dialog.getByRole('img', { name: 'Photo 1 of 1' }).first()).toHaveAttribute('src', '/photo-placeholder.svg', { timeout: 10_000 });
});

test('a delivered pharmacy order tells the pharmacy story in both detail views', async ({ page, db }) => {
  const at = (minutesAgo: number) => Date.now() - minutesAgo * 60_000;
  // As the server stamps a pharmacy route: restaurant milestones included (setupCompleteTime at delivery).
  const order = await insertOrder(db, {
    business: 'pharmacy',
    status: 'delivered',
    totalDistanceMiles: 7.5,
    deliveryFeeCents: 1500,
    calculatedDeliveryFeeCents: 1500,
    onWayToPickupTime: at(90),
    arrivedAtPickupTime: at(80),
    pickedUpTime: at(75),
    pharmacyPickupTime: at(75),
    pharmacyPickupPhoto: 'orders/rx/story-pickup.jpg',
    onWayToCustomerTime: at(70),
    setupCompleteTime: at(10),
    completedAt: at(10),
  });
  await db.insert(orderStops).values([
    {
      orderId: order.id,
      sequence: 1,
      customerName: 'Ann Story',
      customerPhone: '8135550001',
      address: '1 First St',
      status: 'delivered',
      deliveredTime: at(50),
      deliveryPhoto: 'orders/rx/story-1.jpg',
    },
    {
      orderId: order.id,
      sequence: 2,
      customerName: 'Ben Story',
      customerPhone: '8135550002',
      address: '2 Second St',
      status: 'delivered',
      deliveredTime: at(10),
      deliveryPhoto: 'orders/rx/story-2.jpg',
    },
  ]);
  await servePhotos(page);
  await signIn(page, 'pharmacy');

  // The dashboard's details: delivered when the last stop was, its photos in the pharmacy timeline, no "no photos".
  await page.goto(`/restaurant/orders/${order.id}/live`);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status).toContainText('Actual Timeline');
  await expect(status).not.toContainText('N/A');
  await expect(page.getByRole('region', { name: 'Pharmacy Information' })).toContainText('Bayshore Pharmacy');
  await expect(page.getByRole('region', { name: 'Pharmacy Delivery Timeline' }).getByRole('img')).toHaveCount(3);
  await expect(page.getByText('No delivery photos available for this order')).toHaveCount(0);

  // Orders Management's details: the pharmacy, each stop, all delivered; never "Setup Completed".
  await page.goto(`/restaurant/orders/${order.id}`);
  const timeline = page.getByRole('region', { name: 'Delivery Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveText([
    /Courier En Route to Pharmacy/,
    /Arrived at Pharmacy/,
    /Picked Up from Pharmacy/,
    /En Route to the Stops/,
    /Stop 1 Delivered: Ann Story/,
    /Stop 2 Delivered: Ben Story/,
    /All Stops Delivered/,
  ]);
  await expect(timeline).not.toContainText('Setup Completed');
  await expect(page.getByRole('region', { name: 'Delivery Photos' })).toContainText('Delivery Photos by Stop');
  await expect(page.getByText('No delivery photos available for this order')).toHaveCount(0);
});
