/**
 * The earnings report (spec 1-foundations-and-admin.md §2.11): a two-month range picker (default the last 30
 * days), four summary cards, the Order Details, Courier Summary and Restaurant Summary
 * tabs, skeletons while loading, the empty and error states, and Export CSV. Every
 * figure is computed by the server in SQL (GET /api/reports/earnings); each tab reads one
 * page of rows at a time, the two summary tabs only once opened (decision P31-4), and
 * the CSV is streamed by the server.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { formatUsd, parseMoney } from '../src/domain/money';
import { DataTable } from '../src/shared/DataTable';
import type { DayRange } from './lib/Calendar';
import { apiRequest } from './lib/api';
import { QueryProvider } from './lib/query';
import { DateRangePicker } from './lib/popovers';

interface Report {
  summary: { totalOrders: number; totalOrdersAmount: string; totalCourierPay: string; totalPlatformRevenue: string };
  report: Array<{
    orderId: number;
    orderNumber: string;
    orderDate: string;
    restaurantName: string;
    courierId: number | null;
    courierName: string | null;
    orderAmount: string;
    deliveryFee: string;
    tip: string;
    courierPay: string | null;
    platformFee: string;
  }>;
}

interface CourierRow {
  courierId: number;
  courierName: string;
  orders: number;
  basePay: string;
  tips: string;
  total: string;
}

interface RestaurantRow {
  restaurantId: number;
  restaurantName: string;
  orders: number;
  orderTotal: string;
  platformFee: string;
}

/** A page of a summary tab (GET /api/reports/earnings/couriers or /restaurants). */
interface TabPage<Row> {
  rows: Row[];
  page: number;
  pageSize: number;
  total: number;
}

export interface EarningsReportProps {
  /** The range to show first: the last 30 days up to today, or the one in the page's URL. */
  initialRange: { from: string; to: string };
  /** The zone the report's days are counted in (D21). */
  serviceTimeZone: string;
}

const PAGE_SIZE = 50;
const usd = (money: string | null) => formatUsd(parseMoney(money ?? '0'));
const pageCount = (rows: number) => Math.max(1, Math.ceil(rows / PAGE_SIZE));

function Report({ initialRange, serviceTimeZone }: EarningsReportProps) {
  const [range, setRange] = useState(initialRange);
  const [page, setPage] = useState(1);
  const query = new URLSearchParams(range).toString();
  const report = useQuery({
    queryKey: ['earnings', range.from, range.to, page],
    queryFn: () => apiRequest<Report>('GET', `/api/reports/earnings?${query}&page=${page}&pageSize=${PAGE_SIZE}`),
    // Turning pages keeps the cards and tabs in place; a new range shows the skeletons.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === range.from && previousQuery.queryKey[2] === range.to ? keepPreviousData(previous) : undefined,
  });

  function choose(next: DayRange) {
    const chosen = { from: next.from, to: next.to ?? next.from };
    setRange(chosen);
    setPage(1);
    history.replaceState(history.state, '', `?${new URLSearchParams(chosen)}`);
  }

  const data = report.data;
  const rows = data?.summary.totalOrders ?? 0;
  let content: ReactNode;
  if (report.isError) {
    content = (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-6 text-center text-sm text-red-700">
        Error loading report data
      </p>
    );
  } else if (!data) {
    content = <ReportSkeleton />;
  } else if (rows === 0) {
    content = (
      <p className="rounded-md border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500">No orders found for the selected period</p>
    );
  } else {
    content = <ReportTabs data={data} range={range} page={page} pages={pageCount(rows)} onPage={setPage} serviceTimeZone={serviceTimeZone} />;
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <DateRangePicker value={range} onChange={choose} label="Report period" />
        {rows > 0 && !report.isError ? (
          <a className="btn btn-outline" href={`/api/reports/earnings.csv?${query}`} download>
            Export CSV
          </a>
        ) : null}
      </div>
      {content}
    </div>
  );
}

function ReportSkeleton() {
  return (
    <div aria-label="Loading report" aria-busy="true" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="skeleton h-24" data-testid="skeleton" />
        ))}
      </div>
      <div className="skeleton h-64" data-testid="skeleton" />
    </div>
  );
}

const TABS = [
  ['orders', 'Order Details'],
  ['couriers', 'Courier Summary'],
  ['restaurants', 'Restaurant Summary'],
] as const;

