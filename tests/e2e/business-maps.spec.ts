/**
 * The maps integration code in the browser (spec 2-business-area.md §2.11, §2.13–2.14, §8.4), against a
 * Worker configured with a browser key and a fake google.maps served by the test: the
 * address suggestions, the map widget, the route modal's map, and what happens when the
 * service refuses the key or cannot be loaded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { startWorker, type Running } from '../../scripts/lib/stack';
import { testSources } from '../support/stack';
import { orders } from '../../src/db/schema';
import { insertOrder } from '../support/factories';
import { fakeMapsLog, serveFakeMaps } from './business-fake-maps';
import { DEMO_PASSWORD, expect, islandsHydrated, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

let worker: Running;
let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-maps-browser-'));
  worker = await startWorker({
    persistDir: dir,
    vars: { DATABASE_URL: process.env.TEST_DATABASE_URL!, MAPS_API_KEY: 'fake-browser-key' },
    sourceDir: await testSources(),
  });
});

test.afterAll(async () => {
  await worker?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function signInThere(page: Page, username: string) {
  expect((await page.request.post(`${worker.url}/api/login`, { data: { username, password: DEMO_PASSWORD } })).status()).toBe(200);
}

async function openDetails(page: Page, orderNumber: string) {
  await page.goto(`${worker.url}/restaurant`);
  await page.getByRole('button', { name: `Order #${orderNumber}: open details` }).click();
  return page.getByRole('dialog', { name: `Order #${orderNumber}` });
}

test('address suggestions add the maps service’s US places after past addresses, and a chosen place fills its parts', async ({ page, db, business }) => {
  // A restaurant of its own, whose past addresses are known: one delivery to N Franklin St.
  await insertOrder(db, { business: business.username, status: 'delivered' });
  await serveFakeMaps(page);
  await signInThere(page, business.username);
  await page.goto(`${worker.url}/restaurant/create-order`);
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create New Order' });
  const address = form.getByRole('combobox', { name: 'Address' });
  await address.fill('Main');
  const options = page.getByRole('option');
  await expect(options).toHaveText([/100 Main St, Tampa, FL 33602, USA/, /200 Main Ave, Brandon/]);
  await address.fill('Franklin');
  await expect(options.first()).toContainText('1201 N Franklin St, Tampa, Florida, 33602');
  await expect(options.first()).toContainText('Delivered before');
  await address.fill('100 Main');
  await page.getByRole('option', { name: /100 Main St, Tampa/ }).click();
  await expect(address).toHaveValue('100 Main Street');
  await expect(form.getByLabel('City')).toHaveValue('Tampa');
  await expect(form.getByLabel('State')).toHaveValue('Florida');
  await expect(form.getByLabel('ZIP Code')).toHaveValue('33602');
  const log = await fakeMapsLog(page);
  expect(log!.autocomplete.every((call) => call.includedRegionCodes.join() === 'us')).toBe(true);

  const internal = `HB-MAPS-${Date.now()}`;
  await form.getByLabel('Internal Order Number').fill(internal);
  await form.getByLabel('Customer Name').fill('Maps Customer');
  await form.getByLabel('Phone Number').fill('8135550999');
  await form.getByLabel('Order Amount').fill('75');
  await form.getByRole('button', { name: 'Create Order' }).click();
  await expect(page).toHaveURL(`${worker.url}/restaurant`);
  const [stored] = await db.select().from(orders).where(eq(orders.internalOrderNumber, internal));
  expect(stored).toMatchObject({
    customerAddress: '100 Main Street, Tampa, Florida, 33602',
    customerHouse: '100',
    customerLatitude: 27.9471,
    customerLongitude: -82.4588,
  });
});

test('the map widget draws P and D at zoom 12 with the driving distance and duration', async ({ page, db, business }) => {
  await serveFakeMaps(page);
  const order = await insertOrder(db, { business: business.username, status: 'assigned' });
  await signInThere(page, business.username);
  const dialog = await openDetails(page, order.orderNumber);
  const widget = dialog.locator('[data-map-widget]');
  await expect(widget).toHaveAttribute('data-map-widget', 'map');
  await expect(widget).toContainText('5.0 mi · 14 mins driving');
  const log = (await fakeMapsLog(page))!;
  expect(log.maps.at(-1)!.zoom).toBe(12);
  expect(log.markers.slice(-2).map((marker) => [marker.label, marker.color])).toEqual([
    ['P', '#16a34a'],
    ['D', '#dc2626'],
  ]);
  expect(log.markers.at(-1)!.position).toEqual({ lat: 27.956, lng: -82.459 });
  expect(log.polylines.at(-1)!.path).toHaveLength(3);
});

test('when directions fail the widget draws the straight line and uses its distance', async ({ page, db, business }) => {
  await serveFakeMaps(page);
  await page.addInitScript(() => ((window as unknown as { __fakeDirectionsFail: boolean }).__fakeDirectionsFail = true));
  const order = await insertOrder(db, { business: business.username, status: 'assigned' });
  await signInThere(page, business.username);
  const dialog = await openDetails(page, order.orderNumber);
  const widget = dialog.locator('[data-map-widget]');
  await expect(widget).toHaveAttribute('data-map-widget', 'map');
  // Harbor Bistro to 1201 N Franklin St is about 1.1 miles in a straight line.
  await expect(widget).toContainText(/\D1\.\d mi$/);
  await expect(widget).not.toContainText('driving');
  const log = (await fakeMapsLog(page))!;
  expect(log.polylines.at(-1)!.path).toHaveLength(2);
});

test('an address without coordinates is geocoded with the default city and state appended', async ({ page, db, business }) => {
  await serveFakeMaps(page);
  const order = await insertOrder(db, {
    business: business.username,
    status: 'assigned',
    customerAddress: '77 Unplaced Rd',
    customerLatitude: null,
    customerLongitude: null,
  });
  await signInThere(page, business.username);
  const dialog = await openDetails(page, order.orderNumber);
  await expect(dialog.locator('[data-map-widget]')).toHaveAttribute('data-map-widget', 'map');
  expect((await fakeMapsLog(page))!.geocodes).toContain('77 Unplaced Rd, Tampa, Florida');
});

test('a refused key shows that the maps service is not configured, and the static P to D', async ({ page, db, business }) => {
  await serveFakeMaps(page, { authFailure: true });
  const order = await insertOrder(db, { business: business.username, status: 'assigned' });
  await signInThere(page, business.username);
  const dialog = await openDetails(page, order.orderNumber);
  const widget = dialog.locator('[data-map-widget]');
  await expect(widget).toHaveAttribute('data-map-widget', 'failed');
  await expect(widget).toContainText('The maps service is not properly configured');
  await expect(widget).toContainText('billing is enabled');
  await expect(widget.getByTestId('static-p-to-d')).toBeVisible();
});

test('a maps script that cannot load is retried 3 times, then the static P to D is shown', async ({ page, db, business }) => {
  const requests = await serveFakeMaps(page, { unreachable: true });
  const order = await insertOrder(db, { business: business.username, status: 'assigned' });
  await signInThere(page, business.username);
  const dialog = await openDetails(page, order.orderNumber);
  const widget = dialog.locator('[data-map-widget]');
  await expect(widget).toHaveAttribute('data-map-widget', 'failed');
  await expect(widget).toContainText('The maps service could not be loaded.');
  await expect(widget.getByTestId('static-p-to-d')).toContainText(/\d+\.\d mi/);
  expect(requests()).toBe(4);
});

test('the route modal draws the pharmacy, numbered stops and the returned polyline at zoom 11', async ({ page }) => {
  await serveFakeMaps(page);
  await signInThere(page, 'pharmacy');
  await page.goto(`${worker.url}/restaurant/create-order`);
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create Multi-Stop Order' });
  const places = [/1201 N Franklin St/, /3001 W Kennedy Blvd/];
  for (const [index, place] of places.entries()) {
    if (index > 0) await form.getByRole('button', { name: 'Add Stop' }).click();
    await form
      .getByRole('article', { name: `Stop ${index + 1}` })
      .getByRole('combobox', { name: 'Delivery Address' })
      .fill(index === 0 ? 'Franklin' : 'Kennedy');
    await page.getByRole('option', { name: place }).first().click();
  }
  const calculated = page.waitForResponse((response) => response.url().endsWith('/api/routes/calculate'));
  await form.getByRole('button', { name: 'Calculate Route & Delivery Fee' }).click();
  const route = await (await calculated).json();
  const modal = page.getByRole('dialog', { name: 'Delivery Route' });
  await expect(modal.getByTestId('route-map')).toHaveAttribute('data-fake-map', '11');
  const log = (await fakeMapsLog(page))!;
  expect(log.markers.slice(-3).map((marker) => [marker.label, marker.color, marker.title])).toEqual([
    ['P', '#16a34a', 'Pharmacy (Pickup)'],
    ['1', '#dc2626', 'Stop 1'],
    ['2', '#dc2626', 'Stop 2'],
  ]);
  // Without a server key the route is the estimate: straight legs from the pharmacy through the stops.
  const drawn = log.polylines.at(-1)!.path;
  const expected = [route.routeDetails.pickup, ...route.routeDetails.stops] as Array<{ lat: number; lng: number }>;
  expect(drawn).toHaveLength(expected.length);
  drawn.forEach((point, index) => {
    expect(point.lat).toBeCloseTo(expected[index].lat, 4);
    expect(point.lng).toBeCloseTo(expected[index].lng, 4);
  });
});
