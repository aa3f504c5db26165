/**
 * Offers and order changes pushed, not polled (issue 15, decision F11): the courier's
 * dashboard holds a socket to their Durable Object; while it is open an idle dashboard
 * makes at most 2 HTTP requests a minute and a new offer shows within 2 s of the admin's
 * action; when the socket is down, the dashboard polls as before.
 */
import type { Page } from '@playwright/test';
import { insertOrder, insertServiceArea } from '../support/factories';
import { insertHeldOrder } from '../support/courier';
import { openDashboard, signedInAdmin } from './courier';
import { expect, signIn, test } from './fixtures';

/** HTTP requests the page makes (the socket's frames are not requests). */
function countRequests(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('request', (made) => {
    if (made.resourceType() !== 'websocket') seen.push(new URL(made.url()).pathname);
  });
  return () => seen;
}

/** Lets `ms` of page time pass in 5 s steps, each with a moment of real time for the requests a step starts to finish. */
async function idleFor(page: Page, ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 5000) {
    await page.clock.runFor(5000);
    await page.waitForTimeout(250);
  }
}

test('an idle dashboard makes at most 2 requests a minute, and a new offer shows within 2 s of the admin offering it', async ({ page, db }) => {
  const { business, courier } = await insertServiceArea(db);
  const order = await insertOrder(db, { business: business.username, status: 'new', customerAddress: `${Date.now()} Pushed Offer Way, Tampa, FL 33602` });
  await signIn(page, courier.username);
  await page.clock.install();
  await openDashboard(page);
  await expect(page.locator('html[data-pushed="on"]')).toBeAttached();
  await expect(page.getByText('No available orders at the moment')).toBeVisible();

  const requests = countRequests(page);
  await idleFor(page, 60_000);
  expect(requests().length, requests().join(', ')).toBeLessThanOrEqual(2);

  const admin = await signedInAdmin();
  const offered = Date.now();
  const response = await admin.patch(`/api/orders/${order.id}`, { data: { status: 'pending_courier', deliveryFee: '12.00', tip: '3.00' } });
  expect(response.status()).toBe(200);
  await expect(page.getByRole('region', { name: /Available Orders/ }).getByText(order.customerAddress)).toBeVisible({ timeout: 2000 });
  expect(Date.now() - offered).toBeLessThan(2000);

  // Taken back by the admin: gone from the list as quickly.
  await admin.patch(`/api/orders/${order.id}`, { data: { status: 'cancelled' } });
  await expect(page.getByRole('region', { name: /Available Orders/ }).getByText(order.customerAddress)).toHaveCount(0, { timeout: 2000 });
  await admin.dispose();
});

test('an order assigned to the courier, and its cancellation, are pushed to their phone', async ({ page, db }) => {
  const { business, courier } = await insertServiceArea(db);
  const order = await insertOrder(db, { business: business.username, status: 'new', customerAddress: `${Date.now()} Assigned Ave, Tampa, FL 33602` });
  await signIn(page, courier.username);
  await openDashboard(page);
  await expect(page.locator('html[data-pushed="on"]')).toBeAttached();
  const admin = await signedInAdmin();
  await admin.patch(`/api/orders/${order.id}`, { data: { status: 'assigned', courierId: courier.courier.id, deliveryFee: '12.00', tip: '3.00' } });
  const mine = page.getByRole('region', { name: /Your Orders/ });
  await expect(mine.getByText(order.customerAddress)).toBeVisible({ timeout: 2000 });
  await admin.patch(`/api/orders/${order.id}`, { data: { status: 'cancelled' } });
  await expect(mine.getByText(order.customerAddress)).toHaveCount(0, { timeout: 2000 });
  await admin.dispose();
});

test('with the socket down, the dashboard falls back to polling its lists', async ({ page, db }) => {
  const { courier } = await insertServiceArea(db);
  await insertHeldOrder(db, courier.courier.id, 'courier_confirmed');
  await page.routeWebSocket(/\/api\/couriers\/socket$/, (socket) => socket.close());
  await signIn(page, courier.username);
  await page.clock.install();
  await openDashboard(page);
  const requests = countRequests(page);
  await idleFor(page, 20_000);
  expect(requests().filter((path) => path === '/api/orders/courier/assigned').length).toBeGreaterThanOrEqual(3);
  await expect(page.locator('html[data-pushed="on"]')).toHaveCount(0);
});

test('a courier deactivated by the admin is sent from the dashboard to sign in at once', async ({ page, db }) => {
  const { courier } = await insertServiceArea(db);
  await signIn(page, courier.username);
  await openDashboard(page);
  await expect(page.locator('html[data-pushed="on"]')).toBeAttached();
  const admin = await signedInAdmin();
  expect((await admin.patch(`/api/users/${courier.user.id}`, { data: { isActive: false } })).status()).toBe(200);
  // The socket closes with "session ended": the page goes to the courier's sign-in, not to a reconnect loop.
  await expect(page).toHaveURL(/\/courier\/login/, { timeout: 5000 });
  await admin.dispose();
});
