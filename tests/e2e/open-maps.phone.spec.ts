/**
 * The courier's route map on a phone (issue 13): the open map over MAP_TILES_URL when a
 * tile server answers (a fake one, on a second Worker), the labelled drawing when none
 * does; a drop-off known only by its ZIP code's centre says "approximate location".
 */
import { insertHeldOrder } from '../support/courier';
import { startTiledWorker, type TiledWorker } from '../support/fakeTiles';
import { openDashboard, signInNewCourier } from './courier';
import { DEMO_PASSWORD, expect, islandsHydrated, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

let tiled: TiledWorker;

test.beforeAll(async () => {
  tiled = await startTiledWorker();
});

test.afterAll(async () => {
  await tiled?.stop();
});

test('the route map is drawn over tiles when they load, and as a labelled drawing when they cannot', async ({ page, db }) => {
  const { courier, username } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'assigned', {
    customerAddress: '9 Unknown Way, Tampa, Florida, 33602',
    customerLatitude: 27.9614,
    customerLongitude: -82.4597,
    customerLocationPrecision: 'zip',
  });

  // The main stack reaches no tile server: the drawing, labelled, with the approximate drop-off said.
  await openDashboard(page);
  await page.getByRole('article').filter({ hasText: '9 Unknown Way' }).getByRole('button', { name: 'View Details' }).click();
  const view = page.getByRole('dialog');
  // Four refused tiles give up on the tiles; on a loaded machine the map's script and its tiles take a while.
  await expect(view.locator('[data-open-map]')).toHaveAttribute('data-open-map', 'failed', { timeout: 15_000 });
  const drawing = view.getByRole('img', { name: /^Route map: pickup at Harbor Bistro, one drop-off, \d+\.\d mi$/ });
  await expect(drawing).toBeVisible();
  await expect(drawing.locator('[data-marker="pickup"] text')).toHaveText('P');
  await expect(drawing.locator('[data-marker="delivery"] text')).toHaveText('D');
  await expect(view.getByText("A place is shown at its ZIP code's centre (approximate location).")).toBeVisible();

  // The Worker with a tile server: the same map over tiles.
  expect((await page.request.post(`${tiled.url}/api/login`, { data: { username, password: DEMO_PASSWORD } })).status()).toBe(200);
  await page.goto(`${tiled.url}/courier/dashboard?order=${order.id}`);
  await islandsHydrated(page);
  const overTiles = page.getByRole('dialog');
  await expect(overTiles.locator('[data-open-map]')).toHaveAttribute('data-open-map', 'tiles');
  await expect(overTiles.locator('.leaflet-tile-loaded').filter({ visible: true }).first()).toBeVisible();
  await expect(overTiles.locator('.leaflet-marker-icon')).toHaveText(['P', 'D']);
});
