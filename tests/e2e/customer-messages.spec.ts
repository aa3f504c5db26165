/**
 * Customer messages in the browser (issue 16): the business turns them on and words them in
 * its Profile; the admin reads the Messages log, and how accurate the ETAs were (K15).
 */
import { eq } from 'drizzle-orm';
import { customerMessages, trackingEtas } from '../../src/db/schema';
import { insertHeldOrder } from '../support/courier';
import { insertOrder, insertSignableCourier } from '../support/factories';
import { PERIODS } from '../support/periods';
import { expectAccessible } from './axe';
import { expect, islandsHydrated, signIn, test } from './fixtures';

test('the business turns "On the way" on with its wording; the admin’s Messages log shows the text with its link, not sent', async ({
  page,
  browser,
  baseURL,
  db,
  business,
}) => {
  await signIn(page, business.username);
  await page.goto('/restaurant/profile');
  await islandsHydrated(page);
  const form = page.getByRole('form', { name: 'Customer messages' });
  const onTheWay = form.getByRole('group', { name: 'On the way' });
  await expect(onTheWay.getByRole('checkbox')).not.toBeChecked();
  await onTheWay.getByRole('checkbox').check();
  await onTheWay.getByLabel('Wording of “On the way”').fill('{business}: {courier} is coming! Track here: {link}');
  await form.getByRole('button', { name: 'Save messages' }).click();
  await expect(page.getByText('Customer messages saved')).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('group', { name: 'On the way' }).getByRole('checkbox')).toBeChecked();

  const { courier, username } = await insertSignableCourier(db);
  const order = await insertHeldOrder(db, courier.id, 'picked_up', { business: business.username });
  const courierContext = await browser.newContext({ baseURL });
  await courierContext.request.post('/api/login', { data: { username, password: 'demo1234' } });
  expect((await courierContext.request.patch(`/api/orders/${order.id}`, { data: { status: 'on_way_to_customer' } })).status()).toBe(200);
  await courierContext.close();
  await expect.poll(async () => (await db.select().from(customerMessages).where(eq(customerMessages.orderId, order.id))).length, { timeout: 15_000 }).toBe(1);

  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin');
  await adminPage.goto('/admin');
  await adminPage.getByRole('navigation').getByRole('link', { name: 'Messages' }).first().click();
  await expect(adminPage.getByRole('heading', { name: 'Messages' })).toBeVisible();
  // The log is everyone's: the admin finds this order's messages by its number.
  const search = adminPage.getByRole('search', { name: "Find an order's messages" });
  await search.getByLabel('Order number').fill(`#${order.orderNumber}`);
  await search.getByRole('button', { name: 'Find' }).click();
  await expect(adminPage).toHaveURL(new RegExp(`order=%23${order.orderNumber}$`));
  await expect(search.getByLabel('Order number')).toHaveValue(order.orderNumber);
  const log = adminPage.getByRole('region', { name: 'Message log' });
  await expect(log.getByRole('row')).toHaveCount(2);
  const row = log.getByRole('row').filter({ hasText: `#${order.orderNumber}` });
  await expect(row).toContainText(`${business.restaurant.name}: Courier`);
  await expect(row).toContainText(`/t/${order.trackingToken}`);
  await expect(row).toContainText('Not sent');
  await expect(row).toContainText('not sent: no provider');
  await expectAccessible(adminPage);
  await admin.close();
});

test('the admin picks the days of the ETA accuracy report, which the page then names', async ({ page, db }) => {
  const { from, to } = PERIODS.etaAccuracyPicked;
  const arrived = Date.parse(`${to}T15:00:00Z`);
  const order = await insertOrder(db, { status: 'delivered', arrivedAtCustomerTime: arrived, pickupTime: arrived - 3_600_000, deliveryTime: arrived });
  // Shown 8 minutes before the arrival, promising it 2 minutes later than it came.
  await db.insert(trackingEtas).values({ orderId: order.id, stopId: null, recordedAt: arrived - 8 * 60_000, etaAt: arrived + 2 * 60_000, meters: 2400 });

  await signIn(page, 'admin');
  await page.goto('/admin/messages');
  await islandsHydrated(page);
  const period = page.getByRole('form', { name: 'ETA accuracy period' });
  await period.getByLabel('From').fill(from);
  await period.getByLabel('To').fill(to);
  await period.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  const report = page.getByRole('region', { name: 'ETA accuracy by lead time' });
  await expect(report.getByRole('row')).toHaveText([/Before arrival/, /^5–15 min\s*1\s*1\s*100%\s*0%\s*2 min$/, /^All ETAs\s*1\s*1\s*100%\s*0%\s*2 min$/]);
  await expect(page.getByText('ETAs shown Jul 14, 2003 to Jul 15, 2003')).toBeVisible();
  await expect(period.getByLabel('From')).toHaveValue(from);
  await expectAccessible(page);
});
