/**
 * One hand, in sunlight (issue 15, decision F13): on a phone (390 px wide, touch) every
 * control of the courier pages is at least 44 × 44 px, axe finds no serious or critical
 * violation (contrast included), the step's action stays pinned in view, the header fits,
 * the earnings show their money, toasts keep clear of what they are about, and a
 * high-contrast option stays on.
 */
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { orders, orderStops } from '../../src/db/schema';
import { insertOrder, insertServiceArea } from '../support/factories';
import { insertHeldOrder, insertPharmacyOrder } from '../support/courier';
import { checkScreen } from './axe';
import { openDashboard, photoFiles, photoInput, toast } from './courier';
import { expect, islandsHydrated, signIn, test } from './fixtures';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

test.use({ viewport: { width: 390, height: 844 } });

test('every courier screen: targets of 44 × 44 px and no serious axe violation, in normal and high contrast', async ({ page, db }) => {
  test.setTimeout(90_000);
  const { business, courier } = await insertServiceArea(db);
  await insertOrder(db, { business: business.username, status: 'pending_courier' });
  await insertHeldOrder(db, courier.courier.id, 'courier_confirmed', { pickupTime: Date.now() + 40 * MINUTE, deliveryTime: Date.now() + 100 * MINUTE });
  await insertHeldOrder(db, courier.courier.id, 'delivered', { completedAt: Date.now() - 2 * DAY });
  await signIn(page, courier.username);

  await openDashboard(page);
  await checkScreen(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await checkScreen(page, '#courier-menu');
  await page.getByRole('switch', { name: 'High contrast' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  await page.keyboard.press('Escape');
  await checkScreen(page);

  await page.goto('/courier/profile');
  await islandsHydrated(page);
  // Stays on across pages (kept on the phone).
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await checkScreen(page);

  await page.goto('/courier/earnings?period=custom');
  await islandsHydrated(page);
  await page.getByRole('button', { name: /Pick a date range/ }).click();
  await checkScreen(page);

  await page.goto('/courier/tasks');
  await islandsHydrated(page);
  await checkScreen(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('switch', { name: 'High contrast' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-contrast', 'high');
});

test('the workflow screens: targets, axe, and the step pinned at the bottom within reach', async ({ page, context, db }) => {
  const { courier } = await insertServiceArea(db);
  await signIn(page, courier.username);
  // Far from the restaurant: the arrival button is disabled, and must still be readable.
  await context.setGeolocation({ latitude: 27.95, longitude: -82.46 });
  const order = await insertHeldOrder(db, courier.courier.id, 'courier_on_way_to_pickup');
  await openDashboard(page);
  const view = page.getByRole('dialog');
  const step = view.getByRole('button', { name: 'Get closer to restaurant (within 50m)' });
  await expect(step).toBeDisabled();
  await checkScreen(page);

  // Pinned: in view at the top of the screen, within the bottom fifth of the phone.
  const box = (await step.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(box.y).toBeGreaterThan(844 * 0.8);
  // In high contrast too (a disabled button must not take the dark action colour).
  await page.evaluate(() => localStorage.setItem('courier-contrast', 'high'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  await expect(step).toBeDisabled();
  await checkScreen(page);
  await page.evaluate(() => localStorage.setItem('courier-contrast', 'normal'));

  await db.update(orders).set({ status: 'arrived_at_customer' }).where(eq(orders.id, order.id));
  await page.reload();
  await page.getByRole('dialog').getByRole('button', { name: 'I Understand' }).click();
  await photoInput(page).setInputFiles(photoFiles(2));
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Remove photo 2' })).toBeVisible();
  await checkScreen(page);
});

test('a failed delivery: the report dialog, the instruction after it, a returned stop; targets and axe (issue 27)', async ({ page, db }) => {
  const { courier } = await insertServiceArea(db);
  const { order, stops } = await insertPharmacyOrder(db, {
    courierId: courier.courier.id,
    status: 'in_pharmacy_delivery',
    stops: 3,
    pharmacyPickupPhoto: 'x.png',
  });
  await db.update(orderStops).set({ status: 'arrived' }).where(eq(orderStops.id, stops[0].id));
  await signIn(page, courier.username);
  await openDashboard(page);
  const view = page.getByRole('dialog');
  await view.getByRole('button', { name: "Couldn't Deliver" }).click();
  const report = page.getByRole('dialog', { name: "Couldn't Deliver Stop 1" });
  await report.getByRole('radio', { name: 'Customer not there' }).check();
  await expect(report.getByText('Try again: call the customer and wait a few minutes.', { exact: false })).toBeVisible();
  await checkScreen(page, 'dialog[open]');
  await report.getByRole('button', { name: 'Report Failed Delivery' }).click();
  await expect(view.getByRole('status').filter({ hasText: 'Delivery not made yet.' })).toBeVisible();
  await checkScreen(page);
  // Tried again, still nobody: the stop is returned and the route goes on to stop 2.
  await view.getByRole('button', { name: "Couldn't Deliver" }).click();
  await report.getByRole('radio', { name: 'Customer not there' }).check();
  await report.getByRole('button', { name: 'Report Failed Delivery' }).click();
  await expect(view.getByText('Not delivered: bring the package back to the pharmacy.')).toBeVisible();
  await expect.poll(async () => (await db.select().from(orderStops).where(eq(orderStops.id, stops[0].id)))[0].returnedAt).not.toBeNull();
  await checkScreen(page);
  expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('in_pharmacy_delivery');
});

test('the header fits 390 px, and the earnings show their money columns', async ({ page, db }) => {
  const { courier } = await insertServiceArea(db);
  for (const status of ['courier_confirmed', 'courier_on_way_to_pickup', 'assigned'] as const) await insertHeldOrder(db, courier.courier.id, status);
  await insertHeldOrder(db, courier.courier.id, 'delivered', { courierPayCents: 4250, tipCents: 750, completedAt: Date.now() - DAY });
  await signIn(page, courier.username);
  await page.goto('/courier/earnings');
  await islandsHydrated(page);
  const indicator = page.getByRole('banner').getByRole('link', { name: /Active Orders/ });
  await expect(indicator).toBeVisible();
  // One line, inside the header, and nothing wider than the screen.
  expect((await indicator.boundingBox())!.height).toBeLessThanOrEqual(48);
  const right = await indicator.evaluate((element) => element.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const column of ['Base Pay', 'Tips', 'Total']) {
    const header = page.getByRole('columnheader', { name: column });
    await expect(header).toBeInViewport();
    expect((await header.boundingBox())!.x + (await header.boundingBox())!.width).toBeLessThanOrEqual(390);
  }
  await expect(page.getByRole('row').nth(1)).toContainText('$42.50');
});

test('a toast keeps clear of the warning and the button it is about', async ({ page, db }) => {
  const { courier } = await insertServiceArea(db);
  await insertHeldOrder(db, courier.courier.id, 'on_way_to_customer', { deliveryTime: Date.now() + 60 * MINUTE });
  await signIn(page, courier.username);
  await openDashboard(page);
  const view = page.getByRole('dialog');
  const button = view.getByRole('button', { name: 'Arrived at Customer' });
  await button.click();
  await expect(toast(page)).toContainText('Cannot arrive before');
  const banner = view.getByRole('alert').filter({ hasText: /^Cannot arrive before/ });
  const overlaps = async (other: typeof button) => {
    const a = (await toast(page).boundingBox())!;
    const b = (await other.boundingBox())!;
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  };
  expect(await overlaps(button)).toBe(false);
  await banner.scrollIntoViewIfNeeded();
  expect(await overlaps(banner)).toBe(false);
});

test('a step’s toast never covers what the step revealed: the hint, the first card, the reason the next step waits (issue 27)', async ({ page, db }) => {
  const { courier } = await insertServiceArea(db);
  await insertHeldOrder(db, courier.courier.id, 'arrived_at_pickup', { deliveryTime: Date.now() + 60 * MINUTE });
  await signIn(page, courier.username);
  await openDashboard(page);
  const view = page.getByRole('dialog');
  await view.getByRole('button', { name: 'Got All Items' }).click();
  await expect(view.getByRole('heading', { name: 'En Route to Customer' })).toBeVisible();
  await expect(toast(page)).toBeVisible();
  const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
  const shown = await box(toast(page));
  const clear = async (locator: ReturnType<Page['locator']>) => {
    const other = await box(locator);
    return !(shown.x < other.x + other.width && other.x < shown.x + shown.width && shown.y < other.y + other.height && other.y < shown.y + shown.height);
  };
  expect(await clear(view.locator('[data-keep-clear]').first()), 'the hint').toBe(true);
  expect(await clear(view.locator('[data-keep-clear-first] > *').first()), 'the first card').toBe(true);
  expect(await clear(view.locator('[data-step-hint]')), 'why the next step waits').toBe(true);
});
