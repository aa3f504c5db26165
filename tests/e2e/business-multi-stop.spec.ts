/**
 * The pharmacy's multi-stop form in the browser (spec 2-business-area.md §2.12–2.13, §4.5): pharmacy
 * builds a 4-stop route from its past addresses, reorders it in the route modal and in
 * the form, sees the fee change, creates the order and finds its stops in order.
 */
import type { Locator, Page } from '@playwright/test';
import { asc, eq } from 'drizzle-orm';
import { orders, orderStops } from '../../src/db/schema';
import { distanceDeliveryFee, roundMiles } from '../../src/domain/fees';
import { estimatedRoadMiles } from '../../src/domain/geo';
import { insertBusiness, insertOrder } from '../support/factories';
import { expect, islandsHydrated, signIn, test } from './fixtures';

/** Four places a pharmacy delivered to before (the demo pharmacy did), with the coordinates stored for them. */
const PLACES = [
  { search: 'Franklin', name: 'Ann Franklin', address: '1201 N Franklin St, Tampa, Florida, 33602', lat: 27.956, lng: -82.459 },
  { search: 'Kennedy', name: 'Ben Kennedy', address: '3001 W Kennedy Blvd, Tampa, Florida, 33609', lat: 27.9445, lng: -82.4903 },
  { search: 'Boy Scout', name: 'Cat Scout', address: '4202 W Boy Scout Blvd, Tampa, Florida, 33607', lat: 27.962, lng: -82.518 },
  { search: 'Platt', name: 'Dan Platt', address: '2102 W Platt St, Tampa, Florida, 33606', lat: 27.942, lng: -82.481 },
];

async function openForm(page: Page, username = 'pharmacy') {
  await signIn(page, username);
  await page.goto('/restaurant/create-order');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Multi-Stop Order' })).toBeVisible();
  await islandsHydrated(page);
  return page.getByRole('form', { name: 'Create Multi-Stop Order' });
}

const stopCard = (form: Locator, n: number) => form.getByRole('article', { name: `Stop ${n}` });

async function fillStop(page: Page, form: Locator, n: number, place: (typeof PLACES)[number]) {
  const card = stopCard(form, n);
  await card.getByLabel('Customer Name').fill(place.name);
  await card.getByLabel('Phone Number').fill(`81355510${n}0`);
  await card.getByRole('combobox', { name: 'Delivery Address' }).fill(place.search);
  await page.getByRole('option', { name: new RegExp(place.address) }).click();
  // No maps service here: the field is the street, and the other parts are filled in beside it.
  await expect(card.getByRole('combobox', { name: 'Delivery Address' })).toHaveValue(place.address.split(',')[0]);
  await expect(card.getByLabel('ZIP Code')).toHaveValue(place.address.split(', ').at(-1)!);
}

/** The distance and fee the server computes for the stops in this order (no maps key: the estimate). */
function expectedRoute(pharmacy: { latitude: number | null; longitude: number | null }, stops: typeof PLACES) {
  const miles = roundMiles(
    estimatedRoadMiles([{ lat: pharmacy.latitude!, lng: pharmacy.longitude! }, ...stops.map((stop) => ({ lat: stop.lat, lng: stop.lng }))]),
  );
  return { miles: miles.toFixed(2), fee: (distanceDeliveryFee(miles) / 100).toFixed(2) };
}

async function closeRouteModal(page: Page) {
  const modal = page.getByRole('dialog', { name: 'Delivery Route' });
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
}

async function dragHandle(page: Page, from: Locator, to: Locator) {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  // More than 8 px before the drag starts, then on to the target in small steps.
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 12, { steps: 4 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 - 4, { steps: 12 });
  await page.mouse.up();
}

