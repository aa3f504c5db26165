/**
 * The earnings report (spec 1-foundations-and-admin.md §2.11): a two-month range picker (default the last 30
 * days), four summary cards, the Order Details, Courier Summary and Restaurant Summary
 * tabs, skeletons while loading, the empty and error states, and Export CSV. Every
 * figure is computed by the server in SQL (GET /api/reports/earnings); the Order Details
 * tab reads one page of rows at a time, and the CSV is streamed by the server.
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
  courierSummary: Array<{ courierId: number; courierName: string; orders: number; basePay: string; tips: string; total: string }>;
  restaurantSummary: Array<{ restaurantId: number; restaurantName: string; orders: number; orderTotal: string; platformFee: string }>;
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

export interface EarningsReportProps {
  /** The range to show first: the last 30 days up to today, or the one in the page's URL. */
  initialRange: { from: string; to: string };
  /** The zone the report's days are counted in (D21). */
  serviceTimeZone: string;
}

const PAGE_SIZE = 50;
const usd = (money: string | null) => formatUsd(parseMoney(money ?? '0'));

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
    content = <ReportTabs data={data} page={page} pages={Math.max(1, Math.ceil(rows / PAGE_SIZE))} onPage={setPage} serviceTimeZone={serviceTimeZone} />;
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
  page,
  pages,
  onPage,
  serviceTimeZone,
}: {
  data: Report;
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
          {pages > 1 ? (
            <nav className="mt-3 flex items-center justify-between text-sm" aria-label="Order Details pages">
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
          ) : null}
        </Tabs.Content>
        <Tabs.Content value="couriers">
          <Table
            columns={['Courier', 'Orders', 'Base Pay', 'Tips', 'Total']}
            rows={data.courierSummary.map((row) => [row.courierName, String(row.orders), usd(row.basePay), usd(row.tips), usd(row.total)])}
          />
        </Tabs.Content>
        <Tabs.Content value="restaurants">
          <Table
            columns={['Restaurant', 'Orders', 'Order Total', 'Platform Fee']}
            rows={data.restaurantSummary.map((row) => [row.restaurantName, String(row.orders), usd(row.orderTotal), usd(row.platformFee)])}
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
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
