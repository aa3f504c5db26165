/**
 * Shared fixtures: the base URL of the stack under test, a signed-in page for a demo
 * account (signed in through the API, sharing the page's cookies), and the database.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { createDb, type Db } from '../../src/db/client';
import { insertBusiness } from '../support/factories';

export const DEMO_PASSWORD = 'demo1234';

export const test = base.extend<{ db: Db; business: Awaited<ReturnType<typeof insertBusiness>> }>({
  baseURL: async ({}, use) => use(process.env.TEST_BASE_URL),
  db: async ({}, use) => use(createDb(process.env.TEST_DATABASE_URL!, undefined, 30_000)),
  /** A restaurant business of the test's own (sign in with its username), for lists and totals no other test touches. */
  business: async ({ db }, use) => use(await insertBusiness(db)),
});

export { expect };

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/api/login', { data: { username, password } });
  expect(response.status(), `sign in ${username}`).toBe(200);
}

/** Resolves once every island on the page has hydrated. */
export async function islandsHydrated(page: Page): Promise<void> {
  await expect(page.locator('dd-island:not([data-hydrated])')).toHaveCount(0);
}
