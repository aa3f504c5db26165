/**
 * Orders Management's list region (spec 2-business-area.md §2.6): tabs with counts, the date filter,
 * the summary line, the table and its pages. Tabs and page links are plain links that
 * the runtime loads into the region (data-partial-target), so they work without script.
 */
import type { Order } from '../../db/schema';
import { totalServiceFee } from '../../domain/fees';
import { formatUsd } from '../../domain/money';
import type { ListFilter } from '../../domain/orderFilters';
import { BUSINESS_TABS, businessStatusBadge, isCompleted, type BusinessTabKey } from '../../domain/orderStatus';
import { EmptyState, Money, StatusBadge, Time } from '../components/ui';
import { Island } from '../Island';
import { EditOrderButton, orderDetailsUrl } from './OrderActions';

export interface OrdersListProps {
  path: string;
  filter: ListFilter<BusinessTabKey>;
  counts: Record<BusinessTabKey, number>;
  summary: string;
  orders: Order[];
  courierNames: Map<number, string>;
  page: number;
  pages: number;
  today: string;
}

function listUrl(path: string, params: { status: string; month: string; day: string | null; page?: number }): string {
  const query = new URLSearchParams();
  if (params.status !== 'all') query.set('status', params.status);
  if (params.day) query.set('day', params.day);
  else query.set('month', params.month);
  if (params.page && params.page > 1) query.set('page', String(params.page));
  return `${path}?${query}`;
}

function courierText(order: Order, names: Map<number, string>): string {
  if (order.courierId == null) return 'Unassigned';
  return names.get(order.courierId) ?? `Courier #${order.courierId}`;
}

export function OrdersList({ path, filter, counts, summary, orders, courierNames, page, pages, today }: OrdersListProps) {
  const current = { status: filter.tab.key, month: filter.month, day: filter.day };
  return (
    <div className="space-y-4">
      <nav aria-label="Order status" className="flex flex-wrap gap-1 rounded-lg border border-slate-200 bg-white p-1">
        {BUSINESS_TABS.map((tab) => {
          const selected = tab.key === filter.tab.key;
          return (
            <a
              key={tab.key}
              href={listUrl(path, { ...current, status: tab.key })}
              data-partial-target="orders"
              aria-current={selected ? 'page' : undefined}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${selected ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
            >
              {tab.label} <span className={`tabular-nums ${selected ? 'text-slate-300' : 'text-slate-400'}`}>({counts[tab.key]})</span>
            </a>
          );
        })}
      </nav>
      <Island name="OrderListFilter" props={{ path, partial: 'orders', status: filter.tab.key, month: filter.month, day: filter.day, today }} />
      <p className="text-sm text-slate-600" role="status">
        {summary}
      </p>
      {orders.length === 0 ? (
        <EmptyState>No orders match this filter.</EmptyState>
      ) : (
        <div className="card overflow-x-auto">
          <table className="table min-w-[60rem] [&_td]:px-2 [&_th]:px-2">
            <thead>
              <tr>
                <th scope="col">Order #</th>
                <th scope="col">Internal #</th>
                <th scope="col">Customer</th>
                <th scope="col">Address</th>
                <th scope="col">Amount</th>
                <th scope="col">Service Payment</th>
                <th scope="col">Pickup Time</th>
                <th scope="col">Status</th>
                <th scope="col">Courier</th>
                <th scope="col" className="sticky right-0">Actions</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td className="font-medium">#{order.orderNumber}</td>
                  <td>{order.internalOrderNumber ?? '—'}</td>
                  <td>{order.customerName}</td>
                  <td className="min-w-40">
                    {order.totalDistanceMiles != null ? <span className="badge mr-1 bg-violet-100 text-violet-800">Multi-stop ({order.totalDistanceMiles} mi)</span> : null}
                    {order.customerAddress}
                  </td>
                  <td>
                    <Money cents={order.amountCents} />
                  </td>
                  <td>
                    <Money cents={totalServiceFee(order.deliveryFeeCents, order.tipCents)} />
                    {isCompleted(order.status) ? (
                      <span className="block text-xs text-slate-500">
                        <span className="whitespace-nowrap">Service fee: {formatUsd(order.deliveryFeeCents)},</span>{' '}
                        <span className="whitespace-nowrap">Tips: {formatUsd(order.tipCents)}</span>
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap">
                    <Time value={order.pickupTime} pattern="MMM d, h:mm a" />
                  </td>
                  <td>
                    <StatusBadge status={order.status} label={businessStatusBadge(order.status)} />
                  </td>
                  <td>{courierText(order, courierNames)}</td>
                  {/* Kept in view when the table scrolls sideways on a narrow screen. */}
                  <td className="sticky right-0 bg-white">
                    <div className="flex gap-2">
                      <button type="button" className="btn btn-outline btn-sm" data-action="dialog" data-url={orderDetailsUrl(order.id)} aria-label={`View details of order #${order.orderNumber}`}>
                        View Details
                      </button>
                      <EditOrderButton order={order} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm">
          {page > 1 ? (
            <a className="btn btn-outline btn-sm" href={listUrl(path, { ...current, page: page - 1 })} data-partial-target="orders">
              Previous
            </a>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <a className="btn btn-outline btn-sm" href={listUrl(path, { ...current, page: page + 1 })} data-partial-target="orders">
              Next
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
