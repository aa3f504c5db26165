/** Helpers of the courier browser tests: a courier of their own, photos to pick, places to stand. */
import { request, type BrowserContext, type Page } from '@playwright/test';
import type { Db } from '../../src/db/client';
import { encodePng } from '../../scripts/lib/png';
import { insertSignableCourier, insertZone } from '../support/factories';
import { DEMO_PASSWORD, expect, islandsHydrated, signIn } from './fixtures';

export { BISTRO_POSITION, PHARMACY_POSITION } from '../support/courier';

/**
 * A new courier (valid documents), signed in on the page: no other test's orders in their
 * lists. Their zone is one of their own unless given, so no other test's offers either
 * (a test of offers makes them with factories.ts insertServiceArea).
 */
export async function signInNewCourier(page: Page, db: Db, overrides: Parameters<typeof insertSignableCourier>[1] = {}) {
  const created = await insertSignableCourier(db, { zoneId: overrides.zoneId ?? (await insertZone(db)).id, ...overrides });
  await signIn(page, created.username);
  return created;
}

/** Images as the phone's file picker would give them. */
export function photoFiles(count: number, width = 320, height = 240) {
  return Array.from({ length: count }, (_, i) => ({
    name: `photo-${i + 1}.png`,
    mimeType: 'image/png',
    buffer: encodePng(width, height, (x, y) => [(x + i * 60) % 256, (y * 2) % 256, 120 + i * 30]),
  }));
}

/** The device stands at a place (and allows the app to know it). */
export async function standAt(context: BrowserContext, place: { latitude: number; longitude: number }) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(place);
}

export async function openDashboard(page: Page, base = '/courier') {
  await page.goto(`${base}/dashboard`);
  await islandsHydrated(page);
}

/** The photo input of the workflow (hidden behind its "Take Photo" button). */
export const photoInput = (page: Page) => page.locator('input[type="file"][accept="image/*"]');

/** The toast on screen (one at a time; a dismissed one lingers a moment while it slides out). */
export const toast = (page: Page) => page.locator('.toast[data-state="open"]');

/** The demo admin, signed in through the API: what the admin does while the courier's phone watches. */
export async function signedInAdmin() {
  const admin = await request.newContext({ baseURL: process.env.TEST_BASE_URL });
  expect((await admin.post('/api/login', { data: { username: 'admin', password: DEMO_PASSWORD } })).status()).toBe(200);
  return admin;
}
