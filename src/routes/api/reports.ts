/** /api/reports: the earnings report and its CSV (spec 1-foundations-and-admin.md §2.11, §7.7). Issue 3. */
import { Hono, type Context } from 'hono';
import type { Db } from '../../db/client';
import {
  courierEarningsPage,
  earningsOverview,
  earningsRows,
  restaurantEarningsPage,
  type CourierEarnings,
  type EarningsSummary,
  type RestaurantEarnings,
  type SummaryTabRead,
} from '../../db/reports';
import { courierLabel, rowPlatformFee, EARNINGS_CSV_COLUMNS, earningsCsvFileName, earningsCsvLine, csvLine, type EarningsRow } from '../../domain/earnings';
import { formatMoney } from '../../domain/money';
import { PAGE_SIZE } from '../../domain/paging';
import { earningsQuerySchema, type EarningsQuery } from '../../domain/schemas/reports';
import { dayIn, dayRange, type Range } from '../../domain/time';
import type { AppEnv } from '../../env';
import { requireApi } from '../../http/guards';
import { streamBatches, type BatchSizes } from '../../http/stream';
import { validate } from '../../http/validate';

const reports = new Hono<AppEnv>();

/**
 * Rows per database read when a whole report is streamed: a first batch of 1,000 (its first
 * bytes soon), then twice as many each time up to 8,000 (about 1.6 MB of rows): a month of
 * 17,000 orders in 5 round trips, not 10 of 2,000, and never more than one batch in memory.
 */
export const STREAM_BATCHES: BatchSizes = { first: 1000, largest: 8000 };

function serializeRow(row: EarningsRow) {
  return {
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    orderDate: new Date(row.completedAt).toISOString(),
    restaurantName: row.restaurantName,
    courierId: row.courierId,
    courierName: row.courierName,
    orderAmount: formatMoney(row.amountCents),
    deliveryFee: formatMoney(row.deliveryFeeCents),
    tip: formatMoney(row.tipCents),
    courierPay: row.courierPayCents == null ? null : formatMoney(row.courierPayCents),
    platformFee: formatMoney(rowPlatformFee(row)),
  };
}

function serializeSummary(summary: EarningsSummary) {
  return {
    totalOrders: summary.totalOrders,
    totalOrdersAmount: formatMoney(summary.totalOrdersAmountCents),
    totalCourierPay: formatMoney(summary.totalCourierPayCents),
    totalPlatformRevenue: formatMoney(summary.totalPlatformRevenueCents),
  };
}

const serializeCourierEarnings = (row: CourierEarnings) => ({
  courierId: row.courierId,
  courierName: courierLabel(row.courierId, row.courierName),
  orders: row.orders,
  basePay: formatMoney(row.basePayCents),
  tips: formatMoney(row.tipsCents),
  total: formatMoney(row.totalCents),
});

const serializeRestaurantEarnings = (row: RestaurantEarnings) => ({
  restaurantId: row.restaurantId,
  restaurantName: row.restaurantName,
  orders: row.orders,
  orderTotal: formatMoney(row.orderTotalCents),
  platformFee: formatMoney(row.platformFeeCents),
});

/** The next batch of a report after the last row written. */
const nextRows = (db: Db, range: Range) => (last: EarningsRow | undefined, limit: number) =>
  earningsRows(db, range, { limit, after: last && { completedAt: last.completedAt, id: last.orderId } });

/**
 * GET /api/reports/earnings?from=yyyy-MM-dd&to=yyyy-MM-dd: {summary, report[]} (spec 1-foundations-and-admin.md
 * §7.7), computed in SQL over the orders completed in those days in the service time
 * zone (D21). With page (and pageSize, default 50) `report` is that page of rows; without,
 * every row, streamed. The two summary tabs are read apart, a page at a time (decision P31-4).
 */
reports.get('/earnings', requireApi('admin'), validate('query', earningsQuerySchema), async (c) => {
  const query = c.req.valid('query');
  const range = dayRange(query.from, c.env.SERVICE_TIME_ZONE, query.to);
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const page = query.page ? { limit: pageSize, offset: (query.page - 1) * pageSize } : undefined;
  const overview = await earningsOverview(c.var.db, range, page);
  const head = { summary: serializeSummary(overview.summary) };
  if (query.page) return c.json({ ...head, report: overview.rows.map(serializeRow), page: query.page, pageSize });
  const body = streamBatches({
    next: nextRows(c.var.db, range),
    sizes: STREAM_BATCHES,
    encode: (row) => JSON.stringify(serializeRow(row)),
    head: `${JSON.stringify(head).slice(0, -1)},"report":[`,
    separator: ',',
    tail: ']}',
  });
  return new Response(body, { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
});

/** A page of a summary tab (?page, default 1; pageSize, default 50): {rows, page, pageSize, total}, rows by name. */
async function summaryTab<Row, Shown>(c: Context<AppEnv>, query: EarningsQuery, read: SummaryTabRead<Row>, serialize: (row: Row) => Shown) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const tab = await read(c.var.db, dayRange(query.from, c.env.SERVICE_TIME_ZONE, query.to), { limit: pageSize, offset: (page - 1) * pageSize });
  return c.json({ rows: tab.rows.map(serialize), page, pageSize, total: tab.total });
}

/** GET /api/reports/earnings/couriers?from&to&page: a page of the Courier Summary tab. */
reports.get('/earnings/couriers', requireApi('admin'), validate('query', earningsQuerySchema), (c) =>
  summaryTab(c, c.req.valid('query'), courierEarningsPage, serializeCourierEarnings),
);

/** GET /api/reports/earnings/restaurants?from&to&page: a page of the Restaurant Summary tab. */
reports.get('/earnings/restaurants', requireApi('admin'), validate('query', earningsQuerySchema), (c) =>
  summaryTab(c, c.req.valid('query'), restaurantEarningsPage, serializeRestaurantEarnings),
);

/** GET /api/reports/earnings.csv?from&to: the Export CSV file (spec 1-foundations-and-admin.md §2.11), streamed row by row. */
reports.get('/earnings.csv', requireApi('admin'), validate('query', earningsQuerySchema), (c) => {
  const query = c.req.valid('query');
  const zone = c.env.SERVICE_TIME_ZONE;
  const body = streamBatches({
    next: nextRows(c.var.db, dayRange(query.from, zone, query.to)),
    sizes: STREAM_BATCHES,
    encode: (row) => earningsCsvLine(row, zone),
    head: csvLine(EARNINGS_CSV_COLUMNS),
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${earningsCsvFileName(dayIn(zone))}"`,
      'Cache-Control': 'no-store',
    },
  });
});

export default reports;
