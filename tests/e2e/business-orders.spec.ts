/**
 * Orders Management in the browser (spec 2-business-area.md §2.6–2.8): tabs with counts, the month and
 * day filter on delivery time, Reset, the summary and table, polling, View Details, and
 * the Edit Order modal.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { orders, orderStops } from '../../src/db/schema';
import { countTabs } from '../../src/domain/orderFilters';
import { BUSINESS_TABS, ORDER_STATUSES, type OrderStatus } from '../../src/domain/orderStatus';
import { dayIn, monthLabel, monthRange } from '../../src/domain/time';
import { serviceMonth, todayAt } from '../support/clock';
import { insertBusiness, insertCourier, insertOrder } from '../support/factories';
import { servePhotos } from './business-photos';
import { expect, islandsHydrated, signIn, test } from './fixtures';

const ZONE = 'America/New_York';
const HOUR = 3_600_000;

/** Delivered later today: in this month's list, and in today's, at any hour. */
const laterToday = () => ({ pickupTime: todayAt(HOUR), deliveryTime: todayAt(2 * HOUR) });

/** The orders page of a business of the test's own: its lists hold the test's orders and nothing else. */
async function openOrders(page: import('@playwright/test').Page, username: string, path = '/restaurant/orders') {
  await signIn(page, username);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeVisible();
  await islandsHydrated(page);
}

test('tabs count the month’s orders by group, and a tab shows only its orders', async ({ page, db, business }) => {
  // One order in each status this month, two completed, and one delivered last month (not counted).
  const { month, start } = serviceMonth();
  for (const status of ORDER_STATUSES) await insertOrder(db, { business: business.username, status, ...laterToday() });
  await insertOrder(db, { business: business.username, status: 'delivered', ...laterToday() });
  await insertOrder(db, { business: business.username, status: 'delivered', pickupTime: start - 2 * HOUR, deliveryTime: start - HOUR });
  const range = monthRange(month, ZONE);
  const rows = await db
    .select({ status: orders.status, count: sql<number>`count(*)` })
    .from(orders)
    .where(and(eq(orders.restaurantId, business.restaurant.id), gte(orders.deliveryTime, range.start), lt(orders.deliveryTime, range.end)))
    .groupBy(orders.status);
  const counts = countTabs(BUSINESS_TABS, Object.fromEntries(rows.map((row) => [row.status, row.count])) as Partial<Record<OrderStatus, number>>);
  expect(counts.all).toBe(ORDER_STATUSES.length + 1);

  await openOrders(page, business.username, '/orders');
  const tabs = page.getByRole('navigation', { name: 'Order status' });
  for (const tab of BUSINESS_TABS) await expect(tabs.getByRole('link', { name: `${tab.label} (${counts[tab.key]})` })).toBeVisible();
  await expect(page.getByText(`Showing ${counts.all} orders for ${monthLabel(month)}`)).toBeVisible();

  await tabs.getByRole('link', { name: /^Completed/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?status=completed&month=${month}$`));
  await expect(page.getByText(`Showing ${counts.completed} orders with status completed for ${monthLabel(month)}`)).toBeVisible();
  await expect(tabs.getByRole('link', { name: /^Completed/ })).toHaveAttribute('aria-current', 'page');
  const statuses = page.getByRole('table').getByRole('row').locator('td:nth-child(8)');
  await expect(statuses).toHaveCount(counts.completed);
  for (const text of await statuses.allTextContents()) expect(text).toBe('Completed');

  await page.goBack();
  await expect(page.getByText(`Showing ${counts.all} orders for ${monthLabel(month)}`)).toBeVisible();
});

test('the date filter works on delivery time: a day, a month, and Reset', async ({ page, db, business }) => {
  const today = dayIn(ZONE);
  // Delivered today at noon New York time, picked up the day before: the day filter finds it by delivery.
  const delivery = Date.parse(`${today}T12:00:00-05:00`);
  const order = await insertOrder(db, { business: business.username, customerName: 'Day Filter', pickupTime: delivery - 26 * HOUR, deliveryTime: delivery });
  await openOrders(page, business.username);
  await page.getByRole('link', { name: /^New/ }).click();
  await expect(page).toHaveURL(/status=new/);
  await islandsHydrated(page);

  await page.getByRole('button', { name: 'Day: none' }).click();
  const calendar = page.getByRole('group', { name: 'Choose a day' });
  await expect(calendar.locator(`[data-day="${today}"]`)).toBeVisible();
  await calendar.locator(`[data-day="${today}"]`).click();
  await expect(page).toHaveURL(new RegExp(`status=new&day=${today}`));
  await expect(page.getByText(/^Showing 1 orders with status new for [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `#${order.orderNumber}` })).toBeVisible();
  await islandsHydrated(page);

  // Choosing a month clears the day; months after this one cannot be chosen.
  await page.getByRole('button', { name: /^Month:/ }).click();
  const months = page.getByRole('group', { name: 'Choose a month' });
  const thisMonth = Number(today.slice(5, 7));
  if (thisMonth < 12) await expect(months.getByRole('button').nth(thisMonth + 2)).toBeDisabled();
  await months.getByRole('button', { name: monthLabel(today.slice(0, 7), 'MMM yyyy').slice(0, 3), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`status=new&month=${today.slice(0, 7)}$`));
  await expect(page.getByRole('button', { name: 'Day: none' })).toBeVisible();
  await islandsHydrated(page);

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/restaurant\/orders$/);
  await expect(page.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`Showing 1 orders for ${monthLabel(today.slice(0, 7))}`, { exact: true })).toBeVisible();
});

