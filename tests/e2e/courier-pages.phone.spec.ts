/** The courier's other pages on a phone (issue 5): scheduled tasks, profile, earnings. */
import { eq } from 'drizzle-orm';
import { couriers, users } from '../../src/db/schema';
import { todayAt } from '../support/clock';
import { insertHeldOrder } from '../support/courier';
import { signInNewCourier, toast } from './courier';
import { expect, islandsHydrated, test } from './fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

test.describe('scheduled tasks', () => {
  test('lists upcoming orders without actions, refreshes on demand, and opens an order with a way back', async ({ page, db }) => {
    const { courier } = await signInNewCourier(page, db);
    await insertHeldOrder(db, courier.id, 'courier_confirmed', { pickupTime: Date.now() + 3 * HOUR });
    await page.goto('/courier/tasks');
    await islandsHydrated(page);
    await expect(page.getByRole('link', { name: '← Dashboard' })).toHaveAttribute('href', '/courier/dashboard');
    await expect(page.getByRole('heading', { name: 'Upcoming Orders (1)' })).toBeVisible();
    await expect(page.getByRole('article').getByRole('button', { name: 'View Details' })).toHaveCount(0);

    await insertHeldOrder(db, courier.id, 'assigned', { pickupTime: Date.now() + 6 * HOUR });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(toast(page)).toContainText('Refreshed');
    await expect(toast(page)).toContainText('Future orders have been updated');
    await expect(page.getByRole('heading', { name: 'Upcoming Orders (2)' })).toBeVisible();

    await page.getByRole('article').first().getByRole('button', { name: 'Harbor Bistro' }).click();
    const view = page.getByRole('dialog');
    await expect(view.getByRole('button', { name: 'Cancel Order' })).toBeVisible();
    await view.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('says when there is nothing scheduled', async ({ page, db }) => {
    await signInNewCourier(page, db);
    await page.goto('/courier/tasks');
    await expect(page.getByText('No Scheduled Orders')).toBeVisible();
    await expect(
      page.getByText("You don't have any scheduled orders at the moment. Scheduled orders will appear here when restaurants assign them to you."),
    ).toBeVisible();
  });
});

test.describe('the header indicator', () => {
  test('opens the active delivery in place on the tasks page, and on the dashboard from other pages', async ({ page, db }) => {
    const { courier } = await signInNewCourier(page, db);
    const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer');
    await page.goto('/courier/tasks');
    await islandsHydrated(page);
    await page.getByRole('banner').getByRole('link', { name: '1 Active Order' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'En Route to Customer' })).toBeVisible();
    await expect(page).toHaveURL(`/courier/tasks?order=${order.id}`);

    await page.goto('/courier/profile');
    await page.getByRole('banner').getByRole('link', { name: '1 Active Order' }).click();
    await expect(page).toHaveURL(`/courier/dashboard?order=${order.id}`);
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'En Route to Customer' })).toBeVisible();
  });
});

test.describe('profile', () => {
  test('is read-only until Edit Profile; Save Changes checks the fields and saves; Cancel restores', async ({ page, db }) => {
    const { courier, user } = await signInNewCourier(page, db);
    await page.goto('/courier/profile');
    await islandsHydrated(page);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    const make = page.getByLabel('Vehicle Make');
    await expect(make).toHaveValue('Toyota');
    await expect(make).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Thermo Bags')).toBeDisabled();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await make.fill('Honda');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(make).toHaveValue('Toyota');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Phone').fill('123');
    await page.getByLabel('Vehicle Type').selectOption('hatchback');
    await page.getByLabel('Thermo Bags').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Phone must be exactly 10 digits')).toBeVisible();
    await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Phone').fill('8135551234');
    await page.getByLabel('Insurance Expiry').fill('2031-08-31');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('Profile updated successfully');
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    // A new expiry counts once an admin verifies it (C22): the form keeps the typed date and says so.
    await expect(page.getByLabel('Insurance Expiry')).toHaveValue('2031-08-31');
    await expect(page.getByText('Waiting for verification: this date counts once an administrator verifies it.')).toBeVisible();

    const [saved] = await db.select().from(couriers).where(eq(couriers.id, courier.id));
    expect(saved).toMatchObject({ vehicleType: 'hatchback', hasThermoBags: true, insuranceExpiryRequested: '2031-08-31', insuranceVerified: false });
    expect(saved.insuranceExpiry).not.toBe('2031-08-31');
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0].phone).toBe('8135551234');
  });
});

