/**
 * The Profile's API access and Webhooks cards in the browser (issue 17), at the widths a
 * business uses (1366 and 390), with axe: a key is shown once and revoked, the endpoint
 * is saved, a test event reaches a receiver on this machine and shows in the delivery
 * log. And the admin's switch that turns a business's API access on.
 */
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { apiKeys, restaurants } from '../../src/db/schema';
import { insertBusiness } from '../support/factories';
import { startReceiver, verify } from '../support/webhookReceiver';
import { openAsAdmin } from './admin-helpers';
import { expect, islandsHydrated, signIn, test } from './fixtures';

async function noSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const width of [1366, 390]) {
  test(`a business makes a key, sees it once, receives a test event and revokes the key (${width} px)`, async ({ page, db, business }) => {
    await page.setViewportSize({ width, height: 900 });
    const receiver = await startReceiver();
    try {
      await signIn(page, business.username);
      await page.goto('/profile');
      const access = page.getByRole('region', { name: 'API access' });
      await expect(access).toContainText('API access is turned off for your business');
      await expect(access.getByRole('form', { name: 'Create API key' })).toHaveCount(0);

      await db.update(restaurants).set({ apiEnabled: true }).where(eq(restaurants.id, business.restaurant.id));
      await page.reload();
      await islandsHydrated(page);
      await expect(access.getByText('No API keys yet.')).toBeVisible();
      await noSeriousAxeViolations(page);

      const form = access.getByRole('form', { name: 'Create API key' });
      await form.getByRole('button', { name: 'Create key' }).click();
      await expect(form.getByText('Key name is required')).toBeVisible();
      await form.getByLabel('Key name').fill('Shop system');
      await form.getByRole('button', { name: 'Create key' }).click();
      const shown = access.getByTestId('new-api-key');
      await expect(shown).toHaveText(/^dsp_[A-Za-z0-9_-]{43}$/);
      const key = (await shown.textContent())!;
      await expect(access.getByRole('status')).toContainText('it will not be shown again');
      const list = access.getByRole('list', { name: 'API keys' });
      await expect(list).toContainText('Shop system');
      await expect(list).toContainText(`${key.slice(0, 10)}…`);
      await expect(list).toContainText('Last used never');
      expect(width === 390 ? await page.evaluate(() => document.documentElement.scrollWidth) : 0).toBeLessThanOrEqual(390);

      // Once dismissed (or on another visit) the key is nowhere on the page.
      await access.getByRole('button', { name: 'Done' }).click();
      await page.reload();
      await expect(page.locator('body')).not.toContainText(key);

      const webhooks = page.getByRole('region', { name: 'Webhooks' });
      await islandsHydrated(page);
      await webhooks.getByLabel('Endpoint URL').fill('http://10.0.0.5/hooks');
      await webhooks.getByRole('button', { name: 'Save endpoint' }).click();
      await expect(webhooks.getByText('The URL must start with https://')).toBeVisible();
      await webhooks.getByLabel('Endpoint URL').fill(receiver.url);
      await webhooks.getByRole('button', { name: 'Save endpoint' }).click();
      await expect(webhooks.getByText('Receiving events')).toBeVisible();
      await webhooks.getByText('Show secret').click();
      const secret = (await webhooks.getByTestId('webhook-secret').textContent())!;
      expect(secret).toMatch(/^whsec_/);

      await webhooks.getByRole('button', { name: 'Send test event' }).click();
      const [delivery] = await receiver.waitFor((entry) => entry.event.type === 'webhook.test');
      expect(verify(secret, delivery)).toMatchObject({ type: 'webhook.test' });
      // The log polls: the delivery shows up by itself.
      const log = webhooks.getByRole('list', { name: 'Webhook deliveries' });
      await expect(log).toContainText('webhook.test', { timeout: 15_000 });
      await expect(log).toContainText('Delivered');
      await expect(log).toContainText('200');
      await log.locator('summary').first().click();
      await expect(log).toContainText('1 of at most 8 attempts');
      await noSeriousAxeViolations(page);

      await list.getByRole('button', { name: 'Revoke Shop system' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke Key' }).click();
      await expect(access.getByText('No API keys yet.')).toBeVisible();
      const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.restaurantId, business.restaurant.id));
      expect(stored.revokedAt).not.toBeNull();
      expect((await page.request.get('/api/v1/orders', { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(401);
    } finally {
      await page.request.delete('/api/webhook-endpoint');
      await receiver.close();
    }
  });
}

test('the admin turns a business’s API access on in Edit Restaurant', async ({ page, db }) => {
  // A name that sorts first, so the business is on the list's first page.
  const { restaurant } = await insertBusiness(db, { name: `Aardvark Deli ${Date.now().toString(36)}` });
  await db
    .update(restaurants)
    .set({ contactPersonName: 'Ada Vark', contactPersonPosition: 'Owner', contactPersonPhone: '8135550199', contactPersonEmail: 'ada@example.com' })
    .where(eq(restaurants.id, restaurant.id));
  await openAsAdmin(page, '/admin/restaurants');
  const row = page.getByRole('row').filter({ hasText: restaurant.name });
  await row.getByRole('button', { name: `Edit ${restaurant.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Restaurant: ${restaurant.name}` });
  const api = dialog.getByRole('switch', { name: 'API access' });
  await expect(api).not.toBeChecked();
  await api.check({ force: true });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await db.select().from(restaurants).where(eq(restaurants.id, restaurant.id)))[0].apiEnabled).toBe(true);
});