test('the table shows each column, completed breakdowns, couriers, and a pulsing missed pickup; new orders appear by polling', async ({
  page,
  db,
  business,
}) => {
  const { courier, user } = await insertCourier(db);
  const own = { business: business.username, ...laterToday() };
  const done = await insertOrder(db, {
    ...own,
    status: 'pharmacy_completed',
    courierId: courier.id,
    internalOrderNumber: 'HB-DONE',
    amountCents: 50000,
    deliveryFeeCents: 5000,
    tipCents: 700,
  });
  const missed = await insertOrder(db, { ...own, status: 'missed_pickup', courierId: courier.id });
  await openOrders(page, business.username);
  const row = page.getByRole('row').filter({ hasText: `#${done.orderNumber}` });
  await expect(row).toContainText('HB-DONE');
  await expect(row).toContainText('Test Customer');
  await expect(row).toContainText('1201 N Franklin St');
  await expect(row).toContainText('$500.00');
  await expect(row).toContainText('$57.00Service fee: $50.00, Tips: $7.00');
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(user.name);
  await expect(row.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  const missedBadge = page
    .getByRole('row')
    .filter({ hasText: `#${missed.orderNumber}` })
    .getByText('missed pickup');
  await expect(missedBadge).toHaveClass(/animate-pulse/);

  const unassigned = await insertOrder(db, { ...own, customerName: 'Arrives While Watching' });
  const fresh = page.getByRole('row').filter({ hasText: `#${unassigned.orderNumber}` });
  await expect(fresh).toContainText('Unassigned', { timeout: 15_000 });
  await expect(fresh.getByRole('button', { name: `Edit order #${unassigned.orderNumber}` })).toBeVisible();
});

test('View Details: items, payment, timeline, photos by number with enlarge, courier and history', async ({ page, db, business }) => {
  await servePhotos(page);
  const { courier, user } = await insertCourier(db, { vehicleMake: 'Ford', vehicleModel: 'Transit', vehicleYear: '2021', vehicleType: 'minivan' });
  const at = Date.now() - 3 * HOUR;
  const order = await insertOrder(db, {
    business: business.username,
    ...laterToday(),
    status: 'delivered',
    courierId: courier.id,
    items: [
      { name: 'Lunch trays', quantity: 2, price: 6000, notes: 'Vegetarian' },
      { name: 'Drinks', quantity: 1, price: 3000 },
    ],
    onWayToPickupTime: at,
    arrivedAtPickupTime: at + 600_000,
    pickedUpTime: at + 900_000,
    onWayToCustomerTime: at + 901_000,
    arrivedAtCustomerTime: at + 2_400_000,
    deliveryPhotos: ['orders/d/one.jpg', 'orders/d/two.jpg'],
    deliveryNotes: 'Handed to front desk',
  });
  await openOrders(page, business.username);
  await page.getByRole('button', { name: `View details of order #${order.orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  await expect(dialog.getByRole('region', { name: 'Status' })).toContainText(/Created at[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/);
  await expect(dialog.getByRole('region', { name: 'Order Items' })).toContainText('Lunch trays x2Vegetarian$60.00');
  await expect(dialog.getByRole('region', { name: 'Payment Information' })).toContainText('Delivery Fee (10%)$30.00');
  const timeline = dialog.getByRole('region', { name: 'Delivery Timeline' });
  for (const step of [
    'Courier En Route to Restaurant',
    'Arrived at Restaurant',
    'Picked Up from Restaurant',
    'En Route to Customer',
    'Delivered to Customer',
  ]) {
    await expect(timeline).toContainText(step);
  }
  await expect(timeline).not.toContainText('Setup Completed');
  const photos = dialog.getByRole('region', { name: 'Delivery Photos' });
  await expect(photos).toContainText('Photo 1 - Click to enlarge');
  await expect(photos.getByRole('img', { name: `Order #${order.orderNumber} - Photo 2 of 2` }).first()).toHaveAttribute('src', '/api/photos/orders/d/two.jpg');
  await photos.getByRole('button', { name: `Order #${order.orderNumber} - Photo 1 of 2: click to enlarge` }).click();
  await expect(page.getByRole('dialog', { name: `Order #${order.orderNumber} - Photo 1 of 2` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(photos).toContainText('Delivery Notes: Handed to front desk');
  await expect(dialog.getByRole('region', { name: 'Courier Information' })).toContainText(`${user.name}`);
  await expect(dialog.getByRole('region', { name: 'Courier Information' })).toContainText('Ford Transit (2021)TypeMinivan');
  await expect(dialog.getByRole('region', { name: 'History' })).toBeVisible();

  // Refresh Photos re-reads the order and shows a photo that arrived since.
  await db
    .update(orders)
    .set({ deliveryPhotos: ['orders/d/one.jpg', 'orders/d/two.jpg', 'orders/d/three.jpg'] })
    .where(eq(orders.id, order.id));
  await photos.getByRole('button', { name: 'Refresh Photos' }).click();
  await expect(dialog.getByRole('img', { name: `Order #${order.orderNumber} - Photo 3 of 3` }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('View Details of a multi-stop order: stops, photos by stop, the distance fee', async ({ page, db }) => {
  await servePhotos(page);
  const pharmacy = await insertBusiness(db, { customerType: 'pharmacy' });
  const own = { business: pharmacy.username, ...laterToday() };
  const order = await insertOrder(db, {
    ...own,
    status: 'delivered',
    totalDistanceMiles: 9.87,
    deliveryFeeCents: 1974,
    pharmacyPickupPhoto: 'orders/p/pickup.jpg',
  });
  await db.insert(orderStops).values([
    {
      orderId: order.id,
      sequence: 1,
      customerName: 'Ann',
      customerPhone: '8135550001',
      address: '1 First St',
      deliveryInstructions: 'Gate code 12',
      status: 'delivered',
      deliveryPhoto: 'orders/p/s1.jpg',
      deliveryNotes: 'Porch',
    },
    {
      orderId: order.id,
      sequence: 2,
      customerName: 'Bob',
      customerPhone: '8135550002',
      address: '2 Second St',
      status: 'delivered',
      deliveryPhoto: 'orders/p/s2.jpg',
    },
  ]);
  const pending = await insertOrder(db, { ...own, status: 'assigned' });
  await openOrders(page, pharmacy.username);
  await page.getByRole('button', { name: `View details of order #${order.orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  await expect(dialog.getByRole('region', { name: 'Payment Information' })).toContainText('Delivery Fee (9.9 mi @ $2/mi)$19.74');
  const stops = dialog.getByRole('region', { name: 'Delivery Stops (2)' });
  await expect(stops).toContainText('Instructions: Gate code 12');
  await expect(stops.getByRole('listitem')).toHaveText([/Ann/, /Bob/]);
  const photos = dialog.getByRole('region', { name: 'Delivery Photos' });
  await expect(photos.getByRole('img', { name: `Order #${order.orderNumber} - Pharmacy Pickup Photo` }).first()).toHaveAttribute(
    'src',
    '/api/photos/orders/p/pickup.jpg',
  );
  await expect(photos).toContainText('Delivery Photos by Stop');
  await expect(photos).toContainText('Stop 1: Ann - 1 First St');
  await expect(photos).toContainText('Porch');
  await expect(photos).toContainText('Stop 2: Bob - 2 Second St');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: `View details of order #${pending.orderNumber}` }).click();
  const other = page.getByRole('dialog', { name: `Order #${pending.orderNumber}` });
  await expect(other.getByRole('region', { name: 'Delivery Photos' })).toContainText('Photos will be available after delivery is completed');
  await expect(other.getByRole('region', { name: 'Courier Information' })).toHaveCount(0);
});

test('the Edit Order modal checks its fields and saves; Edit is offered only while allowed', async ({ page, db, business }) => {
  const own = { business: business.username, ...laterToday() };
  const order = await insertOrder(db, {
    ...own,
    status: 'arrived_at_pickup',
    customerAddress: '9 Bay Dr, #12, Clearwater, FL 33755',
    customerName: 'Before Edit',
    customerEmail: 'before@example.com',
  });
  const routeOrder = await insertOrder(db, { ...own, status: 'new', totalDistanceMiles: 4.2 });
  const late = await insertOrder(db, { ...own, status: 'picked_up' });
  await openOrders(page, business.username);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `#${late.orderNumber}` })
      .getByRole('button', { name: /^Edit/ }),
  ).toHaveCount(0);

  await page.getByRole('button', { name: `Edit order #${order.orderNumber}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit Order #${order.orderNumber}` });
  await islandsHydrated(page);
  await expect(edit.getByLabel('Internal Order Number')).toHaveValue('TEST-1');
  await expect(edit.getByLabel('Address (House Number and Street)')).toHaveValue('9 Bay Dr');
  await expect(edit.getByText('Enter the address in American format: house number first, then street name')).toBeVisible();
  await expect(edit.getByLabel('Apartment/Office')).toHaveValue('#12');
  await expect(edit.getByLabel('City')).toHaveValue('Clearwater');
  await expect(edit.getByLabel('State')).toHaveValue('FL');
  await expect(edit.getByLabel('ZIP Code')).toHaveValue('33755');
  await expect(edit.getByLabel('Setup Required')).toBeVisible();
  await expect(edit.getByLabel('Pickup date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);

  await expect(edit.getByLabel('Customer Email (Optional)')).toHaveValue('before@example.com');

  await edit.getByLabel('Order Amount ($)').fill('');
  await edit.getByLabel('Customer Name').fill('');
  await edit.getByLabel('Customer Email (Optional)').fill('after@');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('Amount must be a valid number')).toBeVisible();
  await expect(edit.getByText('Customer name is required')).toBeVisible();
  await expect(edit.getByText('Enter a valid email address, or leave it empty')).toBeVisible();
  await edit.getByLabel('Customer Email (Optional)').fill('after@example.com');
  await edit.getByLabel('Order Amount ($)').fill('310.5');
  await edit.getByLabel('Customer Name').fill('After Edit');
  await edit.getByLabel('Address (House Number and Street)').fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter the address (house number and street name)' })).toContainText('Address Error');
  await edit.getByLabel('Address (House Number and Street)').fill('12 Bay Dr');
  await edit.getByLabel('State').fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The order has been updated successfully.' })).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `#${order.orderNumber}` })).toContainText('After Edit');
  const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
  // The address moved: the server placed it again (no geocoder answers here: the ZIP's centre).
  expect(stored).toMatchObject({
    customerAddress: '12 Bay Dr, Apt #12, Clearwater, Florida, 33755',
    customerEmail: 'after@example.com',
    amountCents: 31050,
    deliveryFeeCents: 3105,
    customerLatitude: 27.9781,
    customerLocationPrecision: 'zip',
  });

  // A route-priced order has no Setup Required; an order that moved on refuses the save.
  await page.getByRole('button', { name: `Edit order #${routeOrder.orderNumber}` }).click();
  const routeEdit = page.getByRole('dialog', { name: `Edit Order #${routeOrder.orderNumber}` });
  await islandsHydrated(page);
  await expect(routeEdit.getByLabel('Customer Name')).toBeVisible();
  await expect(routeEdit.getByLabel('Setup Required')).toHaveCount(0);
  // A route's customer is its Stop 1: the form says so, and its email is that stop's (B17).
  await expect(routeEdit.getByText("A route's customer is its Stop 1")).toBeVisible();
  await expect(routeEdit.getByLabel('Customer Email (Optional)')).toBeVisible();
  await db.update(orders).set({ status: 'picked_up' }).where(eq(orders.id, routeOrder.id));
  await routeEdit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update the order. Please try again.' })).toContainText('this one is picked up');
  await routeEdit.getByRole('button', { name: 'Cancel' }).click();
  await expect(routeEdit).toBeHidden();
});
