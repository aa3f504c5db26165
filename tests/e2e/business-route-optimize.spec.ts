/**
 * "Optimize order" in the pharmacy's multi-stop form and route modal (issue 18): the cards
 * take the best order, the saving shows and is announced, a manual change discards the
 * route, and the order is created in the optimized sequence.
 */
import type { Locator, Page } from '@playwright/test';
import { asc, eq } from 'drizzle-orm';
import { orders, orderStops } from '../../src/db/schema';
import { distanceDeliveryFee, roundMiles } from '../../src/domain/fees';
import { formatUsd } from '../../src/domain/money';
import { evaluateOrder } from '../../src/domain/routeOptimizer';
import { estimatedMatrix, milesText } from '../../src/domain/routePlan';
import { businessOf } from '../support/business';
import { bruteForce } from '../support/routes';
import { expect, islandsHydrated, signIn, test } from './fixtures';

test.use({ timezoneId: 'America/New_York' });

/** Places the pharmacy delivered to before (demo data), in an order that zigzags across town. */
const PLACES = [
  { search: 'Neptune', name: 'Ava Neptune', address: '3802 Neptune St, Tampa, Florida, 33629', lat: 27.928, lng: -82.505 },
  { search: '7th Ave', name: 'Ben Ybor', address: '1910 E 7th Ave, Tampa, Florida, 33605', lat: 27.9605, lng: -82.436 },
  { search: 'Boy Scout', name: 'Cy Scout', address: '4202 W Boy Scout Blvd, Tampa, Florida, 33607', lat: 27.962, lng: -82.518 },
  { search: 'Franklin', name: 'Di Franklin', address: '1201 N Franklin St, Tampa, Florida, 33602', lat: 27.956, lng: -82.459 },
  { search: 'Kennedy', name: 'Ed Kennedy', address: '3001 W Kennedy Blvd, Tampa, Florida, 33609', lat: 27.9445, lng: -82.4903 },
];

const stopCard = (form: Locator, n: number) => form.getByRole('article', { name: `Stop ${n}` });

async function fillStops(page: Page, form: Locator) {
  for (const [index, place] of PLACES.entries()) {
    if (index > 0) await form.getByRole('button', { name: 'Add Stop' }).click();
    const card = stopCard(form, index + 1);
    await card.getByLabel('Customer Name').fill(place.name);
    await card.getByLabel('Phone Number').fill(`81355520${index}0`);
    await card.getByRole('combobox', { name: 'Delivery Address' }).fill(place.search);
    await page.getByRole('option', { name: new RegExp(place.address) }).click();
  }
}

