/** What the admin browser tests share: signing in as the admin, toasts, names no other test uses, and where a row is. */
import type { Locator, Page } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { couriers, restaurants, users } from '../../src/db/schema';
import { PAGE_SIZE } from '../../src/domain/paging';
import { insertOrder } from '../support/factories';
import { expect, islandsHydrated, signIn } from './fixtures';

export async function openAsAdmin(page: Page, path: string): Promise<void> {
  await signIn(page, 'admin');
  await page.goto(path);
  await islandsHydrated(page);
}

/** The one visible toast (spec 1-foundations-and-admin.md §4.10: at most one). */
export function toast(page: Page) {
  return page.locator('.toast').last();
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(toast(page)).toContainText(text);
}

export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const MINUTE = 60_000;

/**
 * An order of the test's own business, picked up 30 minutes ago unless told otherwise, and
 * the admin's list of that business's orders (a search of its unique name, across dates):
 * however many orders other suites add, the test's rows are the only ones listed.
 */
export function ownOrder(db: Db, business: { username: string }, overrides: Parameters<typeof insertOrder>[1] = {}) {
  return insertOrder(db, { business: business.username, pickupTime: Date.now() - 30 * MINUTE, ...overrides });
}

export const ordersOf = (restaurantName: string) => `/admin/orders?q=${encodeURIComponent(restaurantName)}`;

export const minutesAgo = (minutes: number) => Date.now() - minutes * MINUTE;

/**
 * The page of the admin's Couriers or Restaurants list that shows a row: the lists go by
 * name (case aside), then id, 50 to a page (src/db/couriers.ts, restaurants.ts), and other
 * tests add accounts, so a row is not always on the first page.
 */
export async function listPageOf(db: Db, list: 'couriers' | 'restaurants', name: string, id: number): Promise<number> {
  const before =
    list === 'couriers'
      ? db
          .select({ count: sql<number>`count(*)` })
          .from(couriers)
          .innerJoin(users, eq(users.id, couriers.userId))
          .where(sql`${users.name} < ${name} collate nocase or (${users.name} = ${name} collate nocase and ${couriers.id} < ${id})`)
      : db
          .select({ count: sql<number>`count(*)` })
          .from(restaurants)
          .where(sql`${restaurants.name} < ${name} collate nocase or (${restaurants.name} = ${name} collate nocase and ${restaurants.id} < ${id})`);
  const [{ count }] = await before;
  return Math.floor(count / PAGE_SIZE) + 1;
}

/**
 * Chooses a courier in the assign dialog: its options are the server's suggestions, each
 * labelled '<name> (<zone>): <reason>', so the option is found by the name it starts with.
 */
export async function chooseCourier(dialog: Locator, name: string): Promise<void> {
  const option = dialog.locator('option').filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) });
  await expect(option).toHaveCount(1);
  await dialog.getByLabel('Select Courier').selectOption((await option.getAttribute('value'))!);
}

/**
 * The row of an earnings summary tab that names `text`: the tabs go by name, 50 rows a page
 * (decision P31-4), and other tests' couriers and businesses complete orders on the same
 * days, so its pages are turned until one shows the row.
 */
export async function summaryTabRow(panel: Locator, text: string): Promise<Locator> {
  const row = panel.getByRole('row').filter({ hasText: text });
  await expect(panel.getByRole('table')).toBeVisible();
  while (!(await row.count())) {
    const next = panel.getByRole('button', { name: 'Next' });
    await expect(next, `no page of the tab shows ${text}`).toBeEnabled();
    await next.click();
    // Busy while the next page is read.
    await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
  }
  return row;
}
