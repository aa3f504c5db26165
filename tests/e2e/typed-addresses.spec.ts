/**
 * A business works from its first minute without a maps key (issue 13): an admin creates
 * a café and a pharmacy with typed addresses; the café creates a single order and the
 * pharmacy a 3-stop route from typed addresses. No geocoder is reachable here (the test
 * stack's Census URL is a closed port), so the server places them at their ZIP code's
 * centre and records it; the screens say "approximate location".
 */
import type { Page } from '@playwright/test';
import { asc, eq } from 'drizzle-orm';
import { orders, orderStops, restaurants } from '../../src/db/schema';
import { distanceDeliveryFee, roundMiles } from '../../src/domain/fees';
import { estimatedRoadMiles } from '../../src/domain/geo';
import { expectAccessible } from './axe';
import { insertOrder } from '../support/factories';
import { DEMO_PASSWORD, expect, islandsHydrated, overlaps, signIn, test } from './fixtures';

test.use({ timezoneId: 'America/New_York' });

/** ZIP centres of the dataset `npm run db:migrate` loads (npm zipcodes). */
const CENTRES: Record<string, { lat: number; lng: number }> = {
  '33602': { lat: 27.9614, lng: -82.4597 },
  '33606': { lat: 27.9475, lng: -82.4584 },
  '33609': { lat: 27.9425, lng: -82.5057 },
  '33603': { lat: 27.9845, lng: -82.463 },
};

/** What an admin does for a new customer: the business and its login, its address typed by hand. */
async function newBusiness(page: Page, customerType: 'restaurant' | 'pharmacy', address: string) {
  await signIn(page, 'admin');
  const zones = (await (await page.request.get('/api/zones')).json()) as Array<{ id: number; name: string }>;
  const username = `${customerType === 'pharmacy' ? 'rx' : 'cafe'}${Date.now().toString(36)}`;
  const name = `${customerType === 'pharmacy' ? 'Corner Pharmacy' : 'New Cafe'} ${username}`;
  const response = await page.request.post('/api/restaurants', {
    data: {
      username,
      password: DEMO_PASSWORD,
      zoneId: zones.find((zone) => zone.name === 'Tampa')!.id,
      customerType,
      name,
      address,
      phone: '8135550150',
      contactPersonName: 'Ann Lee',
      contactPersonPosition: 'Owner',
      contactPersonPhone: '8135550151',
      contactPersonEmail: 'ann@example.com',
    },
  });
  expect(response.status()).toBe(201);
  await signIn(page, username);
  return { username, name, id: ((await response.json()) as { id: number }).id };
}

