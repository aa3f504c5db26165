/**
 * The autopilot's offer on a courier's phone (issue 30): with nobody at the console, a new
 * order in the courier's zone is offered to them alone; the card and the order count down the
 * time to accept, and Accept takes it. One hand can do it (44 px targets), axe finds nothing serious.
 */
import { singleOrderBody } from '../support/business';
import { insertBusiness, insertSignableCourier, insertZone } from '../support/factories';
import { checkScreen } from './axe';
import { openDashboard, signedInAdmin } from './courier';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';
import type { PlaywrightWorkerArgs } from '@playwright/test';
import type { Db } from '../../src/db/client';

const MINUTE = 60_000;
const SETTINGS = { mode: 'auto_offer', offerSeconds: 120, leadMinutes: 30 };

/** A zone of the test's own on auto-offer (paused if asked), its business's portal, and its one courier online beside the pickup. */
async function autopilotZone(db: Db, playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, paused = false) {
  const zone = await insertZone(db);
  const business = await insertBusiness(db, { zoneId: zone.id });
  const courier = await insertSignableCourier(db, {
    zoneId: zone.id,
    courierLatitude: 27.9437,
    courierLongitude: -82.4497,
    lastLocationUpdateTime: Date.now(),
  });
  const portal = await playwright.request.newContext({ baseURL });
  expect((await portal.post('/api/login', { data: { username: business.username, password: DEMO_PASSWORD } })).status()).toBe(200);
  const dispatch = async (settings: Record<string, unknown>) => {
    const admin = await signedInAdmin();
    expect((await admin.patch(`/api/zones/${zone.id}/dispatch`, { data: settings })).status()).toBe(200);
    await admin.dispose();
  };
  await dispatch({ ...SETTINGS, paused });
  /** The business places an order picked up in `minutes`, as its portal does. */
  const place = async (minutes: number, overrides: Record<string, unknown> = {}) => {
    const pickup = Date.now() + minutes * MINUTE;
    const created = await portal.post('/api/orders', {
      data: singleOrderBody({ pickupTime: new Date(pickup).toISOString(), deliveryTime: new Date(pickup + 45 * MINUTE).toISOString(), ...overrides }),
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()) as { id: number; orderNumber: string };
  };
  return { courier, place, resume: () => dispatch(SETTINGS), done: () => portal.dispose() };
}

test('a new order is offered to the courier alone with a countdown, and they accept it', async ({ page, db, playwright, baseURL }) => {
  const { courier, place, done } = await autopilotZone(db, playwright, baseURL!);
  await signIn(page, courier.username);
  await openDashboard(page);
  const address = `${Date.now()} Autopilot Way, Tampa, FL 33602`;
  await place(20, { customerAddress: address });
  await done();

  const card = page.locator('article').filter({ hasText: address });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText('Offer for you')).toBeVisible();
  await expect(card.getByText(/Accept within [01]:\d\d/)).toBeVisible();
  await card.getByRole('button', { name: 'View Details' }).click();
  const view = page.getByRole('dialog');
  await expect(view.getByText(/Accept within [01]:\d\d/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offer.png') });
  await checkScreen(page);
  await view.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByText('Order accepted successfully')).toBeVisible();
  await expect(page.getByText(/Accept within/)).toHaveCount(0);
});

test('orders from one pickup offered as one trip show as one offer, accepted in one tap', async ({ page, db, playwright, baseURL }) => {
  const { courier, place, resume, done } = await autopilotZone(db, playwright, baseURL!, true);
  // Booked while the zone was paused: both come due together when it resumes.
  const numbers = [(await place(20)).orderNumber, (await place(22)).orderNumber];
  await done();
  await signIn(page, courier.username);
  await openDashboard(page);
  await resume();

  const trip = page.locator('article').filter({ hasText: 'One trip: 2 orders from' });
  await expect(trip).toBeVisible({ timeout: 10_000 });
  for (const number of numbers) await expect(trip.getByText(`#${number}`)).toBeVisible();
  await expect(trip.getByText(/Accept within [01]:\d\d/)).toBeVisible();
  // Only an accepted order is one to set off with: no "Go Online Now" for an offer.
  await expect(page.getByRole('heading', { name: 'Upcoming Delivery' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('trip.png') });
  await checkScreen(page);
  await trip.getByRole('button', { name: 'Accept Trip' }).click();
  await expect(page.getByText('Trip of 2 orders accepted')).toBeVisible();
  await expect(trip).toHaveCount(0);
});
