/**
 * Reordering stops with a finger (spec 2-business-area.md §9.4): a stop moves only after the finger has
 * been held on its handle for 250 ms; a quick swipe does not move it.
 */
import type { Page } from '@playwright/test';
import { expect, islandsHydrated, signIn, test } from './fixtures';

async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, holdMs: number) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y }] : [] });
  await touch('touchStart', from);
  await page.waitForTimeout(holdMs);
  for (let step = 1; step <= 10; step++) {
    await touch('touchMove', { x: from.x, y: from.y + ((to.y - from.y) * step) / 10 });
    await page.waitForTimeout(16);
  }
  await touch('touchEnd');
  await cdp.detach();
}

const centre = async (page: Page, name: string) => {
  const box = (await page.getByRole('button', { name }).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test('a stop moves after a 250 ms hold, not on a quick swipe', async ({ page }) => {
  await signIn(page, 'pharmacy');
  await page.goto('/restaurant/create-order');
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Create Multi-Stop Order' });
  await form.getByRole('article', { name: 'Stop 1' }).getByLabel('Customer Name').fill('First');
  await form.getByRole('button', { name: 'Add Stop' }).click();
  await form.getByRole('article', { name: 'Stop 2' }).getByLabel('Customer Name').fill('Second');
  await page.getByRole('button', { name: 'Drag to reorder stop 1' }).scrollIntoViewIfNeeded();

  const firstName = form.getByRole('article', { name: 'Stop 1' }).getByLabel('Customer Name');
  await touchDrag(page, await centre(page, 'Drag to reorder stop 1'), await centre(page, 'Drag to reorder stop 2'), 0);
  await expect(firstName).toHaveValue('First');

  await touchDrag(page, await centre(page, 'Drag to reorder stop 1'), await centre(page, 'Drag to reorder stop 2'), 400);
  await expect(page.getByRole('status').filter({ hasText: 'Order Updated' })).toBeVisible();
  await expect(firstName).toHaveValue('Second');
});
