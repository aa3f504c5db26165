/**
 * A courier whose phone cannot give a position (issue 27, decision C23): told a refusal from
 * a search still going on, never stuck: "I'm here" records the arrival without a position,
 * and the dispatcher sees it flagged.
 */
import { eq } from 'drizzle-orm';
import { orders } from '../../src/db/schema';
import { insertHeldOrder } from '../support/courier';
import { checkScreen } from './axe';
import { openDashboard, photoFiles, photoInput, signInNewCourier, toast } from './courier';
import { expect, islandsHydrated, signIn, test } from './fixtures';

test('with location denied, the courier confirms being at the restaurant, completes the delivery, and the dispatcher sees it flagged', async ({
  page,
  context,
  browser,
  db,
}) => {
  test.setTimeout(60_000);
  // Location never allowed: the phone answers every request for a position with a refusal.
  await context.clearPermissions();
  const { courier } = await signInNewCourier(page, db);
  const order = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup', { deliveryTime: Date.now() });
  // The delivery under way opens by itself.
  await openDashboard(page);
  const view = page.getByRole('dialog', { name: 'En Route to Pickup' });
  const arrive = view.getByRole('button', { name: 'Arrived at Restaurant' });
  await expect(arrive).toBeDisabled();
  // Why it is grey is said in the pinned bar, above the button, with the way forward.
  const bar = view.locator('.step-bar');
  await expect(bar.getByRole('alert')).toContainText('Allow location.');
  await checkScreen(page);
  const hint = await bar.locator('[data-step-hint]').boundingBox();
  const button = await arrive.boundingBox();
  expect(hint!.y + hint!.height).toBeLessThanOrEqual(button!.y);
  await bar.getByRole('button', { name: "I'm here" }).click();
  await expect(toast(page)).toContainText('Arrived');
  await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('arrived_at_pickup');

  // And on to the customer's door and the photos: nothing else asks for a position.
  const workflow = page.getByRole('dialog');
  await workflow.getByRole('button', { name: 'Got All Items' }).click();
  await workflow.getByRole('button', { name: 'Arrived at Customer' }).click();
  await workflow.getByRole('button', { name: 'I Understand' }).click();
  await photoInput(page).setInputFiles(photoFiles(4, 120, 90));
  await workflow.getByRole('button', { name: 'Complete Delivery' }).click();
  await expect(workflow.getByText('Delivery Complete!')).toBeVisible();
  await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('delivered');

  // The dispatcher's list flags the arrival.
  const admin = await browser.newPage();
  await signIn(admin, 'admin');
  await admin.goto(`/admin/orders?q=${order.orderNumber}&range=all`);
  await islandsHydrated(admin);
  await expect(admin.getByRole('row').filter({ hasText: `#${order.orderNumber}` })).toContainText('Arrived without GPS');
  await admin.close();
});
