/**
 * Courier earnings (spec 3-courier-area.md §2.17): a period (Today, Last 7 days, Last 30 days by default,
 * or a custom range), the summary cards and the "Earnings Detail" table. One region,
 * 'earnings', that the period links and the range picker load in place; the figures come
 * from the same query as GET /api/couriers/earnings.
 */
import { Hono } from 'hono';
import { courierEarnings } from '../../db/earnings';
import { DEFAULT_EARNINGS_PERIOD, earningsRange } from '../../domain/courierEarnings';
import { parseMoney } from '../../domain/money';
import { earningsQuerySchema } from '../../domain/schemas/courier';
import { DEFAULT_TIME_ZONE, isDay } from '../../domain/time';
import type { AppEnv } from '../../env';
import { ownCourierId } from '../../http/courier';
import { requirePage } from '../../http/guards';
import { Money, Time } from '../../views/components/ui';
import { Island } from '../../views/Island';
import { courierPage } from './page';

const earnings = new Hono<AppEnv>();

const PERIODS = [
  { key: 'today', label: 'Today' },
  { key: '7days', label: 'Last 7 days' },
  { key: '30days', label: 'Last 30 days' },
  { key: 'custom', label: 'Custom range' },
] as const;

const cents = (value: string) => parseMoney(value) ?? 0;

earnings.get('/', requirePage('courier'), (c) => {
  const courierId = ownCourierId(c);
  const parsed = earningsQuerySchema.safeParse(c.req.query());
  const query = parsed.success ? parsed.data : {};
  const period = query.period ?? (query.startDate ? 'custom' : DEFAULT_EARNINGS_PERIOD);
  const path = `${c.var.courierBase}/earnings`;
  const startDate = query.startDate && isDay(query.startDate) ? query.startDate : null;
  const endDate = query.endDate && isDay(query.endDate) ? query.endDate : null;

  return courierPage(c, {
    title: 'Earnings',
    partials: {
      earnings: {
        history: true,
        fallback: <p className="p-6 text-center text-sm text-slate-500">Loading earnings data...</p>,
        render: async () => {
          const range = period === 'custom' && !query.startDate ? null : earningsRange(query, c.env.SERVICE_TIME_ZONE || DEFAULT_TIME_ZONE, Date.now());
          const data = range ? await courierEarnings(c.var.db, courierId, range) : null;
          return (
            <div className="space-y-4">
              <nav aria-label="Period" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {PERIODS.map((option) => (
                  <a
                    key={option.key}
                    href={`${path}?period=${option.key}`}
                    data-partial-target="earnings"
                    aria-current={option.key === period ? 'page' : undefined}
                    className={`btn h-10 ${option.key === period ? 'btn-primary' : 'btn-outline'}`}
                  >
                    {option.label}
                  </a>
                ))}
              </nav>
              {period === 'custom' ? <Island name="CourierEarningsRange" props={{ path, partial: 'earnings', startDate, endDate }} /> : null}
              {data ? (
                <>
                  <dl className="grid grid-cols-2 gap-3">
                    <SummaryCard label="Total Earnings" value={<Money cents={cents(data.summary.totalEarnings)} />} />
                    <SummaryCard label="Base Pay" value={<Money cents={cents(data.summary.totalBasePay)} />} />
                    <SummaryCard label="Tips" value={<Money cents={cents(data.summary.totalTips)} />} />
                    <SummaryCard label="Completed Deliveries" value={data.summary.ordersCount} />
                  </dl>
                  <section className="card overflow-hidden" aria-labelledby="earnings-detail">
                    <h2 id="earnings-detail" className="border-b border-slate-200 p-4 font-semibold">
                      Earnings Detail
                    </h2>
                    {data.orders.length === 0 ? (
                      <p className="p-6 text-center text-sm text-slate-500">No completed deliveries found for the selected period</p>
                    ) : (
                      <div className="overflow-x-auto">
                        <table className="table">
                          <thead>
                            <tr>
                              {/* On a phone the money columns stay in view: order number and restaurant go under the date (decision F13). */}
                              <th scope="col" className="hidden sm:table-cell">
                                Order #
                              </th>
                              <th scope="col" className="px-2 sm:px-3">
                                Date
                              </th>
                              <th scope="col" className="hidden sm:table-cell">
                                Restaurant
                              </th>
                              <th scope="col" className="px-2 text-right sm:px-3">
                                Base Pay
                              </th>
                              <th scope="col" className="px-2 text-right sm:px-3">
                                Tips
                              </th>
                              <th scope="col" className="px-2 text-right sm:px-3">
                                Total
                              </th>
                            </tr>
                          </thead>
                          <tbody>
                            {data.orders.map((row) => (
                              <tr key={row.id}>
                                <td className="hidden sm:table-cell">{row.orderNumber}</td>
                                <td className="px-2 sm:px-3 sm:whitespace-nowrap">
                                  <Time value={row.deliveredAt ?? row.createdAt} pattern="MM/dd/yyyy h:mm a" />
                                  <span className="block text-xs text-slate-600 sm:hidden">
                                    #{row.orderNumber} · {row.restaurantName}
                                  </span>
                                </td>
                                <td className="hidden sm:table-cell">{row.restaurantName}</td>
                                <td className="px-2 text-right whitespace-nowrap tabular-nums sm:px-3">
                                  <Money cents={cents(row.basePay)} />
                                </td>
                                <td className="px-2 text-right whitespace-nowrap tabular-nums sm:px-3">
                                  <Money cents={cents(row.tipAmount)} />
                                </td>
                                <td className="px-2 text-right font-medium whitespace-nowrap tabular-nums sm:px-3">
                                  <Money cents={cents(row.totalPay)} />
                                </td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    )}
                  </section>
                </>
              ) : (
                <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
                  Pick a date range to see your earnings.
                </p>
              )}
            </div>
          );
        },
      },
    },
    body: (slot) => (
      <>
        <h1 className="mb-4 text-2xl font-bold">Earnings</h1>
        {slot('earnings')}
      </>
    ),
  });
});

function SummaryCard({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="card p-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

export default earnings;
