/**
 * The foundation in a real browser (issue 2): sign-in for every role, islands that
 * hydrate, pages without islands that load no React, a polled partial that swaps in
 * place, toasts and logout.
 */
import { insertOrder } from '../support/factories';
import { expect, islandsHydrated, signIn, test } from './fixtures';

test.describe('sign-in', () => {
  for (const { username, home, heading } of [
    { username: 'admin', home: '/admin', heading: 'Dashboard' },
    { username: 'bistro', home: '/dashboard', heading: 'Dashboard' },
    { username: 'pharmacy', home: '/dashboard', heading: 'Dashboard' },
  ]) {
    test(`${username} signs in on the generic page and lands in their area`, async ({ page }) => {
      await page.goto('/auth');
      await islandsHydrated(page);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill('demo1234');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(home);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('a courier signs in on the courier login, is welcomed, and reaches the dashboard', async ({ page }) => {
    await page.goto('/courier/login');
    await expect(page.getByRole('heading', { name: 'Courier Login' })).toBeVisible();
    await islandsHydrated(page);
    await page.getByLabel('Username').fill('courier');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Welcome!' })).toContainText("You've been successfully logged in.");
    await expect(page).toHaveURL('/courier/dashboard');
  });

  test('the form validates in the browser before any request', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) loginCalls++;
    });
    await page.goto('/auth');
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(loginCalls).toBe(0);
  });

  test('a wrong password is shown inline and in a Login failed toast', async ({ page }) => {
    await page.goto('/auth');
    await islandsHydrated(page);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('Invalid username or password');
    const toast = page.locator('.toast');
    await expect(toast).toContainText('Login failed');
    await expect(toast).toContainText('Invalid username or password');
    await expect(page).toHaveURL(/\/auth/);
  });

  test('the courier login uses its own messages', async ({ page }) => {
    await page.goto('/courier/login');
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter your username')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
  });

  test('a protected page sends the signed-out to sign-in and back after', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL('/auth?next=%2Fadmin');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });
});

test.describe('islands and partials', () => {
  test('a page without islands loads no React; a page with one loads only its island', async ({ page }) => {
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.set(new URL(response.url()).pathname, (await response.body()).length);
    });
    await signIn(page, 'admin');
    await page.goto('/admin');
    await expect(page.getByText('Orders Overview')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect([...scripts.keys()].filter((path) => path.startsWith('/assets/islands/'))).toEqual([]);
    expect([...scripts.keys()].some((path) => /^\/assets\/runtime\.[A-Z0-9]+\.js$/.test(path))).toBe(true);
    // React alone is ~200 KB minified; the page runtime and its shared chunk are a few KB.
    const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    expect(total).toBeLessThan(20_000);

    scripts.clear();
    await page.request.post('/api/logout');
    await page.goto('/auth');
    await islandsHydrated(page);
    await page.waitForLoadState('networkidle');
    const islands = [...scripts.keys()].filter((path) => path.startsWith('/assets/islands/'));
    expect(islands).toHaveLength(1);
    expect(islands[0]).toMatch(/^\/assets\/islands\/LoginForm\./);
  });

  test('the bell polls with ETags and swaps in place when a new order arrives', async ({ page, db }) => {
    const polls: number[] = [];
    page.on('response', (response) => {
      if (response.request().headers()['x-partial'] === 'notifications') polls.push(response.status());
    });
    await signIn(page, 'admin');
    await page.goto('/admin');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const before = Number(/(\d+) need attention/.exec((await bell.getAttribute('aria-label'))!)![1]);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    // Nothing changed yet: a poll costs a 304. The bell's counts follow the minute too (the
    // queue's window, W9), so a poll that crosses into a new minute is answered in full once.
    await expect.poll(() => polls.length, { timeout: 15_000 }).toBeGreaterThan(0);
    if (polls[0] !== 304) await expect.poll(() => polls.length, { timeout: 15_000 }).toBeGreaterThan(1);
    expect(polls.slice(0, 2)).toContain(304);

    await insertOrder(db, { status: 'new' });
    await expect(bell).toHaveAttribute('aria-label', `Notifications: ${before + 1} need attention`, { timeout: 15_000 });
    expect(polls).toContain(200);
    // Swapped in place, not reloaded.
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);

    await bell.click();
    await expect(page.getByRole('link', { name: /New orders/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to all orders' })).toHaveAttribute('href', '/admin/orders');
  });
});

test.describe('layout', () => {
  test('the admin navigation highlights the current page and Logout signs out', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Zones' })).not.toHaveAttribute('aria-current', 'page');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth/);
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });

  test('toasts can be swiped right to dismiss', async ({ page }) => {
    await page.goto('/auth');
    await islandsHydrated(page);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = page.locator('.toast');
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });

  test('an unknown page shows 404 Page Not Found', async ({ page }) => {
    const response = await page.goto('/definitely/not/here');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
});