test('a pharmacy builds a 4-stop route, reorders it, sees the fee change, creates the order and sees its stops in order', async ({ page, db }) => {
  // A pharmacy of its own (its dashboard lists 100 active orders; the demo pharmacy has more), which delivered to the four places before.
  const { username, restaurant: pharmacy } = await insertBusiness(db, { customerType: 'pharmacy' });
  const [place] = PLACES;
  const before = await insertOrder(db, {
    business: username,
    status: 'delivered',
    customerAddress: place.address,
    customerLatitude: place.lat,
    customerLongitude: place.lng,
  });
  await db.insert(orderStops).values(
    PLACES.map((place, index) => ({
      orderId: before.id,
      sequence: index + 1,
      customerName: place.name,
      customerPhone: '8135550100',
      address: place.address,
      latitude: place.lat,
      longitude: place.lng,
      status: 'delivered' as const,
    })),
  );
  const form = await openForm(page, username);
  await expect(form.getByLabel('Pharmacy Name')).toHaveValue(pharmacy.name);
  await expect(form.getByLabel('Pickup Address')).toHaveValue(pharmacy.address);
  const create = form.getByRole('button', { name: 'Create Multi-Stop Order' });
  await expect(create).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Remove stop 1' })).toHaveCount(0);

  await form.getByRole('button', { name: 'Calculate Route & Delivery Fee' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter addresses for all delivery stops' })).toBeVisible();

  const internal = `RX-E2E-${Date.now()}`;
  await form.getByLabel('Internal Order Number').fill(internal);
  await form.getByLabel('Order Amount').fill('180');
  await form.getByLabel('Customer Tip').fill('5');
  await fillStop(page, form, 1, PLACES[0]);
  for (let n = 2; n <= 4; n++) {
    await form.getByRole('button', { name: 'Add Stop' }).click();
    await fillStop(page, form, n, PLACES[n - 1]);
  }
  await expect(form.getByRole('heading', { name: 'Delivery Stops (4)' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Remove stop 1' })).toBeVisible();

  // Calculate: the toast, the figures, and the route modal.
  const first = expectedRoute(pharmacy, PLACES);
  await form.getByRole('button', { name: 'Calculate Route & Delivery Fee' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Route Calculated' })).toContainText(`Distance: ${first.miles} miles | Fee: $${first.fee}`);
  const modal = page.getByRole('dialog', { name: 'Delivery Route' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('paragraph').filter({ hasText: 'Pharmacy (Pickup)' })).toBeVisible();
  await expect(modal.getByTestId('modal-distance')).toHaveText(`${first.miles} mi`);
  await expect(modal.getByTestId('modal-fee')).toHaveText(`$${first.fee}`);
  await expect(modal.getByText('Total Stops')).toBeVisible();
  // No maps key here: the route is drawn to scale, pharmacy and four numbered stops.
  await expect(modal.getByTestId('static-route-map')).toBeVisible();
  await expect(modal.getByRole('img', { name: 'Route from the pharmacy through 4 stops' })).toBeVisible();

  // Drag stop 4 to the top of the route list: it recalculates at once.
  const routeList = modal.getByRole('list', { name: 'Route stops' });
  await dragHandle(page, routeList.getByRole('button', { name: /^Move Stop 4/ }), routeList.getByRole('button', { name: /^Move Stop 1/ }));
  const reordered = [PLACES[3], PLACES[0], PLACES[1], PLACES[2]];
  const second = expectedRoute(pharmacy, reordered);
  expect(second.fee).not.toBe(first.fee);
  await expect(modal.getByTestId('modal-fee')).toHaveText(`$${second.fee}`);
  await expect(modal.getByTestId('modal-distance')).toHaveText(`${second.miles} mi`);
  await expect(routeList.getByRole('listitem').first()).toContainText('Dan Platt');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(form.getByTestId('route-fee')).toHaveText(`$${second.fee}`);
  await expect(stopCard(form, 1).getByLabel('Customer Name')).toHaveValue('Dan Platt');
  await expect(create).toBeEnabled();

  // Reordering in the form with the keyboard discards the route.
  const handle = form.getByRole('button', { name: 'Drag to reorder stop 1' });
  await handle.focus();
  // Space picks the stop up, ArrowDown moves it one place, Space drops it (each step is announced).
  await page.keyboard.press('Space');
  await expect(page.getByText('Stop 1, Dan Platt is over position 1 of 4.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Stop 1, Dan Platt is over position 2 of 4.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Order Updated' })).toContainText('Delivery stop order changed. Please recalculate route.');
  await expect(stopCard(form, 2).getByLabel('Customer Name')).toHaveValue('Dan Platt');
  await expect(create).toBeDisabled();
  await expect(form.getByTestId('route-fee')).toHaveCount(0);

  const final = [PLACES[0], PLACES[3], PLACES[1], PLACES[2]];
  const third = expectedRoute(pharmacy, final);
  await form.getByRole('button', { name: 'Calculate Route & Delivery Fee' }).click();
  await expect(page.getByRole('dialog', { name: 'Delivery Route' }).getByTestId('modal-fee')).toHaveText(`$${third.fee}`);
  await closeRouteModal(page);
  await create.click();
  await expect(page.getByRole('status').filter({ hasText: 'Multi-stop order created with 4 delivery stops!' })).toContainText('Success');
  await expect(page).toHaveURL('/restaurant');

  const [order] = await db.select().from(orders).where(eq(orders.internalOrderNumber, internal));
  expect(order).toMatchObject({
    totalDistanceMiles: Number(third.miles),
    deliveryFeeCents: Math.round(Number(third.fee) * 100),
    customerName: 'Ann Franklin',
    tipCents: 500,
  });
  const stops = await db.select().from(orderStops).where(eq(orderStops.orderId, order.id)).orderBy(asc(orderStops.sequence));
  expect(stops.map((stop) => stop.customerName)).toEqual(final.map((place) => place.name));

  // The order's details list the stops in that order.
  await page.getByRole('button', { name: `Order #${order.orderNumber}: open details` }).click();
  const details = page.getByRole('dialog', { name: `Order #${order.orderNumber}` });
  const route = details.getByRole('region', { name: 'Multi-Stop Delivery Route' });
  await expect(route).toContainText('4 stops');
  await expect(route).toContainText(`${Number(third.miles)} mi`);
  await expect(route.getByRole('listitem')).toHaveText(final.map((place) => new RegExp(place.name)));
  await expect(details.getByRole('region', { name: 'Payment Information' })).toContainText(`Delivery Fee (${Number(third.miles)} mi)`);
});

test('any change to the stops discards the route, and the form says what is missing', async ({ page }) => {
  const form = await openForm(page);
  await fillStop(page, form, 1, PLACES[0]);
  await form.getByRole('button', { name: 'Add Stop' }).click();
  await stopCard(form, 2).getByRole('combobox', { name: 'Delivery Address' }).fill(PLACES[1].search);
  await page.getByRole('option', { name: new RegExp(PLACES[1].address) }).click();

  const calculate = form.getByRole('button', { name: 'Calculate Route & Delivery Fee' });
  const create = form.getByRole('button', { name: 'Create Multi-Stop Order' });
  await calculate.click();
  await closeRouteModal(page);
  await expect(create).toBeEnabled();

  // Order fields missing.
  await create.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all required order fields' })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();

  // Stop 2 has no name or phone and stop 1 is typed over with an address nothing can place (no ZIP, no geocoder).
  await form.getByLabel('Internal Order Number').fill('RX-INVALID');
  await form.getByLabel('Order Amount').fill('20');
  await stopCard(form, 1).getByRole('combobox', { name: 'Delivery Address' }).fill('somewhere typed');
  await expect(create).toBeDisabled();
  await stopCard(form, 1).getByLabel('ZIP Code').fill('');
  await calculate.click();
  await expect(page.getByRole('alert').filter({ hasText: /Failed to calculate route: .*stop 1/i })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await stopCard(form, 1).getByRole('combobox', { name: 'Delivery Address' }).fill(PLACES[0].search);
  await page.getByRole('option', { name: new RegExp(PLACES[0].address) }).click();
  await stopCard(form, 1).getByLabel('Customer Name').fill('');
  await calculate.click();
  await closeRouteModal(page);
  await create.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please add at least one valid delivery stop' })).toBeVisible();

  // Removing a stop discards the route too.
  await form.getByRole('button', { name: 'Remove stop 2' }).click();
  await expect(create).toBeDisabled();
  await expect(form.getByRole('heading', { name: 'Delivery Stops (1)' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Remove stop 1' })).toHaveCount(0);
});
