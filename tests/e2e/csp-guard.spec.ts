/**
 * The CSP guard of fixtures.ts, which every browser test runs under: it sees a page break
 * the policy (the auto fixture then fails that test), and sees nothing on a page that keeps it.
 */
import { expect, islandsHydrated, test, watchCspViolations } from './fixtures';

test('a page whose scripts carry the nonce reports no violation', async ({ page, cspViolations }) => {
  await page.goto('/auth');
  await islandsHydrated(page);
  expect(cspViolations).toEqual([]);
});

test('a script added without the nonce is reported as a violation', async ({ browser, baseURL }) => {
  // A context of its own, so this test's page is not the one the auto fixture judges.
  const context = await browser.newContext({ baseURL });
  const violations = await watchCspViolations(context);
  const page = await context.newPage();
  await page.goto('/auth');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.appendChild(script);
  });
  await expect.poll(() => violations.join('\n')).toMatch(/script-src/);
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  await context.close();
});
