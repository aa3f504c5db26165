/**
 * Past periods, one per test that reads a view covering every business and courier (the
 * admin earnings report, the admin orders list of a day or month) and asserts exact
 * figures: no other test writes into its period, so what the view shows is the test's
 * own. Each is years back, out of reach of data dated relative to now (the seed's, or
 * "40 days ago"), and periods.test.ts keeps them at least a day apart from one another.
 * Add a period here rather than pick a date in a test.
 */
export interface Period {
  /** First day, 'yyyy-MM-dd', service zone. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

export const PERIODS = {
  /** admin-reports.test.ts: New York's 23-hour day (clocks forward) and the day before. */
  reportAcrossDst: { from: '2024-03-09', to: '2024-03-10' },
  /** admin-reports.test.ts: the CSV export's day. */
  reportCsv: { from: '2024-04-02', to: '2024-04-02' },
  /** totals.test.ts: orders completed, changed and removed around the hours of the earnings totals (issue 31). */
  earningsTotals: { from: '2017-08-20', to: '2017-08-20' },
  /** admin-reports.test.ts: the Courier and Restaurant Summary tabs, paged. */
  reportTabs: { from: '2016-10-04', to: '2016-10-04' },
  /** admin-reports.test.ts: a long report streamed in batches. */
  reportStream: { from: '2023-01-15', to: '2023-01-15' },
  /** admin-pages.test.ts: a month of 60 orders, paged at 50. */
  ordersPaging: { from: '2025-06-01', to: '2025-06-30' },
  /** admin-pages.test.ts: a month of open and finished orders, paged in the 'next' order across the two. */
  ordersNextSort: { from: '2004-09-01', to: '2004-09-30' },
  /** admin-pages.test.ts: a month holding an order that cannot be read. */
  ordersUnreadable: { from: '2001-01-01', to: '2001-01-31' },
  /** admin-pages.test.ts: a day of orders showing the courier-online indicator. */
  ordersOnlineIndicator: { from: '2002-02-14', to: '2002-02-14' },
  /** admin-missed-pickup.test.ts: a day of one missed pickup, in the Cancelled tab. */
  missedPickupList: { from: '2002-03-14', to: '2002-03-14' },
  /** admin-earnings.spec.ts: the range picked in the report's calendar. */
  earningsPicked: { from: '2019-05-01', to: '2019-05-31' },
  /** tracking.test.ts: a day of ETAs shown before arrivals, for the ETA accuracy report. */
  etaAccuracy: { from: '2003-06-10', to: '2003-06-10' },
  /** customer-messages.spec.ts: the days picked for the ETA accuracy report. */
  etaAccuracyPicked: { from: '2003-07-14', to: '2003-07-15' },
  /** admin-earnings.spec.ts: a day whose report table is wider than a tablet. */
  earningsSideways: { from: '2018-09-12', to: '2018-09-12' },
  /** admin-earnings.spec.ts: a day of 51 couriers' orders, two pages of the Courier Summary tab. */
  earningsTabsPaged: { from: '2015-11-03', to: '2015-11-03' },
  /** admin-earnings.spec.ts: a period without orders. */
  earningsEmpty: { from: '2000-01-01', to: '2000-01-31' },
} satisfies Record<string, Period>;
