/** The admin GPS page follows couriers live (issue 6), and falls back to polling when its socket drops. */
import { expect, islandsHydrated, signIn, test } from './fixtures';

async function courierSession(browser: import('@playwright/test').Browser, baseURL: string, username: string) {
  const context = await browser.newContext({ baseURL });
  await context.request.post('/api/login', { data: { username, password: 'demo1234' } });
  const courierId = (await (await context.request.get('/api/user')).json()).courierId as number;
  return {
    courierId,
    report: (latitude: number, longitude: number) => context.request.post('/api/couriers/location', { data: { latitude, longitude } }),
    close: () => context.close(),
  };
}

test('a marker and its card move within a second of a courier reporting', async ({ page, browser, baseURL }) => {
  const courier = await courierSession(browser, baseURL!, 'courier');
  await signIn(page, 'admin');
  await page.goto('/admin/courier-tracking');
  await expect(page.getByRole('heading', { name: 'GPS-отслеживание курьеров' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Обновления в реальном времени' })).toBeVisible();
  await expect(page.getByTestId('tracked-count')).toHaveText(/^\d+ из \d+$/);
  await expect(page.getByText('Сервис карт не настроен. Показана схема расположения.')).toBeVisible();

  const marker = page.locator(`[data-courier-marker="${courier.courierId}"]`);
  const card = page.locator(`[data-courier-card="${courier.courierId}"]`);
  await courier.report(27.97, -82.43);
  await expect(card.locator('[data-coordinates]')).toHaveText('27.970000, -82.430000');
  const before = await marker.getAttribute('transform');

  const sentAt = Date.now();
  await courier.report(27.99, -82.41);
  await expect(card.locator('[data-coordinates]')).toHaveText('27.990000, -82.410000', { timeout: 1000 });
  expect(Date.now() - sentAt).toBeLessThan(1000);
  expect(await marker.getAttribute('transform')).not.toBe(before);
  await expect(card.locator('[data-freshness]')).toHaveText('Онлайн');
  await expect(card).toContainText('обновлено только что');

  // Selecting a courier draws their recent track.
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('polyline[aria-label="Недавний маршрут"]')).toBeVisible();
  await courier.close();
});

test('when the socket drops the page polls every 30 s, then reconnects', async ({ page, browser, baseURL }) => {
  const courier = await courierSession(browser, baseURL!, 'courier2');
  // Connections are refused until the test lets them through, so the reconnection
  // (real network time) cannot race the fake clock while the polling is observed.
  let serverReachable = false;
  let connections = 0;
  await page.routeWebSocket('**/api/couriers/live', (socket) => {
    connections++;
    if (serverReachable) socket.connectToServer();
    else socket.close();
  });
  await page.clock.install();
  await signIn(page, 'admin');
  const polls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/couriers' || path === '/api/orders/admin/active') polls.push(path);
  });
  await page.goto('/admin/courier-tracking');
  await islandsHydrated(page);
  await expect(page.getByRole('status').filter({ hasText: 'обновление каждые 30 с' })).toBeVisible();

  // While disconnected, the spec's polling of both lists runs.
  await page.clock.runFor(31_000);
  await expect.poll(() => polls.sort()).toEqual(['/api/couriers', '/api/orders/admin/active']);

  // The next reconnection attempt (backoff at most 30 s) brings live updates back.
  serverReachable = true;
  await page.clock.runFor(31_000);
  await expect(page.getByRole('status').filter({ hasText: 'Обновления в реальном времени' })).toBeVisible();
  expect(connections).toBeGreaterThanOrEqual(3);
  await courier.report(27.955, -82.465);
  await expect(page.locator(`[data-courier-card="${courier.courierId}"] [data-coordinates]`)).toHaveText('27.955000, -82.465000');
  await courier.close();
});

test('signing out elsewhere ends the live map’s socket, and the page asks to sign in again instead of reconnecting', async ({ page }) => {
  // An admin of the test's own: its session is ended here.
  const username = `watch${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  expect((await page.request.post('/api/register', { data: { role: 'admin', username, password: 'watch-pass', name: 'Map Watcher' } })).status()).toBe(201);
  await signIn(page, username, 'watch-pass');
  await page.goto('/admin/courier-tracking');
  await islandsHydrated(page);
  await expect(page.getByRole('status').filter({ hasText: 'Обновления в реальном времени' })).toBeVisible();
  // The same session ends from another tab (its cookie is the page's).
  expect((await page.request.post('/api/logout')).status()).toBe(200);
  await expect(page).toHaveURL(/\/auth\?next=%2Fadmin%2Fcourier-tracking/, { timeout: 15_000 });
});