/** The cards, then the three tables; the order details turn pages on the server. */
function ReportTabs({
  data,
  range,
  page,
  pages,
  onPage,
  serviceTimeZone,
}: {
  data: Report;
  range: { from: string; to: string };
  page: number;
  pages: number;
  onPage: (page: number) => void;
  serviceTimeZone: string;
}) {
  const date = new Intl.DateTimeFormat('en-US', { timeZone: serviceTimeZone, month: 'short', day: 'numeric', year: 'numeric' });
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[
          ['Total Orders', String(data.summary.totalOrders)],
          ['Order Amount', usd(data.summary.totalOrdersAmount)],
          ['Courier Payments', usd(data.summary.totalCourierPay)],
          ['Platform Revenue', usd(data.summary.totalPlatformRevenue)],
        ].map(([label, value]) => (
          <div key={label} className="card p-5">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Tabs.Root defaultValue="orders">
        <Tabs.List className="mb-3 flex gap-1 overflow-x-auto rounded-md bg-slate-100 p-1" aria-label="Report">
          {TABS.map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="rounded px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="orders">
          <Table
            columns={['Order #', 'Date', 'Restaurant', 'Courier', 'Amount', 'Delivery Fee', 'Tip', 'Courier Pay', 'Platform']}
            rows={data.report.map((row) => [
              `#${row.orderNumber}`,
              date.format(new Date(row.orderDate)),
              row.restaurantName,
              row.courierId == null ? '-' : (row.courierName ?? `Courier #${row.courierId}`),
              usd(row.orderAmount),
              usd(row.deliveryFee),
              usd(row.tip),
              usd(row.courierPay),
              usd(row.platformFee),
            ])}
          />
          <Pager label="Order Details pages" page={page} pages={pages} onPage={onPage} />
        </Tabs.Content>
        {/* A tab's content mounts when the tab is shown: the summaries are read then, not with the cards. */}
        <Tabs.Content value="couriers">
          <SummaryTab<CourierRow>
            name="couriers"
            label="Courier Summary"
            range={range}
            columns={['Courier', 'Orders', 'Base Pay', 'Tips', 'Total']}
            cells={(row) => [row.courierName, String(row.orders), usd(row.basePay), usd(row.tips), usd(row.total)]}
          />
        </Tabs.Content>
        <Tabs.Content value="restaurants">
          <SummaryTab<RestaurantRow>
            name="restaurants"
            label="Restaurant Summary"
            range={range}
            columns={['Restaurant', 'Orders', 'Order Total', 'Platform Fee']}
            cells={(row) => [row.restaurantName, String(row.orders), usd(row.orderTotal), usd(row.platformFee)]}
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/** A summary tab, read a page at a time from the server (50 rows, by name), with its own pager. */
function SummaryTab<Row>({
  name,
  label,
  range,
  columns,
  cells,
}: {
  name: 'couriers' | 'restaurants';
  label: string;
  range: { from: string; to: string };
  columns: string[];
  cells: (row: Row) => string[];
}) {
  const [page, setPage] = useState(1);
  const tab = useQuery({
    queryKey: ['earnings', range.from, range.to, name, page],
    queryFn: () => apiRequest<TabPage<Row>>('GET', `/api/reports/earnings/${name}?${new URLSearchParams(range)}&page=${page}&pageSize=${PAGE_SIZE}`),
    // Turning pages keeps the rows in place until the next page arrives.
    placeholderData: keepPreviousData,
  });
  if (tab.isError)
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-6 text-center text-sm text-red-700">
        Error loading report data
      </p>
    );
  if (!tab.data)
    return (
      <div aria-label={`Loading ${label}`} aria-busy="true">
        <div className="skeleton h-64" data-testid="skeleton" />
      </div>
    );
  if (tab.data.total === 0)
    return <p className="rounded-md border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500">No {name} found for the selected period</p>;
  // Busy while the next page is read (the last one stays in place meanwhile).
  return (
    <div aria-busy={tab.isPlaceholderData}>
      <Table columns={columns} rows={tab.data.rows.map(cells)} />
      <Pager label={`${label} pages`} page={page} pages={pageCount(tab.data.total)} onPage={setPage} />
    </div>
  );
}

/** Previous and Next under a table, with "Page N of M"; nothing when there is one page. */
function Pager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="mt-3 flex items-center justify-between text-sm" aria-label={label}>
      <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn btn-outline btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

function Table({ columns, rows }: { columns: string[]; rows: string[][] }) {
  return (
    <DataTable label="Earnings" columns={columns}>
      {rows.map((cells, index) => (
        <tr key={index}>
          {cells.map((cell, column) => (
            <td key={column} className={column === 0 ? 'font-medium' : 'tabular-nums'}>
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}

export default function EarningsReport(props: EarningsReportProps) {
  return (
    <QueryProvider>
      <Report {...props} />
    </QueryProvider>
  );
}
