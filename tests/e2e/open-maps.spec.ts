/**
 * Maps without the maps service (issue 13): with a tile server (a fake one started here,
 * MAP_TILES_URL on a second Worker against the same database) the admin GPS map, the
 * route modal and the P→D widget draw Leaflet over its tiles; without one (the main
 * stack: tiles unreachable) each shows its labelled schematic.
 */
import type { Page } from '@playwright/test';
import { insertOrder } from '../support/factories';
import { startTiledWorker, type TiledWorker } from '../support/fakeTiles';
import { expectAccessible } from './axe';
import { DEMO_PASSWORD, expect, islandsHydrated, signIn, test } from './fixtures';

test.use({ timezoneId: 'America/New_York' });
test.describe.configure({ mode: 'serial' });

let tiled: TiledWorker;

test.beforeAll(async () => {
  tiled = await startTiledWorker();
});

test.afterAll(async () => {
  await tiled?.stop();
});

async function signInThere(page: Page, username: string) {
  expect((await page.request.post(`${tiled.url}/api/login`, { data: { username, password: DEMO_PASSWORD } })).status()).toBe(200);
}

/** Reports a courier's position, so the GPS map has someone to show. */
async function report(page: Page, base: string, username: string, latitude: number, longitude: number) {
  const context = await page.context().browser()!.newContext({ baseURL: base });
  await context.request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  await context.request.post('/api/couriers/location', { data: { latitude, longitude } });
  await context.close();
}

test('the GPS map draws tiles from MAP_TILES_URL, with couriers named on it', async ({ page }) => {
  await report(page, tiled.url, 'courier', 27.955, -82.46);
  await signInThere(page, 'admin');
  await page.goto(`${tiled.url}/admin/courier-tracking`);
  const map = page.locator('[data-open-map]');
  await expect(map).toHaveAttribute('data-open-map', 'tiles');
  await expect(page.locator('.leaflet-tile-loaded').filter({ visible: true }).first()).toBeVisible();
  expect(tiled.tiles.requests.some((path) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path))).toBe(true);
  await expect(page.locator('.leaflet-marker-icon .map-pin-name').filter({ hasText: 'Marcus Reed' })).toBeVisible();
  // The schematic stays under the tiles, hidden from sight and from assistive technology.
  await expect(page.getByTestId('schematic-map')).toBeHidden();
  await expect(page.getByText('Карта недоступна')).toHaveCount(0);
  await expectAccessible(page);
});

test('the route modal and the map widget draw tiles too', async ({ page, db }) => {
  await signInThere(page, 'pharmacy');
  await page.goto(`${tiled.url}/restaurant/create-order`);
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create Multi-Stop Order' });
  const card = form.getByRole('article', { name: 'Stop 1' });
  await card.getByRole('combobox', { name: 'Delivery Address' }).fill('Franklin');
  await page.getByRole('option', { name: /1201 N Franklin St/ }).click();
  await form.getByRole('button', { name: 'Calculate Route & Delivery Fee' }).click();
  const modal = page.getByRole('dialog', { name: 'Delivery Route' });
  await expect(modal.locator('[data-open-map]')).toHaveAttribute('data-open-map', 'tiles');
  await expect(modal.locator('.leaflet-tile-loaded').filter({ visible: true }).first()).toBeVisible();
  await expect(modal.locator('.leaflet-marker-icon')).toHaveText(['P', '1']);
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');

  const order = await insertOrder(db, { business: 'pharmacy', status: 'assigned' });
  const tilesBefore = tiled.tiles.requests.filter((path) => path.startsWith('/tiles/')).length;
  await page.goto(`${tiled.url}/restaurant/orders/${order.id}/live`);
  const widget = page.locator('[data-map-widget]');
  // Leaflet loads only once the map is on screen.
  await expect(widget.locator('[data-open-map]')).toHaveAttribute('data-open-map', 'schematic');
  expect(tiled.tiles.requests.filter((path) => path.startsWith('/tiles/'))).toHaveLength(tilesBefore);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.locator('[data-open-map]')).toHaveAttribute('data-open-map', 'tiles');
  await expect(widget.locator('.leaflet-marker-icon')).toHaveText(['P', 'D']);
  await expect(widget).toContainText(/\d+\.\d mi/);
});

test('without tiles each map is a labelled schematic', async ({ page }) => {
  await report(page, process.env.TEST_BASE_URL!, 'courier2', 27.96, -82.47);
  await signIn(page, 'admin');
  await page.goto('/admin/courier-tracking');
  await expect(page.locator('[data-open-map]')).toHaveAttribute('data-open-map', 'failed');
  const schematic = page.getByTestId('schematic-map');
  await expect(schematic).toBeVisible();
  // Couriers by name, in circles; pickups as squares marked P; customers as diamonds marked D.
  await expect(schematic.locator('[data-marker^="courier:"] text').filter({ hasText: 'Sofia Alvarez' })).toBeVisible();
  await expect(schematic.locator('[data-marker^="courier:"] circle').first()).toBeVisible();
  const pickups = schematic.locator('[data-marker^="pickup:"]');
  if ((await pickups.count()) > 0) await expect(pickups.first().locator('rect')).toBeAttached();
  await expect(page.getByRole('list', { name: 'Легенда' })).toContainText('Клиенты (D)');
  await expectAccessible(page);
});