test.describe('earnings', () => {
  test('sums completed deliveries over the chosen period, with a detail row for each', async ({ page, db }) => {
    const { courier } = await signInNewCourier(page, db);
    const now = Date.now();
    // A minute ago, but never yesterday: the periods are the service zone's days.
    const today = await insertHeldOrder(db, courier.id, 'delivered', { courierPayCents: 4250, tipCents: 750, completedAt: todayAt(-60_000, now) });
    await insertHeldOrder(db, courier.id, 'delivered', { courierPayCents: 3000, tipCents: 0, completedAt: now - 5 * DAY });
    await insertHeldOrder(db, courier.id, 'delivered', { courierPayCents: 2000, tipCents: 500, completedAt: now - 20 * DAY });
    await page.goto('/courier/earnings');
    await islandsHydrated(page);

    const period = page.getByRole('navigation', { name: 'Period' });
    await expect(period.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page');
    const card = (label: string) =>
      page
        .getByRole('definition')
        .filter({ has: page.locator('xpath=..') })
        .and(page.locator(`xpath=//dt[.="${label}"]/following-sibling::dd`));
    await expect(card('Total Earnings')).toHaveText('$92.50');
    await expect(card('Base Pay')).toHaveText('$80.00');
    await expect(card('Tips')).toHaveText('$12.50');
    await expect(card('Completed Deliveries')).toHaveText('3');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText(today.orderNumber);
    await expect(rows.nth(1)).toContainText('Harbor Bistro');
    await expect(rows.nth(1)).toContainText('$35.00$7.50$42.50');
    await expect(rows.nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/);

    await period.getByRole('link', { name: 'Last 7 days' }).click();
    await expect(card('Completed Deliveries')).toHaveText('2');
    await expect(page).toHaveURL(/period=7days/);
    await period.getByRole('link', { name: 'Today' }).click();
    await expect(card('Completed Deliveries')).toHaveText('1');

    await period.getByRole('link', { name: 'Custom range' }).click();
    await expect(page.getByText('Pick a date range to see your earnings.')).toBeVisible();
    // The range picker arrived with the swapped region: a tap before it hydrates opens nothing.
    await islandsHydrated(page);
    await page.getByRole('button', { name: /Pick a date range/ }).click();
    const day = new Date(now - 5 * DAY);
    const label = (date: Date) =>
      `${date.toLocaleString('en-US', { month: 'long', timeZone: 'America/New_York' })} ${date.toLocaleString('en-US', { year: 'numeric', timeZone: 'America/New_York' })} ${date.toLocaleString('en-US', { day: 'numeric', timeZone: 'America/New_York' })}`;
    await page
      .getByRole('gridcell', { name: label(day) })
      .or(page.getByRole('button', { name: label(day) }))
      .first()
      .click();
    await page
      .getByRole('gridcell', { name: label(new Date(now)) })
      .or(page.getByRole('button', { name: label(new Date(now)) }))
      .first()
      .click();
    await expect(card('Completed Deliveries')).toHaveText('2');
    await expect(page).toHaveURL(/period=custom&startDate=\d{4}-\d{2}-\d{2}&endDate=\d{4}-\d{2}-\d{2}/);
  });

  test('says when the period has no completed deliveries', async ({ page, db }) => {
    await signInNewCourier(page, db);
    await page.goto('/courier/earnings?period=today');
    await expect(page.getByText('No completed deliveries found for the selected period')).toBeVisible();
    await expect(page.getByText('$0.00').first()).toBeVisible();
  });
});
