/** The courier app reports the device's position while the courier has an active order (issue 6). */
import { insertCourier, insertSession } from '../support/factories';
import { expect, signIn, test } from './fixtures';

test.use({ geolocation: { latitude: 27.9611, longitude: -82.4461 } });

test('with an active order, the position reaches the courier’s live track', async ({ page, browser, baseURL }) => {
  const reports: Array<{ latitude: number; longitude: number }> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/couriers/location')) reports.push(request.postDataJSON());
  });
  await signIn(page, 'courier');
  const courierId = (await (await page.request.get('/api/user')).json()).courierId as number;
  await page.goto('/courier/tasks');
  await expect(page.getByRole('banner').getByText(/\d+ Active Orders?/)).toBeVisible();
  await expect.poll(() => reports.length).toBeGreaterThan(0);
  expect(reports[0]).toMatchObject({ latitude: 27.9611, longitude: -82.4461 });

  const admin = await browser.newContext({ baseURL });
  await admin.request.post('/api/login', { data: { username: 'admin', password: 'demo1234' } });
  const track = await (await admin.request.get(`/api/couriers/${courierId}/track`)).json();
  expect(track.at(-1)).toMatchObject({ latitude: 27.9611, longitude: -82.4461 });
  await admin.close();
});

test('without an active order, nothing is reported', async ({ page, db }) => {
  const { user } = await insertCourier(db);
  let reports = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/couriers/location')) reports++;
  });
  await page.context().addCookies([{ name: 'sid', value: await insertSession(db, user.id), url: process.env.TEST_BASE_URL! }]);
  await page.goto('/courier/dashboard');
  await expect(page.getByRole('banner').getByText('No Active Orders')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(reports).toBe(0);
});

test.describe('without location access', () => {
  test.use({ permissions: [] });

  test('a courier with an active order is told once, and the app carries on', async ({ page }) => {
    await signIn(page, 'courier');
    await page.goto('/courier/tasks');
    const warning = page.locator('.toast').filter({ hasText: 'GPS Warning' });
    await expect(warning).toContainText('GPS issues detected - you can continue with the delivery');
    await expect(page.getByRole('heading', { name: /Upcoming Orders/ })).toBeVisible();
  });
});
