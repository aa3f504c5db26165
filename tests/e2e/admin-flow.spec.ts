/**
 * Issue 3's "Done when", tried as a new admin would: create a zone, a courier and a
 * restaurant; the restaurant's order is assigned, missed, reassigned, offered to the
 * zone and cancelled; delivered orders show in the earnings report and its CSV to the cent.
 */
import { readFileSync } from 'node:fs';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { couriers, orders, users, zones } from '../../src/db/schema';
import { formatUsd } from '../../src/domain/money';
import { dayIn, dayRange } from '../../src/domain/time';
import { insertCourier } from '../support/factories';
import { chooseCourier, expectToast, minutesAgo, ordersOf, ownOrder, summaryTabRow } from './admin-helpers';
import { expect, islandsHydrated, signIn, test } from './fixtures';

const ZONE = 'America/New_York';

test('an admin sets up a zone, a courier and a restaurant, dispatches its orders, and reads the earnings', async ({ page, db }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const zoneName = `Flow Zone ${suffix}`;
  const courierName = `Flow Courier ${suffix}`;
  const restaurantName = `Flow Kitchen ${suffix}`;
  await signIn(page, 'admin');

  // 1. A zone.
  await page.goto('/admin/zones');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Add Zone' }).click();
  const zoneDialog = page.getByRole('dialog', { name: 'Create New Zone' });
  await zoneDialog.getByLabel('Zone Name').fill(zoneName);
  await zoneDialog.getByLabel('Cities').fill('Plant City, Dover');
  await zoneDialog.getByRole('button', { name: 'Create Zone' }).click();
  await expectToast(page, 'Zone created successfully');
  const [zone] = await db.select().from(zones).where(eq(zones.name, zoneName));

  // 2. A courier in it.
  await page.goto('/admin/couriers');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Add New Courier' }).click();
  const courierDialog = page.getByRole('dialog', { name: 'Add New Courier' });
  await courierDialog.getByLabel('Username*').fill(`flow${suffix}`);
  await courierDialog.getByLabel('Password*').fill('flow-pass-1');
  await courierDialog.getByLabel('Full Name*').fill(courierName);
  await courierDialog.getByLabel('Zone*').selectOption({ label: zoneName });
  await courierDialog.getByRole('tab', { name: 'Personal' }).click();
  await courierDialog.getByLabel('Email*').fill(`flow${suffix}@example.com`);
  await courierDialog.getByLabel('Address*').fill('9 Berry Rd, Plant City, FL');
  await courierDialog.getByRole('tab', { name: 'Vehicle' }).click();
  await courierDialog.getByLabel('Make*').fill('Ford');
  await courierDialog.getByLabel('Model*').fill('Transit');
  await courierDialog.getByLabel('Year*').fill('2022');
  await courierDialog.getByLabel('License*', { exact: true }).fill('FL-FLOW');
  await courierDialog.getByLabel('License Expiry*').fill('2031-01-31');
  await courierDialog.getByLabel('Insurance Expiry*').fill('2031-01-31');
  await courierDialog.getByLabel('Insurance Number*').fill('INS-FLOW');
  await courierDialog.getByRole('button', { name: 'Create Courier' }).click();
  await expectToast(page, 'Courier account created successfully');
  const [courierUser] = await db
    .select()
    .from(users)
    .where(eq(users.username, `flow${suffix}`));
  const [courier] = await db.select().from(couriers).where(eq(couriers.userId, courierUser.id));
  expect(courier.zoneId).toBe(zone.id);

  // 3. A restaurant in it.
  await page.goto('/admin/restaurants');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Add New Restaurant' }).click();
  const restaurantDialog = page.getByRole('dialog', { name: 'Add New Restaurant' });
  await restaurantDialog.getByLabel('Username').fill(`kitchen${suffix}`);
  await restaurantDialog.getByLabel('Password').fill('kitchen-pass-1');
  await restaurantDialog.getByLabel('Zone').selectOption({ label: zoneName });
  await restaurantDialog.getByRole('tab', { name: 'Restaurant' }).click();
  await restaurantDialog.getByLabel('Restaurant Name').fill(restaurantName);
  await restaurantDialog.getByLabel('Address', { exact: true }).fill('100 N Collins St, Plant City, FL 33563');
  await restaurantDialog.getByLabel('Phone', { exact: true }).fill('8135559000');
  await restaurantDialog.getByRole('tab', { name: 'Contact Person' }).click();
  await restaurantDialog.getByLabel('Name', { exact: true }).fill('Kim Cook');
  await restaurantDialog.getByLabel('Position').fill('Chef');
  await restaurantDialog.getByLabel('Contact Phone').fill('8135559001');
  await restaurantDialog.getByLabel('Email').fill(`kitchen${suffix}@example.com`);
  await restaurantDialog.getByRole('button', { name: 'Create Restaurant' }).click();
  await expectToast(page, 'Restaurant account created successfully');

  // The restaurant places orders (the business portal is issue 4: they are written here as it would).
  const business = `kitchen${suffix}`;
  const dispatched = await ownOrder(db, { username: business }, { amountCents: 88_80, pickupTime: minutesAgo(5) });
  const first = await ownOrder(db, { username: business }, { amountCents: 123_45, pickupTime: minutesAgo(5) });
  const second = await ownOrder(db, { username: business }, { amountCents: 67_89, pickupTime: minutesAgo(5) });
  const backup = await insertCourier(db, { zoneId: zone.id });

  await page.goto(ordersOf(restaurantName));
  await islandsHydrated(page);
  const row = (id: number) => page.locator(`tr[data-order-id="${id}"]`);
  const assign = async (id: number, courierLabel: string, fee?: string, tip?: string) => {
    await row(id)
      .getByRole('button', { name: /^(Assign Courier|Reassign Order)$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /Assign Order|Reassign Order/ });
    if (fee !== undefined) await dialog.getByLabel('Courier Delivery Fee ($)').fill(fee);
    if (tip !== undefined) await dialog.getByLabel('Courier Tip ($)').fill(tip);
    await chooseCourier(dialog, courierLabel);
    await dialog.getByRole('button', { name: 'Assign Selected Courier' }).click();
    await expectToast(page, 'Order assigned successfully');
    await expect(dialog).toBeHidden();
  };

  // 4. Assigned; the courier never goes online: 15 minutes on, the order is a missed pickup.
  await assign(dispatched.id, courierName);
  await expect(row(dispatched.id)).toContainText(courierName);
  // The hand leaves the list, as the dispatcher's does: a list under the pointer holds still (W9).
  await page.mouse.move(5, 5);
  await db
    .update(orders)
    .set({ pickupTime: minutesAgo(20), updatedAt: minutesAgo(16) })
    .where(eq(orders.id, dispatched.id));
  // The every-minute cron job runs (wrangler dev runs it on demand), and the list's next poll shows it.
  expect((await page.request.get('/__scheduled?cron=*+*+*+*+*')).status()).toBe(200);
  await expect(row(dispatched.id)).toContainText(`(courier #${courier.id})`, { timeout: 10_000 });

  // 5. Reassigned to another courier of the zone.
  await islandsHydrated(page);
  await assign(dispatched.id, backup.user.name);
  await expect(row(dispatched.id)).toContainText(backup.user.name);

  // 6. Offered to every courier of the zone.
  await row(dispatched.id).getByRole('button', { name: 'Assign Courier' }).click();
  await page.getByRole('button', { name: 'Make Available to All Couriers in Zone' }).click();
  await expectToast(page, 'Order is now available to all couriers in zone');
  await expect(row(dispatched.id)).toContainText('pending courier');
  expect((await db.select().from(orders).where(eq(orders.id, dispatched.id)))[0]).toMatchObject({
    status: 'pending_courier',
    courierId: null,
    zoneId: zone.id,
  });

  // 7. Cancelled, after confirming.
  await row(dispatched.id).getByRole('button', { name: 'Cancel Order' }).click();
  await page.getByRole('dialog', { name: 'Are you sure you want to cancel this order?' }).getByRole('button', { name: 'Cancel Order' }).click();
  await expectToast(page, 'Order cancelled successfully');
  await expect(row(dispatched.id)).toContainText('cancelled');
  const history = (await page.request.get(`/api/orders/${dispatched.id}/events`).then((response) => response.json())) as Array<{
    action: string;
    toStatus: string;
  }>;
  expect(history.map((event) => `${event.action}:${event.toStatus}`)).toEqual([
    'assign:assigned',
    'missed_pickup:missed_pickup',
    'assign:assigned',
    'offer_to_zone:pending_courier',
    'cancel:cancelled',
  ]);

  // 8. Two more orders assigned with their courier pay, and delivered by the courier.
  await islandsHydrated(page);
  await assign(first.id, courierName, '25.50', '4.25');
  await islandsHydrated(page);
  await assign(second.id, courierName, '20', '0');
  // Both at one instant, so they fall on one day even a moment before midnight.
  const deliveredAt = Date.now();
  // Set directly: the courier's workflow is another suite's; the status graph allows no jump from assigned.
  const delivered = await db
    .update(orders)
    .set({ status: 'delivered', completedAt: deliveredAt, setupCompleteTime: deliveredAt, updatedAt: deliveredAt })
    .where(and(inArray(orders.id, [first.id, second.id]), eq(orders.status, 'assigned'), eq(orders.courierId, courier.id)))
    .returning();
  expect(delivered).toHaveLength(2);

  // 9. The earnings of the day they were delivered: this courier's and this restaurant's rows, the cards and the CSV, to the cent.
  const today = dayIn(ZONE, deliveredAt);
  await page.goto(`/admin/earnings?from=${today}&to=${today}`);
  await islandsHydrated(page);
  const range = dayRange(today, ZONE);
  const [expected] = await db
    .select({
      count: sql<number>`count(*)`,
      amount: sql<number>`sum(${orders.amountCents})`,
      pay: sql<number>`coalesce(sum(${orders.courierPayCents}), 0)`,
      platform: sql<number>`sum(case when ${orders.courierPayCents} is null then ${orders.deliveryFeeCents} else ${orders.deliveryFeeCents} + ${orders.tipCents} - ${orders.courierPayCents} end)`,
    })
    .from(orders)
    .where(and(inArray(orders.status, ['delivered', 'pharmacy_completed']), gte(orders.completedAt, range.start), lt(orders.completedAt, range.end)));
  const cards = page.locator('dl').first();
  await expect(cards).toContainText(`Total Orders${expected.count}`);
  await expect(cards).toContainText(`Order Amount${formatUsd(expected.amount)}`);
  await expect(cards).toContainText(`Courier Payments${formatUsd(expected.pay)}`);
  await expect(cards).toContainText(`Platform Revenue${formatUsd(expected.platform)}`);

  await page.getByRole('tab', { name: 'Courier Summary' }).click();
  // Pay 29.75 (25.50 + 4.25) and 20.00: base 45.50, tips 4.25, total 49.75.
  await expect(await summaryTabRow(page.getByRole('tabpanel', { name: 'Courier Summary' }), courierName)).toHaveText(`${courierName}2$45.50$4.25$49.75`);
  await page.getByRole('tab', { name: 'Restaurant Summary' }).click();
  // The business paid 30.00 + 4.25 and 30.00 + 0: the platform keeps 4.50 + 10.00.
  await expect(await summaryTabRow(page.getByRole('tabpanel', { name: 'Restaurant Summary' }), restaurantName)).toHaveText(`${restaurantName}2$191.34$14.50`);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const lines = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe('Order ID,Order Number,Order Date,Restaurant,Courier,Order Amount,Delivery Fee,Tip,Courier Pay,Platform Fee');
  expect(lines.filter((line) => line.includes(restaurantName)).map((line) => line.split(',').slice(3).join(','))).toEqual([
    `${restaurantName},${courierName},123.45,30.00,4.25,29.75,4.50`,
    `${restaurantName},${courierName},67.89,30.00,0.00,20.00,10.00`,
  ]);
  expect(lines).toHaveLength(expected.count + 2); // header, rows, and the empty string after the last line break
});
