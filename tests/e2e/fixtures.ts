/**
 * Shared fixtures: the base URL of the stack under test, a signed-in page for a demo
 * account (signed in through the API, sharing the page's cookies), and the database.
 * Every test is also guarded against Content-Security-Policy violations: a page that
 * breaks the CSP fails the test, so the whole browser suite proves the pages work under it.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { createDb, type Db } from '../../src/db/client';
import { insertBusiness } from '../support/factories';

export const DEMO_PASSWORD = 'demo1234';

/** How the page's own report of a violation is told apart from the page's logging. */
const CSP_VIOLATION = '[csp-violation]';

/**
 * Collects the CSP violations of every page of the context: the document's
 * securitypolicyviolation events (reported by a script Playwright injects, which the CSP
 * does not apply to) and the browser's own "Refused to … Content Security Policy" messages.
 */
export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript((mark) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        console.error(
          `${mark} ${event.effectiveDirective} blocked ${event.blockedURI || 'an inline script or style'} (${event.sourceFile || 'the page'}:${event.lineNumber})`,
        ),
      true,
    );
  }, CSP_VIOLATION);
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(CSP_VIOLATION) || /Content Security Policy/i.test(text)) violations.push(`${message.page()?.url() ?? 'a page'}: ${text}`);
  });
  return violations;
}

export const test = base.extend<{ db: Db; business: Awaited<ReturnType<typeof insertBusiness>>; cspViolations: string[]; fakeClock: void }>({
  baseURL: async ({}, use) => use(process.env.TEST_BASE_URL),
  /**
   * Under `npm run test:at` the browser runs on a real clock (playwright.config.ts): its
   * pages are given the test process's time, which is the fake one, and it runs on from there.
   * Chromium stamps geolocation fixes with its own (real) clock, which Playwright's clock
   * does not reach, so fixes are stamped again with the page's time.
   */
  fakeClock: [
    async ({ context }, use) => {
      if (process.env.FAKETIME) {
        await context.clock.setSystemTime(Date.now());
        await context.addInitScript(() => {
          const geolocation = navigator.geolocation;
          if (!geolocation) return;
          const restamp = (callback: PositionCallback) => (position: GeolocationPosition) =>
            callback({
              coords: position.coords,
              timestamp: Date.now(),
              toJSON: () => ({ coords: position.coords, timestamp: Date.now() }),
            } as GeolocationPosition);
          const watch = geolocation.watchPosition.bind(geolocation);
          const current = geolocation.getCurrentPosition.bind(geolocation);
          geolocation.watchPosition = (success, error, options) => watch(restamp(success), error, options);
          geolocation.getCurrentPosition = (success, error, options) => current(restamp(success), error, options);
        });
      }
      await use();
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations = await watchCspViolations(context);
      await use(violations);
      expect(violations, 'the page broke its Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
  db: async ({}, use) => use(createDb(process.env.TEST_DATABASE_URL!, undefined, 30_000)),
  /** A restaurant business of the test's own (sign in with its username), for lists and totals no other test touches. */
  business: async ({ db }, use) => use(await insertBusiness(db)),
});

export { expect };

type Box = { x: number; y: number; width: number; height: number };
/** Whether two bounding boxes share any area (a toast over a notice, a label over a button). */
export const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/api/login', { data: { username, password } });
  expect(response.status(), `sign in ${username}`).toBe(200);
}

/** Resolves once every island on the page has hydrated. */
export async function islandsHydrated(page: Page): Promise<void> {
  await expect(page.locator('dd-island:not([data-hydrated])')).toHaveCount(0);
}
