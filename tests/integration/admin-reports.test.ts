/**
 * The earnings report and its CSV (spec 1-foundations-and-admin.md §2.11, §7.7; D21): orders completed in the
 * chosen days of the service time zone, every figure exact to the cent, the CSV's exact
 * columns and file name, and long reports streamed in batches.
 */
import { fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { completedIn } from '../../src/db/completedOrders';
import { orders } from '../../src/db/schema';
import { addDays, dayRange } from '../../src/domain/time';
import { signedIn, testDb } from '../support/api';
import { daysAround } from '../support/clock';
import { insertCourier, insertOrder } from '../support/factories';
import { PERIODS } from '../support/periods';

const ZONE = 'America/New_York';
const at = (local: string) => fromZonedTime(local, ZONE).getTime();

describe('earnings report', () => {
  // The second day is one New York moves its clocks forward on: a 23-hour day.
  const { from, to } = PERIODS.reportAcrossDst;

  it('sums the orders completed in the chosen days (service time zone) to the cent, with both summaries', async () => {
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
    expect(response.body.courierSummary).toEqual([
      { courierId: courier.id, courierName: user.name, orders: 2, basePay: '33.35', tips: '8.76', total: '42.11' },
    ]);
    expect(response.body.restaurantSummary).toEqual([
      { restaurantId: pharmacy.restaurantId, restaurantName: 'Bayshore Pharmacy', orders: 1, orderTotal: '99.99', platformFee: '0.00' },
      { restaurantId: late.restaurantId, restaurantName: 'Harbor Bistro', orders: 2, orderTotal: '123.55', platformFee: '36.66' },
    ]);

    const page = await (await signedIn('admin')).get(`/api/reports/earnings?from=${from}&to=${to}&page=2&pageSize=2`);
    expect(page.body.report.map((row: { orderId: number }) => row.orderId)).toEqual([late.id]);
    expect(page.body.summary.totalOrders).toBe(3);
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
