/** What the admin browser tests share: signing in as the admin, toasts, and names no other test uses. */
import type { Page } from '@playwright/test';
import type { Db } from '../../src/db/client';
import { monthIn, monthRange } from '../../src/domain/time';
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
 * A Harbor Bistro order at the head of this month's orders list, whatever else the
 * database holds (the list shows the latest delivery first, 50 to a page): delivered in
 * the month's last minute in New York, picked up 30 minutes ago unless told otherwise.
 */
export function orderOnTop(db: Db, overrides: Parameters<typeof insertOrder>[1] = {}) {
  const monthEnd = monthRange(monthIn('America/New_York'), 'America/New_York').end;
  return insertOrder(db, { deliveryTime: monthEnd - MINUTE, pickupTime: Date.now() - 30 * MINUTE, ...overrides });
}

export const minutesAgo = (minutes: number) => Date.now() - minutes * MINUTE;
