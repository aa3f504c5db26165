/** The earnings report in the browser (spec 1-foundations-and-admin.md §2.11, §8.7; D21; its summary tabs paged, decision P31-4). */
import { readFileSync } from 'node:fs';
import { fromZonedTime } from 'date-fns-tz';
import { addDays } from '../../islands/lib/Calendar';
import { dayIn } from '../../src/domain/time';
import { daysAround } from '../support/clock';
import { insertBusiness, insertCourier, insertOrder, insertOrders, insertZone } from '../support/factories';
import { PERIODS } from '../support/periods';
import { openAsAdmin, summaryTabRow } from './admin-helpers';
import { expectAccessible } from './axe';
import { expect, islandsHydrated, test } from './fixtures';

const ZONE = 'America/New_York';
const at = (local: string) => fromZonedTime(local, ZONE).getTime();

test.describe('earnings report', () => {
  test('shows the last 30 days, then the chosen range: cards, three tabs and a CSV that match to the cent', async ({ page, db }) => {
    // The report covers every business: the range picked is a month no other test writes into.
    const { from, to } = PERIODS.earningsPicked;
    const month = from.slice(0, 7);
    const { courier, user } = await insertCourier(db);
    // Two orders completed on the 10th and 11th (one late in the evening), one on the 12th.
    const first = await insertOrder(db, {
      status: 'delivered',
      courierId: courier.id,
      amountCents: 100_01,
      deliveryFeeCents: 30_00,
      tipCents: 2_22,
      courierPayCents: 25_55,
      completedAt: at(`${month}-10T12:00:00`),
    });
    const second = await insertOrder(db, {
      business: 'pharmacy',
      status: 'pharmacy_completed',
      courierId: courier.id,
      amountCents: 45_67,
      deliveryFeeCents: 12_34,
      tipCents: 0,
      courierPayCents: 12_34,
      completedAt: at(`${month}-11T23:30:00`),
    });
    await insertOrder(db, { status: 'delivered', courierId: courier.id, amountCents: 999_99, courierPayCents: 1_00, completedAt: at(`${month}-12T08:00:00`) });

    const today = dayIn(ZONE);
    await openAsAdmin(page, '/admin/earnings');
    const picker = page.getByRole('button', { name: /^Report period:/ });
    await expect(picker).toHaveText(`${addDays(today, -29)} – ${today}`);
    await expect(page.getByText('Total Orders')).toBeVisible();

    // The month, as a link to it would open it; then two of its days picked in the calendar.
    await page.goto(`/admin/earnings?from=${from}&to=${to}`);
    await islandsHydrated(page);
    await expect(picker).toHaveText(`${from} – ${to}`);
    await picker.click();
    const calendar = page.getByRole('group', { name: 'Report period' });
    await expect(calendar.getByRole('grid')).toHaveCount(2);
    await calendar.locator(`[data-day="${month}-10"]`).click();
    await calendar.locator(`[data-day="${month}-11"]`).click();
    await expect(picker).toHaveText(`${month}-10 – ${month}-11`);
    await expect(page).toHaveURL(new RegExp(`from=${month}-10&to=${month}-11`));

    const cards = page.locator('dl').first();
    await expect(cards).toContainText('Total Orders2');
    await expect(cards).toContainText('Order Amount$145.68');
    await expect(cards).toContainText('Courier Payments$37.89');
    await expect(cards).toContainText('Platform Revenue$6.67');

    const details = page.getByRole('tabpanel', { name: 'Order Details' });
    await expect(details.getByRole('row')).toHaveCount(3);
    await expect(details.getByRole('row').nth(1)).toContainText(`#${first.orderNumber}`);
    await expect(details.getByRole('row').nth(1)).toContainText(user.name);
    await expect(details.getByRole('row').nth(2)).toContainText('$45.67');

    await page.getByRole('tab', { name: 'Courier Summary' }).click();
    const couriers = page.getByRole('tabpanel', { name: 'Courier Summary' });
    await expect(couriers.getByRole('row').nth(1)).toHaveText(`${user.name}2$35.67$2.22$37.89`);
    await page.getByRole('tab', { name: 'Restaurant Summary' }).click();
    const businesses = page.getByRole('tabpanel', { name: 'Restaurant Summary' });
    await expect(businesses.getByRole('row')).toHaveText([/Restaurant/, 'Bayshore Pharmacy1$45.67$0.00', 'Harbor Bistro1$100.01$6.67']);

    const exported = Date.now();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(daysAround(exported).map((day) => `earnings-report-${day}.csv`)).toContain(download.suggestedFilename());
    expect(readFileSync(await download.path(), 'utf8')).toBe(
      'Order ID,Order Number,Order Date,Restaurant,Courier,Order Amount,Delivery Fee,Tip,Courier Pay,Platform Fee\r\n' +
        `${first.id},${first.orderNumber},${month}-10 12:00:00,Harbor Bistro,${user.name},100.01,30.00,2.22,25.55,6.67\r\n` +
        `${second.id},${second.orderNumber},${month}-11 23:30:00,Bayshore Pharmacy,${user.name},45.67,12.34,0.00,12.34,0.00\r\n`,
    );
  });

  test('reads a summary tab only when it is opened, 50 rows a page by name, with a pager (decision P31-4)', async ({ page, db }) => {
    test.setTimeout(90_000);
    const day = PERIODS.earningsTabsPaged.from;
    const zone = await insertZone(db);
    const { username, restaurant } = await insertBusiness(db, { zoneId: zone.id });
    const made = [];
    for (let i = 0; i < 51; i++) made.push(await insertCourier(db, { zoneId: zone.id }));
    await insertOrders(
      db,
      username,
      made.map(({ courier }, i) => ({
        status: 'delivered',
        courierId: courier.id,
        amountCents: 10_00,
        deliveryFeeCents: 30_00,
        tipCents: 0,
        courierPayCents: 20_00,
        completedAt: at(`${day}T10:00:00`) + i * 60_000,
      })),
    );
    const names = made.map(({ user }) => user.name).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    const tabReads: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/reports\/earnings\/(couriers|restaurants)\?/.test(request.url())) tabReads.push(new URL(request.url()).pathname);
    });

    await page.setViewportSize({ width: 1366, height: 900 });
    await openAsAdmin(page, `/admin/earnings?from=${day}&to=${day}`);
    await expect(page.locator('dl').first()).toContainText('Total Orders51');
    expect(tabReads).toEqual([]);

    await page.getByRole('tab', { name: 'Courier Summary' }).click();
    const couriers = page.getByRole('tabpanel', { name: 'Courier Summary' });
    const rows = couriers.getByRole('row');
    await expect(rows).toHaveCount(51); // the header and 50 couriers
    await expect(rows.nth(1)).toHaveText(`${names[0]}1$20.00$0.00$20.00`);
    const pager = couriers.getByRole('navigation', { name: 'Courier Summary pages' });
    await expect(pager).toContainText('Page 1 of 2');
    await expectAccessible(page);
    // The last by name is the one on page 2.
    await expect(await summaryTabRow(couriers, names[50])).toHaveText(`${names[50]}1$20.00$0.00$20.00`);
    await expect(rows).toHaveCount(2);
    await expect(pager).toContainText('Page 2 of 2');
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    await page.getByRole('tab', { name: 'Restaurant Summary' }).click();
    const businesses = page.getByRole('tabpanel', { name: 'Restaurant Summary' });
    await expect(businesses.getByRole('row')).toHaveText([/Restaurant/, `${restaurant.name}51$510.00$510.00`]);
    await expect(businesses.getByRole('navigation')).toHaveCount(0);
    expect(tabReads).toEqual(['/api/reports/earnings/couriers', '/api/reports/earnings/couriers', '/api/reports/earnings/restaurants']);
    await expectAccessible(page);
  });

  test('a table wider than the screen says so, shades the edge with columns beyond, and scrolls from the keyboard (decision W10)', async ({ page, db }) => {
    const { from, to } = PERIODS.earningsSideways;
    await insertOrder(db, { status: 'delivered', amountCents: 42_00, completedAt: at(`${from}T12:00:00`) });
    await page.setViewportSize({ width: 768, height: 1024 });
    await openAsAdmin(page, `/admin/earnings?from=${from}&to=${to}`);
    const details = page.getByRole('tabpanel', { name: 'Order Details' });
    const table = details.getByRole('region', { name: 'Earnings' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const hint = details.getByText('Scroll sideways for more columns');
    await expect(hint).toBeVisible();
    /** How dark each edge's shade is (0: none). */
    const shades = () =>
      table.evaluate((area) => {
        const frame = area.parentElement!;
        return { start: Number(getComputedStyle(frame, '::before').opacity), end: Number(getComputedStyle(frame, '::after').opacity) };
      });
    expect(await shades()).toEqual({ start: 0, end: 1 });
    await expectAccessible(page);

    await table.focus();
    for (let press = 0; press < 20; press++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => table.evaluate((area) => area.scrollLeft + area.clientWidth >= area.scrollWidth - 1)).toBe(true);
    await expect.poll(shades).toEqual({ start: 1, end: 0 });

    // Wide enough for every column: nothing to scroll, so nothing said.
    await page.setViewportSize({ width: 1366, height: 1024 });
    await expect(hint).toBeHidden();
    expect(await shades()).toEqual({ start: 0, end: 0 });
  });

  test('says when a period has no orders, and offers no export', async ({ page }) => {
    const { from, to } = PERIODS.earningsEmpty;
    await openAsAdmin(page, `/admin/earnings?from=${from}&to=${to}`);
    await expect(page.getByText('No orders found for the selected period')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  });

  test('shows skeletons while loading and the error message when the report fails', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/reports/earnings?*', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' });
    });
    await openAsAdmin(page, '/admin/earnings');
    await expect(page.getByLabel('Loading report')).toBeVisible();
    await expect(page.getByTestId('skeleton')).toHaveCount(5);
    release();
    await expect(page.getByRole('alert').filter({ hasText: 'Error loading report data' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  });
});