test('the pharmacy optimizes its route: the cards reorder, the saving shows, and the order keeps the new sequence', async ({ page, db }) => {
  const pharmacy = await businessOf(db, 'pharmacy');
  const origin = { lat: pharmacy.latitude!, lng: pharmacy.longitude! };
  const problem = { matrix: estimatedMatrix([origin, ...PLACES]) };
  const best = bruteForce(problem);
  const given = evaluateOrder(
    problem,
    PLACES.map((_, index) => index),
  );
  const bestMiles = roundMiles(best.miles);
  const savedMiles = roundMiles(roundMiles(given.miles) - bestMiles);
  const savedCents = distanceDeliveryFee(roundMiles(given.miles)) - distanceDeliveryFee(bestMiles);
  const optimizedNames = best.order.map((index) => PLACES[index].name);
  expect(optimizedNames).not.toEqual(PLACES.map((place) => place.name));

  await signIn(page, 'pharmacy');
  await page.goto('/restaurant/create-order');
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create Multi-Stop Order' });
  const internal = `RX-OPT-${Date.now()}`;
  await form.getByLabel('Internal Order Number').fill(internal);
  await form.getByLabel('Order Amount').fill('150');
  await fillStops(page, form);

  // Optimize in the form: the route modal opens on the best order, with what it saves.
  await form.getByRole('button', { name: 'Optimize order' }).click();
  const modal = page.getByRole('dialog', { name: 'Delivery Route' });
  await expect(modal.getByTestId('modal-distance')).toHaveText(`${bestMiles.toFixed(2)} mi`);
  await expect(modal.getByTestId('modal-fee')).toHaveText(`$${(distanceDeliveryFee(bestMiles) / 100).toFixed(2)}`);
  const saving = `Optimized order: \u2212${milesText(savedMiles)}, \u2212${formatUsd(savedCents)}.`;
  await expect(modal.getByTestId('route-saving')).toHaveText(saving);
  await expect(modal.getByRole('list', { name: 'Route stops' }).getByRole('listitem')).toHaveText(optimizedNames.map((name) => new RegExp(name)));
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // The cards took the new order; screen readers hear it.
  for (const [index, name] of optimizedNames.entries()) await expect(stopCard(form, index + 1).getByLabel('Customer Name')).toHaveValue(name);
  await expect(form.getByTestId('route-saving')).toHaveText(saving);
  await expect(form.locator('p[role="status"].sr-only')).toHaveText(
    `${saving} New order: ${optimizedNames.map((name, index) => `Stop ${index + 1}, ${name}`).join('; ')}.`,
  );
  const create = form.getByRole('button', { name: 'Create Multi-Stop Order' });
  await expect(create).toBeEnabled();

  // A manual change discards the route, as any change to the stops does.
  const handle = form.getByRole('button', { name: 'Drag to reorder stop 1' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Stop 1, ${optimizedNames[0]} is over position 1 of 5.`)).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(`Stop 1, ${optimizedNames[0]} is over position 2 of 5.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Order Updated' })).toContainText('Delivery stop order changed. Please recalculate route.');
  await expect(create).toBeDisabled();
  await expect(form.getByTestId('route-saving')).toHaveCount(0);

  // In the route modal: calculate the order as it is, then optimize there.
  await form.getByRole('button', { name: 'Calculate Route & Delivery Fee' }).click();
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('route-saving')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Optimize order' }).click();
  await expect(modal.getByTestId('modal-distance')).toHaveText(`${bestMiles.toFixed(2)} mi`);
  await expect(modal.getByRole('list', { name: 'Route stops' }).getByRole('listitem')).toHaveText(optimizedNames.map((name) => new RegExp(name)));
  await page.keyboard.press('Escape');

  await create.click();
  await expect(page.getByRole('status').filter({ hasText: 'Multi-stop order created with 5 delivery stops!' })).toBeVisible();
  const [order] = await db.select().from(orders).where(eq(orders.internalOrderNumber, internal));
  expect(order).toMatchObject({ totalDistanceMiles: bestMiles, deliveryFeeCents: distanceDeliveryFee(bestMiles) });
  const stops = await db.select().from(orderStops).where(eq(orderStops.orderId, order.id)).orderBy(asc(orderStops.sequence));
  expect(stops.map((stop) => stop.customerName)).toEqual(optimizedNames);
});

test('a stop due early goes first, and a stop that cannot make it is named', async ({ page }) => {
  await signIn(page, 'pharmacy');
  await page.goto('/restaurant/create-order');
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create Multi-Stop Order' });
  await fillStops(page, form);
  const pickup = await form.getByLabel('Pickup Time').inputValue();
  const local = (minutes: number) => {
    const time = new Date(new Date(pickup).getTime() + minutes * 60_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${time.getFullYear()}-${two(time.getMonth() + 1)}-${two(time.getDate())}T${two(time.getHours())}:${two(time.getMinutes())}`;
  };
  // Ben Ybor within 2 minutes of leaving the pharmacy: impossible, whatever the order.
  await stopCard(form, 2).getByLabel('Deliver By (Optional)').fill(local(2));
  await form.getByRole('button', { name: 'Optimize order' }).click();
  const modal = page.getByRole('dialog', { name: 'Delivery Route' });
  await expect(modal.getByRole('list', { name: 'Route stops' }).getByRole('listitem').first()).toContainText('Ben Ybor');
  await expect(
    modal.getByText(/^Stop 1 \(Ben Ybor\) arrives about \d{1,2}:\d{2} (AM|PM), after its deliver-by time of \d{1,2}:\d{2} (AM|PM)\.$/),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(stopCard(form, 1).getByText(/^It arrives about .* after its deliver-by time/)).toBeVisible();
});

test('a stop not to be reached before a time waits its turn: the route meets a stop due sooner first (issue 32)', async ({ page, db }) => {
  const pharmacy = await businessOf(db, 'pharmacy');
  // Ava Neptune is not home until two hours after pickup; Ben Ybor is due within the hour.
  const problem = {
    matrix: estimatedMatrix([{ lat: pharmacy.latitude!, lng: pharmacy.longitude! }, ...PLACES]),
    earliest: [120, null, null, null, null],
    deadlines: [null, 60, null, null, null],
  };
  const best = bruteForce(problem);
  expect(best.lateMinutes).toBe(0);
  expect(best.order.indexOf(1)).toBeLessThan(best.order.indexOf(0));
  // Without Ava's time the best order is another: the window is what decides.
  expect(bruteForce({ ...problem, earliest: undefined }).order).not.toEqual(best.order);

  await signIn(page, 'pharmacy');
  await page.goto('/restaurant/create-order');
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create Multi-Stop Order' });
  await fillStops(page, form);
  const pickup = new Date(await form.getByLabel('Pickup Time').inputValue()).getTime();
  const local = (minutes: number) => {
    const time = new Date(pickup + minutes * 60_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${time.getFullYear()}-${two(time.getMonth() + 1)}-${two(time.getDate())}T${two(time.getHours())}:${two(time.getMinutes())}`;
  };
  await stopCard(form, 1).getByLabel('Deliver After (Optional)').fill(local(120));
  await stopCard(form, 2).getByLabel('Deliver By (Optional)').fill(local(60));
  await form.getByRole('button', { name: 'Optimize order' }).click();
  const modal = page.getByRole('dialog', { name: 'Delivery Route' });
  await expect(modal.getByRole('list', { name: 'Route stops' }).getByRole('listitem')).toHaveText(best.order.map((index) => new RegExp(PLACES[index].name)));
  await expect(modal.getByText(/after its deliver-by time/)).toHaveCount(0);
});