test('a new café creates a single order from a typed address, placed at its ZIP and said to be approximate', async ({ page, db }) => {
  const cafe = await newBusiness(page, 'restaurant', '401 E Jackson St, Tampa, FL 33602');
  const [stored] = await db.select().from(restaurants).where(eq(restaurants.id, cafe.id));
  expect(stored).toMatchObject({ latitude: CENTRES['33602'].lat, longitude: CENTRES['33602'].lng, locationPrecision: 'zip' });

  await page.goto('/restaurant/create-order');
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create New Order' });
  const internal = `NC-${Date.now()}`;
  await form.getByLabel('Internal Order Number').fill(internal);
  await form.getByLabel('Customer Name').fill('Rosa Diaz');
  // What people paste keeps its 10 digits.
  const phone = form.getByLabel('Phone Number');
  await phone.focus();
  await page.keyboard.insertText('+1 (813) 555-9876');
  await expect(phone).toHaveValue('8135559876');
  await phone.fill('(813) 555-9876');
  await expect(phone).toHaveValue('8135559876');

  // Typed parts: City and State start as Tampa and Florida, every part editable.
  await expect(form.locator('[data-address-mode]')).toHaveAttribute('data-address-mode', 'typed');
  await expect(form.getByLabel('City')).toHaveValue('Tampa');
  await expect(form.getByLabel('State')).toHaveValue('Florida');
  await form.getByRole('combobox', { name: 'Address' }).fill('2202 W Kennedy Blvd');
  await form.getByLabel('Apartment/Office (Optional)').fill('12');
  await form.getByLabel('ZIP Code').fill('33606');
  await form.getByLabel('Order Amount').fill('85');
  // The customer's email is optional; one that cannot be an address is pointed out before anything is sent.
  const email = form.getByLabel('Customer Email (Optional)');
  await email.fill('rosa.diaz@example');
  await form.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a valid email address, or leave it empty' })).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('rosa.diaz@example.com');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create Order' }).click();
  const success = page.getByRole('status').filter({ hasText: 'Order created successfully!' });
  await expect(success).toBeVisible();
  // The toast leaves the button it reports on visible (measured at once: the dashboard opens 600 ms later).
  const [toastBox, buttonBox] = await page.evaluate(() =>
    ['.toast', 'form[aria-label="Create New Order"] button[type="submit"]'].map((selector) => {
      const { x, y, width, height } = document.querySelector(selector)!.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
  expect(overlaps(toastBox, buttonBox)).toBe(false);
  await expect(page).toHaveURL('/restaurant');

  const [order] = await db.select().from(orders).where(eq(orders.internalOrderNumber, internal));
  expect(order).toMatchObject({
    customerAddress: '2202 W Kennedy Blvd, Apt 12, Tampa, Florida, 33606',
    customerStreet: '2202 W Kennedy Blvd',
    customerApartment: '12',
    customerZip: '33606',
    customerPhone: '8135559876',
    customerEmail: 'rosa.diaz@example.com',
    customerLatitude: CENTRES['33606'].lat,
    customerLongitude: CENTRES['33606'].lng,
    customerLocationPrecision: 'zip',
  });

  await page.getByRole('button', { name: `Order #${order.orderNumber}: open details` }).click();
  const details = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  await expect(details.getByRole('region', { name: 'Customer Information' })).toContainText('approximate location');
  await expect(details.getByRole('region', { name: 'Customer Information' })).toContainText('rosa.diaz@example.com');
  await expect(details.locator('[data-map-widget]')).toContainText("Placed at its ZIP code's centre (approximate location)");
});

test('a new pharmacy builds, prices and creates a 3-stop route from typed addresses', async ({ page, db }) => {
  const pharmacy = await newBusiness(page, 'pharmacy', '2202 W Kennedy Blvd, Tampa, FL 33606');
  await page.goto('/restaurant/create-order');
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create Multi-Stop Order' });
  const internal = `RX-${Date.now()}`;
  await form.getByLabel('Internal Order Number').fill(internal);
  await form.getByLabel('Order Amount').fill('95');
  const stops = [
    { name: 'Ann Park', phone: '(813) 555-1001', street: '1201 N Franklin St', apartment: '4B', zip: '33602' },
    { name: 'Ben Ode', phone: '+1 813 555 1002', street: '3001 W Kennedy Blvd', apartment: '', zip: '33609', email: 'ben.ode@example.com' },
    { name: 'Cy Moss', phone: '813.555.1003', street: '5110 N Armenia Ave', apartment: '', zip: '33603' },
  ];
  for (const [index, stop] of stops.entries()) {
    if (index > 0) await form.getByRole('button', { name: 'Add Stop' }).click();
    const card = form.getByRole('article', { name: `Stop ${index + 1}` });
    await card.getByLabel('Customer Name').fill(stop.name);
    await card.getByLabel('Phone Number').fill(stop.phone);
    if (stop.email) await card.getByLabel('Customer Email (Optional)').fill(stop.email);
    await card.getByRole('combobox', { name: 'Delivery Address' }).fill(stop.street);
    if (stop.apartment) await card.getByLabel('Apartment/Unit (Optional)').fill(stop.apartment);
    await card.getByLabel('ZIP Code').fill(stop.zip);
  }

  const path = [CENTRES['33606'], ...stops.map((stop) => CENTRES[stop.zip])];
  const miles = roundMiles(estimatedRoadMiles(path));
  const fee = (distanceDeliveryFee(miles) / 100).toFixed(2);
  await form.getByRole('button', { name: 'Calculate Route & Delivery Fee' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Route Calculated' })).toContainText(`Distance: ${miles.toFixed(2)} miles | Fee: $${fee}`);
  const modal = page.getByRole('dialog', { name: 'Delivery Route' });
  await expect(modal.getByTestId('modal-fee')).toHaveText(`$${fee}`);
  await expect(modal).toContainText("Some places are at their ZIP code's centre (approximate location): the distance is approximate.");
  // No tiles reachable: the labelled schematic, P and the numbered stops.
  const schematic = modal.getByRole('img', { name: 'Route from the pharmacy through 3 stops' });
  await expect(schematic).toBeVisible();
  await expect(schematic.locator('[data-marker] text')).toHaveText(['P', '1', '2', '3']);
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(form.getByTestId('route-distance')).toHaveText(`${miles.toFixed(2)} miles (estimated)`);

  await form.getByRole('button', { name: 'Create Multi-Stop Order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Multi-stop order created with 3 delivery stops!' })).toBeVisible();
  await expect(page).toHaveURL('/restaurant');
  const [order] = await db.select().from(orders).where(eq(orders.internalOrderNumber, internal));
  expect(order).toMatchObject({
    restaurantId: pharmacy.id,
    totalDistanceMiles: miles,
    deliveryFeeCents: distanceDeliveryFee(miles),
    customerLocationPrecision: 'zip',
  });
  const stored = await db.select().from(orderStops).where(eq(orderStops.orderId, order.id)).orderBy(asc(orderStops.sequence));
  expect(
    stored.map((stop) => [stop.customerName, stop.customerPhone, stop.customerEmail, stop.address, stop.latitude, stop.longitude, stop.locationPrecision]),
  ).toEqual([
    ['Ann Park', '8135551001', null, '1201 N Franklin St, Apt 4B, Tampa, Florida, 33602', CENTRES['33602'].lat, CENTRES['33602'].lng, 'zip'],
    ['Ben Ode', '8135551002', 'ben.ode@example.com', '3001 W Kennedy Blvd, Tampa, Florida, 33609', CENTRES['33609'].lat, CENTRES['33609'].lng, 'zip'],
    ['Cy Moss', '8135551003', null, '5110 N Armenia Ave, Tampa, Florida, 33603', CENTRES['33603'].lat, CENTRES['33603'].lng, 'zip'],
  ]);
});

test('choosing a past address keeps its apartment', async ({ page, db, business }) => {
  await insertOrder(db, {
    business: business.username,
    customerName: 'Charlotte King',
    customerAddress: '701 S Howard Ave, Apt 210, Tampa, Florida, 33606',
    customerStreet: '701 S Howard Ave',
    customerApartment: '210',
    customerCity: 'Tampa',
    customerState: 'Florida',
    customerZip: '33606',
    customerLatitude: 27.938,
    customerLongitude: -82.483,
  });
  await signIn(page, business.username);
  await page.goto('/restaurant/create-order');
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create New Order' });
  const address = form.getByRole('combobox', { name: 'Address' });
  await address.fill('Howard');
  await page.getByRole('option', { name: /701 S Howard Ave, Apt 210/ }).click();
  await expect(address).toHaveValue('701 S Howard Ave');
  await expect(form.getByLabel('Apartment/Office (Optional)')).toHaveValue('210');
  await expect(form.getByLabel('ZIP Code')).toHaveValue('33606');
  const internal = `HB-APT-${Date.now()}`;
  await form.getByLabel('Internal Order Number').fill(internal);
  await form.getByLabel('Customer Name').fill('Charlotte King');
  await form.getByLabel('Phone Number').fill('8135550109');
  await form.getByLabel('Order Amount').fill('40');
  await form.getByRole('button', { name: 'Create Order' }).click();
  await expect(page).toHaveURL('/restaurant');
  const [order] = await db.select().from(orders).where(eq(orders.internalOrderNumber, internal));
  // The past address's own position came with it.
  expect(order).toMatchObject({
    customerAddress: '701 S Howard Ave, Apt 210, Tampa, Florida, 33606',
    customerApartment: '210',
    customerLatitude: 27.938,
    customerLocationPrecision: 'address',
  });
});
