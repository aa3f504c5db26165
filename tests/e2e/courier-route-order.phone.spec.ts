/**
 * A courier reorders the stops not yet reached of a pharmacy route on the phone (issue
 * 18): "Optimize remaining stops" from where they stand, then by hand with a finger; the
 * business sees the new sequence, the history records it, and the fee stays.
 */
import type { Page } from '@playwright/test';
import { asc, eq } from 'drizzle-orm';
import { getEvents } from '../../src/db/orders/read';
import { orders, orderStops } from '../../src/db/schema';
import { insertPharmacyOrder } from '../support/courier';
import { signInNewCourier, standAt, toast } from './courier';
import { expect, islandsHydrated, signIn, test } from './fixtures';

/** Holds a finger on `from` past the drag delay, then slides it to `to`. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y }] : [] });
  await touch('touchStart', from);
  await page.waitForTimeout(400);
  for (let step = 1; step <= 12; step++) {
    await touch('touchMove', { x: from.x, y: from.y + ((to.y - from.y) * step) / 12 });
    await page.waitForTimeout(16);
  }
  await touch('touchEnd');
  await cdp.detach();
}

const centre = async (page: Page, name: RegExp) => {
  const box = (await page.getByRole('button', { name }).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test('a courier optimizes the remaining stops, then moves one by hand; the business sees the new sequence', async ({ page, context, db }) => {
  test.setTimeout(90_000);
  const { courier } = await signInNewCourier(page, db);
  const { order, stops } = await insertPharmacyOrder(db, { courierId: courier.id, status: 'in_pharmacy_delivery', stops: 4 });
  // Stop 1 is delivered; the rest lie north of the courier in the order 4, 2, 3 (stop 2 is on its way).
  const north = [27.95, 27.99, 28.02, 27.96];
  for (const [index, stop] of stops.entries()) {
    await db
      .update(orderStops)
      .set({
        latitude: north[index],
        longitude: -82.46,
        status: index === 0 ? 'delivered' : index === 1 ? 'on_way' : 'pending',
        deliveredTime: index === 0 ? Date.now() : null,
      })
      .where(eq(orderStops.id, stop.id));
  }
  await standAt(context, { latitude: 27.95, longitude: -82.46 });
  await page.goto(`/courier/dashboard?order=${order.id}`);
  await islandsHydrated(page);
  const view = page.getByRole('dialog');
  const panel = view.getByRole('region', { name: 'Stop order' });
  await expect(panel).toBeVisible();

  await panel.getByRole('button', { name: 'Optimize remaining stops' }).tap();
  await expect(toast(page)).toContainText(/Route optimized.*New order: 2 Recipient 4, 3 Recipient 2, 4 Recipient 3\. Saves \d+\.\d mi\./);
  await expect(panel.getByRole('status')).toContainText('New order: 2 Recipient 4, 3 Recipient 2, 4 Recipient 3.');
  const summaries = view.locator('details > summary');
  await expect(summaries).toHaveText([/Recipient 1/, /2\s*Recipient 4/, /3\s*Recipient 2/, /4\s*Recipient 3/]);
  const sequence = async () =>
    (await db.select().from(orderStops).where(eq(orderStops.orderId, order.id)).orderBy(asc(orderStops.sequence))).map((stop) => [
      stop.customerName,
      stop.status,
    ]);
  expect(await sequence()).toEqual([
    ['Recipient 1', 'delivered'],
    ['Recipient 4', 'on_way'],
    ['Recipient 2', 'pending'],
    ['Recipient 3', 'pending'],
  ]);

  // By hand: hold stop 4's handle and drag it to the top of the remaining stops.
  await panel.getByRole('button', { name: 'Reorder stops' }).tap();
  await touchDrag(page, await centre(page, /^Move Stop 4, Recipient 3/), await centre(page, /^Move Stop 2, Recipient 4/));
  await expect(panel.getByRole('list', { name: 'Remaining stops' }).getByRole('listitem')).toHaveText([/Recipient 3/, /Recipient 4/, /Recipient 2/]);
  await panel.getByRole('button', { name: 'Save order' }).tap();
  await expect(toast(page)).toContainText('Stops reordered');
  await expect(summaries).toHaveText([/Recipient 1/, /2\s*Recipient 3/, /3\s*Recipient 4/, /4\s*Recipient 2/]);
  expect(await sequence()).toEqual([
    ['Recipient 1', 'delivered'],
    ['Recipient 3', 'on_way'],
    ['Recipient 4', 'pending'],
    ['Recipient 2', 'pending'],
  ]);

  // The history records both, the fee is the business's as before, and the business reads the new sequence.
  const history = (await getEvents(db, order.id)).filter((event) => event.action === 'reorder').map((event) => event.detail);
  expect(history).toEqual([
    expect.stringMatching(/^Optimized by the courier: 2 Recipient 4, 3 Recipient 2, 4 Recipient 3 \(/),
    'Reordered by the courier: 2 Recipient 3, 3 Recipient 4, 4 Recipient 2',
  ]);
  const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
  expect(stored.deliveryFeeCents).toBe(order.deliveryFeeCents);
  await signIn(page, 'pharmacy');
  const seen = await page.request.get(`/api/order-stops/order/${order.id}`);
  expect(((await seen.json()) as Array<{ customerName: string }>).map((stop) => stop.customerName)).toEqual([
    'Recipient 1',
    'Recipient 3',
    'Recipient 4',
    'Recipient 2',
  ]);
});
