/**
 * The earnings report and its CSV (spec 1-foundations-and-admin.md §2.11, §7.7; D21): orders completed in the
 * chosen days of the service time zone, every figure exact to the cent, the summary tabs
 * paged by name, the CSV's exact columns and file name, and long reports streamed in
 * batches; each read costs the page, not the month (issue 31).
 */
import { fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { completedIn } from '../../src/db/completedOrders';
import { courierSummaryQueries, earningsSummary, restaurantSummaryQueries } from '../../src/db/reports';
import { orders, users } from '../../src/db/schema';
import { addDays, dayRange } from '../../src/domain/time';
import { signedIn, testDb } from '../support/api';
import { daysAround } from '../support/clock';
import { insertBusiness, insertCourier, insertOrder, insertOrders, insertZone } from '../support/factories';
import { PERIODS } from '../support/periods';

const ZONE = 'America/New_York';
const at = (local: string) => fromZonedTime(local, ZONE).getTime();

describe('earnings report', () => {
  // The second day is one New York moves its clocks forward on: a 23-hour day.
  const { from, to } = PERIODS.reportAcrossDst;

  it('sums the orders completed in the chosen days (service time zone) to the cent, in the cards and both summary tabs', async () => {
    const db = testDb();
    const { courier, user } = await insertCourier(db);
    const other = await insertCourier(db);
    const completed = (local: string) => ({ completedAt: at(local) });
    const late = await insertOrder(db, {
      status: 'delivered',
      courierId: courier.id,
      amountCents: 123_45,
      deliveryFeeCents: 30_00,
      tipCents: 7_77,
      courierPayCents: 31_11,
      ...completed(`${to}T23:30:00`),
    });
    const early = await insertOrder(db, {
      status: 'delivered',
      amountCents: 10,
      deliveryFeeCents: 30_00,
      tipCents: 0,
      courierPayCents: null,
      ...completed(`${from}T00:10:00`),
    });
    const pharmacy = await insertOrder(db, {
      business: 'pharmacy',
      status: 'pharmacy_completed',
      courierId: courier.id,
      amountCents: 99_99,
      deliveryFeeCents: 10_01,
      tipCents: 99,
      courierPayCents: 11_00,
      ...completed(`${to}T12:00:00`),
    });
    // Outside the days, or not completed: left out.
    await insertOrder(db, {
      status: 'delivered',
      courierId: other.courier.id,
      amountCents: 1_00,
      courierPayCents: 1_00,
      ...completed(`${addDays(from, -1)}T23:59:59`),
    });
    await insertOrder(db, {
      status: 'delivered',
      courierId: other.courier.id,
      amountCents: 1_00,
      courierPayCents: 1_00,
      ...completed(`${addDays(to, 1)}T00:00:00`),
    });
    await insertOrder(db, { status: 'cancelled', amountCents: 1_00, ...completed(`${to}T10:00:00`) });

    const response = await (await signedIn('admin')).get(`/api/reports/earnings?from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ totalOrders: 3, totalOrdersAmount: '223.54', totalCourierPay: '42.11', totalPlatformRevenue: '36.66' });
    expect(response.body.report.map((row: { orderId: number }) => row.orderId)).toEqual([early.id, pharmacy.id, late.id]);
    expect(response.body.report[2]).toEqual({
      orderId: late.id,
      orderNumber: late.orderNumber,
      orderDate: new Date(at(`${to}T23:30:00`)).toISOString(),
      restaurantName: 'Harbor Bistro',
      courierId: courier.id,
      courierName: user.name,
      orderAmount: '123.45',
      deliveryFee: '30.00',
      tip: '7.77',
      courierPay: '31.11',
      platformFee: '6.66',
    });
    expect(response.body.report[0]).toMatchObject({ courierId: null, courierName: null, courierPay: null, platformFee: '30.00' });
    // The summary tabs are read apart, a page at a time (decision P31-4).
    expect(response.body).not.toHaveProperty('courierSummary');
    const couriers = await (await signedIn('admin')).get(`/api/reports/earnings/couriers?from=${from}&to=${to}`);
    expect(couriers.body).toEqual({
      rows: [{ courierId: courier.id, courierName: user.name, orders: 2, basePay: '33.35', tips: '8.76', total: '42.11' }],
      page: 1,
      pageSize: 50,
      total: 1,
    });
    const businesses = await (await signedIn('admin')).get(`/api/reports/earnings/restaurants?from=${from}&to=${to}`);
    expect(businesses.body.rows).toEqual([
      { restaurantId: pharmacy.restaurantId, restaurantName: 'Bayshore Pharmacy', orders: 1, orderTotal: '99.99', platformFee: '0.00' },
      { restaurantId: late.restaurantId, restaurantName: 'Harbor Bistro', orders: 2, orderTotal: '123.55', platformFee: '36.66' },
    ]);

    const page = await (await signedIn('admin')).get(`/api/reports/earnings?from=${from}&to=${to}&page=2&pageSize=2`);
    expect(page.body.report.map((row: { orderId: number }) => row.orderId)).toEqual([late.id]);
    expect(page.body.summary.totalOrders).toBe(3);
  });

  it('pages both summary tabs by name (case aside), each page summed in SQL; a courier without a name is "Courier #<id>"', async () => {
    const db = testDb();
    const day = PERIODS.reportTabs.from;
    const zone = await insertZone(db);
    const business = async (name: string) => (await insertBusiness(db, { zoneId: zone.id, name })).username;
    const [zeta, alpha, mango] = [await business('zeta Deli'), await business('Alpha Grill'), await business('mango Cafe')];
    const courier = async (name: string) => {
      const made = await insertCourier(db, { zoneId: zone.id });
      await db.update(users).set({ name }).where(eq(users.id, made.user.id));
      return made.courier.id;
    };
    const [bravo, nameless, alice, charlie] = [await courier('bravo'), await courier(''), await courier('Alice'), await courier('charlie')];
    const completed = (hour: number, courierId: number | null, amountCents: number) => ({
      status: 'delivered' as const,
      courierId,
      amountCents,
      deliveryFeeCents: 30_00,
      tipCents: 2_00,
      courierPayCents: courierId == null ? null : 20_00,
      completedAt: at(`${day}T${String(hour).padStart(2, '0')}:30:00`),
    });
    await insertOrders(db, zeta, [completed(9, bravo, 10_00), completed(10, bravo, 11_00), completed(11, null, 12_00)]);
    await insertOrders(db, alpha, [completed(12, nameless, 13_00), completed(13, alice, 14_00)]);
    await insertOrders(db, mango, [completed(14, charlie, 15_00), { ...completed(15, alice, 99_00), status: 'cancelled' }]);

    const admin = await signedIn('admin');
    const tab = async (name: string, page: number) => (await admin.get(`/api/reports/earnings/${name}?from=${day}&to=${day}&page=${page}&pageSize=2`)).body;
    const courierPages = [await tab('couriers', 1), await tab('couriers', 2), await tab('couriers', 3)];
    expect(courierPages.map((page) => page.rows.map((row: { courierName: string }) => row.courierName))).toEqual([
      [`Courier #${nameless}`, 'Alice'],
      ['bravo', 'charlie'],
      [],
    ]);
    expect(courierPages.map((page) => [page.page, page.pageSize, page.total])).toEqual([
      [1, 2, 4],
      [2, 2, 4],
      [3, 2, 4],
    ]);
    expect(courierPages[1].rows[0]).toEqual({ courierId: bravo, courierName: 'bravo', orders: 2, basePay: '36.00', tips: '4.00', total: '40.00' });

    const businessPages = [await tab('restaurants', 1), await tab('restaurants', 2)];
    expect(businessPages.map((page) => page.rows.map((row: { restaurantName: string }) => row.restaurantName))).toEqual([
      ['Alpha Grill', 'mango Cafe'],
      ['zeta Deli'],
    ]);
    expect(businessPages[1]).toMatchObject({ total: 3, page: 2 });
    // The order without a courier counts for its business; a cancelled one for nobody.
    expect(businessPages[1].rows[0]).toMatchObject({ orders: 3, orderTotal: '33.00', platformFee: '54.00' });
    expect(businessPages[0].rows[1]).toMatchObject({ orders: 1, orderTotal: '15.00', platformFee: '12.00' });
  });

  it("reads a page of a summary tab from the page's couriers or businesses, and the cards from the hourly totals, never the month's orders", async () => {
    const db = testDb();
    const range = dayRange('2024-03-01', ZONE, '2024-03-30');
    const plan = async (query: { getSQL(): SQL }) =>
      (await db.all<{ detail: string }>(sql.join([sql.raw('explain query plan '), query.getSQL()]))).map((row) => row.detail);
    const page = { limit: 50, offset: 50 };
    const tabs = [
      [courierSummaryQueries(db, range, page), 'orders_courier_completed_idx (courier_id=? AND completed_at>? AND completed_at<?)'],
      [restaurantSummaryQueries(db, range, page), 'orders_restaurant_completed_idx (restaurant_id=? AND completed_at>? AND completed_at<?)'],
    ] as const;
    for (const [queries, index] of tabs)
      for (const query of [queries.rows, queries.total]) {
        const readsOfOrders = (await plan(query)).filter((detail) => /\borders\b/.test(detail));
        expect(readsOfOrders.length).toBeGreaterThan(0);
        for (const detail of readsOfOrders) expect(detail).toBe(`SEARCH orders USING INDEX ${index}`);
      }
    const cards = await plan(earningsSummary(db, { start: range.start - 60_000, end: range.end + 60_000 }));
    expect(cards.filter((detail) => /^(SEARCH|SCAN) (orders|earnings_hourly_totals)\b/.test(detail))).toEqual([
      'SEARCH earnings_hourly_totals USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)',
      'SEARCH orders USING COVERING INDEX orders_completed_report_idx (completed_at>? AND completed_at<?)',
      'SEARCH orders USING COVERING INDEX orders_completed_report_idx (completed_at>? AND completed_at<?)',
    ]);
  });

  it('exports the same rows as CSV with the exact columns and file name', async () => {
    const db = testDb();
    const day = PERIODS.reportCsv.from;
    const { courier, user } = await insertCourier(db);
    const named = await insertOrder(db, {
      status: 'delivered',
      restaurantName: '=HYPERLINK("http://x"), "Deli"',
      courierId: courier.id,
      amountCents: 50_05,
      deliveryFeeCents: 30_00,
      tipCents: 0,
      courierPayCents: 30_00,
      completedAt: at(`${day}T09:05:07`),
    });
    const bare = await insertOrder(db, {
      status: 'delivered',
      amountCents: 20_00,
      deliveryFeeCents: 30_00,
      tipCents: 1_50,
      courierPayCents: null,
      completedAt: at(`${day}T18:00:00`),
    });
    const admin = await signedIn('admin');
    const requested = Date.now();
    const response = await admin.get(`/api/reports/earnings.csv?from=${day}&to=${day}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // Named for the day of the export, in the service zone.
    expect(daysAround(requested).map((today) => `attachment; filename="earnings-report-${today}.csv"`)).toContain(response.headers.get('content-disposition'));
    expect(response.text).toBe(
      'Order ID,Order Number,Order Date,Restaurant,Courier,Order Amount,Delivery Fee,Tip,Courier Pay,Platform Fee\r\n' +
        `${named.id},${named.orderNumber},${day} 09:05:07,"'=HYPERLINK(""http://x""), ""Deli""",${user.name},50.05,30.00,0.00,30.00,0.00\r\n` +
        `${bare.id},${bare.orderNumber},${day} 18:00:00,Harbor Bistro,N/A,20.00,30.00,1.50,0.00,30.00\r\n`,
    );
  });

  it('streams a long report in batches: every row once, in order, matching the summary', async () => {
    const db = testDb();
    const day = PERIODS.reportStream.from;
    const count = 4_321; // three batches of the stream (2,000 rows each), edges inside groups of equal instants
    // Dated that day throughout, so these rows stay out of the current month's lists.
    const base = await insertOrder(db, {
      status: 'delivered',
      amountCents: 1,
      courierPayCents: 30_00,
      tipCents: 0,
      pickupTime: at(`${day}T07:00:00`),
      deliveryTime: at(`${day}T08:00:00`),
      completedAt: at(`${day}T08:00:00`),
    });
    const rows = Array.from({ length: count - 1 }, (_, i) => ({
      ...base,
      id: undefined,
      // Each row its own tracking link (issue 16): the copied one is unique to base.
      trackingToken: undefined,
      orderNumber: `S${base.id}-${i}`,
      amountCents: i + 2,
      // Many share a completion instant: the keyset must not skip or repeat rows at a batch edge.
      completedAt: at(`${day}T08:00:00`) + Math.floor(i / 7) * 1000,
    }));
    for (let i = 0; i < rows.length; i += 200) await db.insert(orders).values(rows.slice(i, i + 200));
    const admin = await signedIn('admin');
    const json = await admin.get(`/api/reports/earnings?from=${day}&to=${day}`);
    expect(json.body.summary.totalOrders).toBe(count);
    expect(json.body.report).toHaveLength(count);
    expect(new Set(json.body.report.map((row: { orderId: number }) => row.orderId)).size).toBe(count);
    const amounts = json.body.report.reduce((sum: number, row: { orderAmount: string }) => sum + Math.round(Number(row.orderAmount) * 100), 0);
    expect(Number(json.body.summary.totalOrdersAmount) * 100).toBeCloseTo(amounts, 6);
    const csv = await admin.get(`/api/reports/earnings.csv?from=${day}&to=${day}`);
    expect(csv.text.trimEnd().split('\r\n')).toHaveLength(count + 1);
  });

  it('reads a range of completion days from the covering index alone, not through the status index', async () => {
    const db = testDb();
    const query = db
      .select({ count: sql<number>`count(*)`, fees: sql<number>`sum(${orders.deliveryFeeCents})` })
      .from(orders)
      .where(completedIn(dayRange('2024-03-01', ZONE, '2024-03-30')));
    const plan = await db.all<{ detail: string }>(sql.join([sql.raw('explain query plan '), query.getSQL()]));
    expect(plan.map((row) => row.detail)).toEqual([
      expect.stringContaining('USING COVERING INDEX orders_completed_report_idx (completed_at>? AND completed_at<?)'),
    ]);
  });

  it('refuses bad ranges with 400', async () => {
    const admin = await signedIn('admin');
    const reversed = await admin.get('/api/reports/earnings?from=2024-03-10&to=2024-03-09');
    expect(reversed.status).toBe(400);
    expect(reversed.body.details).toBe('The start date must be on or before the end date');
    expect((await admin.get('/api/reports/earnings?from=2024-02-30&to=2024-03-09')).body.details).toBe('from must be a date (yyyy-MM-dd)');
    expect((await admin.get('/api/reports/earnings.csv?to=2024-03-09')).status).toBe(400);
  });
});
