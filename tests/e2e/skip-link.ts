/** The skip link every layout starts with (decision W10): the first Tab, shown while focused, then into the page's content. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export async function expectSkipLinkFirst(page: Page): Promise<void> {
  const link = page.getByRole('link', { name: 'Skip to main content' });
  // Out of sight (1 px, clipped) until focused.
  expect((await link.boundingBox())?.width).toBeLessThanOrEqual(1);
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  const shown = (await link.boundingBox())!;
  expect(shown.width).toBeGreaterThan(100);
  expect(shown.height).toBeGreaterThanOrEqual(44);
  await page.keyboard.press('Enter');
  const main = page.getByRole('main');
  await expect(main).toHaveAttribute('id', 'main');
  await expect(main).toBeFocused();
  // The next Tab lands in the content, past the header and its navigation.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') != null)).toBe(true);
}
