/** Every admin and business page starts with a skip link to its content (decision W10; the courier's is in courier-layout.phone.spec.ts). */
import { openAsAdmin } from './admin-helpers';
import { expect, islandsHydrated, signIn, test } from './fixtures';
import { expectSkipLinkFirst } from './skip-link';

test('an admin page skips its navigation with the first Tab', async ({ page }) => {
  await openAsAdmin(page, '/admin/orders');
  await expectSkipLinkFirst(page);
});

test('a business page skips its navigation with the first Tab', async ({ page, business }) => {
  await signIn(page, business.username);
  await page.goto('/restaurant/orders');
  await islandsHydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectSkipLinkFirst(page);
});
