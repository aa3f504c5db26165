/**
 * The autopilot at the dispatcher's desk (issue 30), at 1366 × 768: a zone switched to
 * auto-offer and paused from the Zones page, and a zone's open orders planned and confirmed in
 * one click; axe finds nothing serious on either screen.
 */
import { insertBusiness, insertCourier, insertOrder, insertZone } from '../support/factories';
import { expectToast, openAsAdmin } from './admin-helpers';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';

const MINUTE = 60_000;

test.use({ viewport: { width: 1366, height: 768 } });

test('an admin sets a zone to auto-offer and pauses it from the Zones page', async ({ page, db }) => {
  const zone = await insertZone(db);
  await openAsAdmin(page, '/admin/zones');
  const row = page.getByRole('row').filter({ hasText: zone.name });
  await expect(row.getByRole('cell', { name: 'Manual' })).toBeVisible();
  await row.getByRole('button', { name: `Dispatch settings of ${zone.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Dispatch: ${zone.name}` });
  await dialog.getByLabel('How orders are dispatched').selectOption('auto_offer');
  await dialog.getByLabel('Time to accept (seconds)').fill('5');
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  // The same rule as the server's: named beside its field before anything is sent.
  await expect(dialog.getByText('A whole number of seconds from 10 to 600.')).toBeVisible();
  await dialog.getByLabel('Time to accept (seconds)').fill('30');
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: test.info().outputPath('dispatch-settings.png') });
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, `Dispatch settings saved: ${zone.name} is auto-offer`);
  await expect(row.getByText('Auto-offer', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Pause the autopilot of ${zone.name}` }).click();
  await expect(row.getByText('Auto-offer (paused)')).toBeVisible();
  await row.getByRole('button', { name: `Resume the autopilot of ${zone.name}` }).click();
  await expect(row.getByText('Auto-offer', { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('a dispatcher plans a zone’s open orders and confirms the plan in one click', async ({ page, db }) => {
  const now = Date.now();
  const zone = await insertZone(db);
  const business = await insertBusiness(db, { zoneId: zone.id });
  const at = (milesNorth: number) => ({ courierLatitude: 27.9427 + milesNorth / 69, courierLongitude: -82.4497, lastLocationUpdateTime: now, zoneId: zone.id });
  const couriers = [await insertCourier(db, at(0.3)), await insertCourier(db, at(2))];
  const orders = await Promise.all(
    [15, 17, 60, 90].map((readyIn, index) =>
      insertOrder(db, {
        business: business.username,
        status: 'new',
        pickupTime: now + readyIn * MINUTE,
        deliveryTime: now + (readyIn + 40) * MINUTE,
        customerLatitude: 27.9427 + (index + 1) / 69,
        customerLongitude: -82.4497,
      }),
    ),
  );
  await openAsAdmin(page, `/admin/orders?zone=${zone.id}`);
  await page.getByRole('link', { name: 'Plan all' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/plan\\?zone=${zone.id}$`));
  await expect(page.getByRole('heading', { name: `4 orders to ${couriers.length} couriers` })).toBeVisible();
  for (const order of orders) await expect(page.locator(`tr[data-plan-order-id="${order.id}"]`)).toBeVisible();
  await expect(page.getByText(/One trip with #/).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('plan.png') });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Confirm plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm Plan' }).click();
  await expectToast(page, 'The plan is confirmed: the couriers are told');
  await expect(page.getByRole('heading', { name: 'Nothing to plan' })).toBeVisible();
});
