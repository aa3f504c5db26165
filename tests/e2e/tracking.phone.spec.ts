/**
 * A customer follows their delivery on a phone (issue 16): no sign-in, the courier live
 * on the map within a second of a position report, the photo once delivered, nothing private.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { encodePng } from '../../scripts/lib/png';
import { insertHeldOrder } from '../support/courier';
import { insertSignableCourier } from '../support/factories';
import { expectAccessible } from './axe';
import { expect, islandsHydrated, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('the courier moves on the map within a second of a report, then the photo shows; nothing private', async ({ page, playwright, baseURL, db }) => {
  const { courier, user, username } = await insertSignableCourier(db);
  await db.update(users).set({ name: 'Dana Privatesurname', phone: '8135550199' }).where(eq(users.id, user.id));
  const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer', {
    customerPhone: '8135550123',
    pickupTime: Date.now() - 3_600_000,
    deliveryTime: Date.now(),
  });
  const courierApi = await playwright.request.newContext({ baseURL });
  expect((await courierApi.post('/api/login', { data: { username, password: 'demo1234' } })).status()).toBe(200);

  const apiCalls: string[] = [];
  page.on('request', (request) => request.url().includes('/api/') && apiCalls.push(request.url()));
  await page.goto(`/t/${order.trackingToken}`);
  await islandsHydrated(page);
  await expect(page.getByRole('heading', { name: 'Dana is on the way' })).toBeVisible();
  await expect(page.getByTestId('tracking-status')).toHaveText('On the way to you');
  // Let the socket connect.
  await page.waitForTimeout(500);

  const started = Date.now();
  expect((await courierApi.post('/api/couriers/location', { data: { latitude: 27.941, longitude: -82.459, speed: 8, recordedAt: Date.now() } })).status()).toBe(
    200,
  );
  await expect(page.getByTestId('live-map')).toHaveAttribute('data-courier-position', '27.94100,-82.45900', { timeout: 1000 });
  expect(Date.now() - started).toBeLessThan(1000);
  await expect(page.getByTestId('eta')).toHaveText(/^Arriving in about \d+ min$/);
  // The map draws the courier (a schematic here: no tiles on this network).
  await expect(page.getByText('Dana', { exact: true }).first()).toBeVisible();

  expect((await courierApi.post('/api/couriers/location', { data: { latitude: 27.95, longitude: -82.459, speed: 8, recordedAt: Date.now() } })).status()).toBe(
    200,
  );
  await expect(page.getByTestId('live-map')).toHaveAttribute('data-courier-position', '27.95000,-82.45900', { timeout: 1000 });
  // The open page asked the API for nothing: the socket brought both positions.
  expect(apiCalls).toEqual([]);
  await expectAccessible(page);

  const text = await page.locator('body').innerText();
  for (const secret of ['8135550123', '(813) 555-0123', '8135550199', 'Privatesurname', order.customerAddress]) expect(text).not.toContain(secret);

  // The courier arrives and delivers with photos: the page hears of each change and reads its link again.
  expect(
    (
      await courierApi.post('/api/couriers/location', {
        data: { latitude: order.customerLatitude, longitude: order.customerLongitude, recordedAt: Date.now() },
      })
    ).status(),
  ).toBe(200);
  expect((await courierApi.patch(`/api/orders/${order.id}`, { data: { status: 'arrived_at_customer' } })).status()).toBe(200);
  const urls: string[] = [];
  for (let seed = 0; seed < 4; seed++) {
    const photo = await courierApi.post(`/api/orders/${order.id}/photos?kind=delivery`, {
      headers: { 'Content-Type': 'image/png' },
      data: encodePng(40 + seed, 30, () => [200, 40 * seed, 40]),
    });
    expect(photo.status()).toBe(201);
    urls.push((await photo.json()).url);
  }
  const delivered = await courierApi.patch(`/api/orders/${order.id}`, {
    data: { status: 'delivered', deliveryPhotos: urls, deliveryNotes: 'Left with the concierge' },
  });
  expect(delivered.status()).toBe(200);
  await expect(page.getByTestId('tracking-status')).toHaveText('Delivered', { timeout: 15_000 });
  const image = page.getByRole('img', { name: 'Proof of delivery 1' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(40);
  await expect(page.getByText('Left with the concierge')).toBeVisible();
  expect(await image.getAttribute('src')).toBe(`/api/track/${order.trackingToken}/photos/1`);
  await expect(page.getByRole('heading', { name: 'Dana is on the way' })).toHaveCount(0);
  await expectAccessible(page);
  await courierApi.dispose();
});
