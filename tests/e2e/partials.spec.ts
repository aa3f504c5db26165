/**
 * The page runtime against the real server (issue 12): a background poll never cancels
 * the user's click, a poll that was in flight never covers the clicked view, a partial
 * reply that was redirected or comes from a signed-out session becomes a full
 * navigation, and failed updates say so in words.
 */
import type { Page, Request } from '@playwright/test';
import { openAsAdmin } from './admin-helpers';
import { DEMO_PASSWORD, expect, islandsHydrated, test } from './fixtures';

const ORDERS_POLL_MS = 5000;

/** The orders region's requests: a poll carries the region's ETag, a click does not. */
const ordersRequest = (request: Request) => request.headers()['x-partial'] === 'orders';
const isPoll = (request: Request) => ordersRequest(request) && request.headers()['if-none-match'] !== undefined;

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Order status' });

test.describe('partials in the browser', () => {
  test('a poll that fires while a click is loading does not cancel it', async ({ page }) => {
    await openAsAdmin(page, '/admin/orders');
    // The click's reply takes longer than a poll interval, so a poll fires while it loads.
    await page.route(
      (url) => url.searchParams.get('status') === 'new',
      async (route) => {
        if (!ordersRequest(route.request())) return route.continue();
        await new Promise((resolve) => setTimeout(resolve, ORDERS_POLL_MS + 1500));
        await route.continue();
      },
    );
    const polls: Request[] = [];
    page.on('request', (request) => {
      if (isPoll(request)) polls.push(request);
    });
    await tabs(page).getByRole('link', { name: /^New/ }).click();
    await expect(tabs(page).getByRole('link', { name: /^New/ })).toHaveAttribute('aria-current', 'page', { timeout: 15_000 });
    await expect(page).toHaveURL(/\/admin\/orders\?status=new/);
    // The poll that came due while the click loaded yielded: it asked for nothing.
    expect(polls.filter((poll) => new URL(poll.url()).searchParams.get('status') !== 'new')).toEqual([]);
  });

  test('a click cancels a poll in flight, and the poll never swaps the old list over the new one', async ({ page }) => {
    await openAsAdmin(page, '/admin/orders');
    // Polls of the All list answer late: 4 s after they were asked.
    let delayedPolls = 0;
    await page.route(
      (url) => url.pathname === '/admin/orders' && !url.searchParams.has('status'),
      async (route) => {
        if (!isPoll(route.request())) return route.continue();
        delayedPolls++;
        await new Promise((resolve) => setTimeout(resolve, 4000));
        await route.continue().catch(() => {}); // cancelled by the page meanwhile
      },
    );
    await expect.poll(() => delayedPolls, { timeout: ORDERS_POLL_MS + 3000 }).toBe(1);
    await tabs(page)
      .getByRole('link', { name: /^Cancelled/ })
      .click();
    await expect(tabs(page).getByRole('link', { name: /^Cancelled/ })).toHaveAttribute('aria-current', 'page');
    // Long after the poll's reply was due, the user still sees what they clicked.
    await page.waitForTimeout(4500);
    await expect(tabs(page).getByRole('link', { name: /^Cancelled/ })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/status=cancelled/);
  });

  test('a navigation whose reply was redirected becomes a full navigation to where it led', async ({ page }) => {
    await openAsAdmin(page, '/admin/orders');
    await page.route(
      (url) => url.searchParams.get('status') === 'assigned',
      (route) => (ordersRequest(route.request()) ? route.fulfill({ status: 302, headers: { Location: '/admin/zones' } }) : route.continue()),
    );
    await tabs(page)
      .getByRole('link', { name: /^Assigned/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/zones$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Zones Management' })).toBeVisible();
  });

  test('signed out meanwhile, a click goes to sign-in and comes back to what was clicked', async ({ page }) => {
    await openAsAdmin(page, '/admin/orders');
    await page.request.post('/api/logout');
    await tabs(page)
      .getByRole('link', { name: /^Completed/ })
      .click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fadmin%2Forders%3Fstatus%3Dcompleted/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await islandsHydrated(page);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?status=completed/);
    await expect(tabs(page).getByRole('link', { name: /^Completed/ })).toHaveAttribute('aria-current', 'page');
  });

  test('signed out meanwhile, the next poll goes to sign-in', async ({ page }) => {
    await openAsAdmin(page, '/admin/orders');
    await page.request.post('/api/logout');
    await expect(page).toHaveURL(/\/auth\?next=%2Fadmin%2Forders/, { timeout: ORDERS_POLL_MS * 3 });
  });

  test('when polls fail, the page says "Updates paused — retrying" and stops saying it once they succeed', async ({ page }) => {
    await openAsAdmin(page, '/admin/orders');
    await page.route(
      (url) => url.pathname === '/admin/orders',
      (route) => (isPoll(route.request()) ? route.abort('internetdisconnected') : route.continue()),
    );
    const notice = page.getByRole('status').filter({ hasText: 'Updates paused — retrying' });
    await expect(notice).toBeVisible({ timeout: ORDERS_POLL_MS * 2 });
    await expect(page.locator('[data-partial="orders"]')).toHaveAttribute('data-stale', 'true');
    await page.unrouteAll();
    await expect(notice).toBeHidden({ timeout: ORDERS_POLL_MS * 3 });
    await expect(page.locator('[data-partial="orders"]')).not.toHaveAttribute('data-stale', 'true');
  });
});
