/** Customer messages in the browser (issue 16): the business turns them on and words them in its Profile; the admin reads the Messages log. */
import { eq } from 'drizzle-orm';
import { customerMessages } from '../../src/db/schema';
import { insertHeldOrder } from '../support/courier';
import { insertSignableCourier } from '../support/factories';
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
  const row = adminPage.getByRole('row').filter({ hasText: `#${order.orderNumber}` });
  await expect(row).toContainText(`${business.restaurant.name}: Courier`);
  await expect(row).toContainText(`/t/${order.trackingToken}`);
  await expect(row).toContainText('Not sent');
  await expect(row).toContainText('not sent: no provider');
  await expectAccessible(adminPage);
  await admin.close();
});
