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

type Rows = { orders: Order[]; courierNames: Map<number, string> };

function ServicePayment({ order }: { order: Order }) {
  return (
    <>
      <Money cents={totalServiceFee(order.deliveryFeeCents, order.tipCents)} />
      {isCompleted(order.status) ? (
        <span className="block text-xs text-slate-500">
          <span className="whitespace-nowrap">Service fee: {formatUsd(order.deliveryFeeCents)},</span>{' '}
          <span className="whitespace-nowrap">Tips: {formatUsd(order.tipCents)}</span>
        </span>
      ) : null}
    </>
  );
}

function AddressCell({ order }: { order: Order }) {
  return (
    <>
      {order.totalDistanceMiles != null ? <span className="badge mr-1 bg-violet-100 text-violet-800">Multi-stop ({order.totalDistanceMiles} mi)</span> : null}
      {order.customerAddress}
    </>
  );
}

function Actions({ order }: { order: Order }) {
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        data-action="dialog"
        data-url={orderDetailsUrl(order.id)}
        aria-label={`View details of order #${order.orderNumber}`}
      >
        View Details
      </button>
      <EditOrderButton order={order} />
    </>
  );
}

/**
 * From 1024 px: the spec's table, which fits whole (times on two lines, actions stacked),
 * so no column hides another; it scrolls sideways only if a long value forces it.
 */
function OrdersTable({ orders, courierNames }: Rows) {
  return (
    <div className="card hidden overflow-x-auto lg:block">
      <table className="table [&_td]:px-2 [&_th]:px-2">
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
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td className="font-medium">#{order.orderNumber}</td>
              <td>{order.internalOrderNumber ?? '—'}</td>
              <td>{order.customerName}</td>
              <td className="min-w-36">
                <AddressCell order={order} />
              </td>
              <td>
                <Money cents={order.amountCents} />
              </td>
              <td>
                <ServicePayment order={order} />
              </td>
              <td>
                <span className="block whitespace-nowrap">
                  <Time value={order.pickupTime} pattern="MMM d," />
                </span>
                <span className="block whitespace-nowrap">
                  <Time value={order.pickupTime} pattern="h:mm a" />
                </span>
              </td>
              <td>
                <StatusBadge status={order.status} label={businessStatusBadge(order.status)} />
              </td>
              <td>{courierText(order, courierNames)}</td>
              <td>
                <div className="flex flex-col items-stretch gap-1.5">
                  <Actions order={order} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On phones and tablets: one card per order with every column's value, labelled, and the same actions. */
function OrderCards({ orders, courierNames }: Rows) {
  return (
    <ul className="grid gap-3 md:grid-cols-2 lg:hidden" aria-label="Orders">
      {orders.map((order) => (
        <li key={order.id} className="card p-4 text-sm">
          <div className="flex items-start justify-between gap-2">
            <p className="font-semibold">
              #{order.orderNumber} <span className="font-normal text-slate-500">· {order.internalOrderNumber ?? '—'}</span>
            </p>
            <StatusBadge status={order.status} label={businessStatusBadge(order.status)} />
          </div>
          <p className="mt-1 font-medium">{order.customerName}</p>
          <p className="text-slate-600">
            <AddressCell order={order} />
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1">
            <dt className="text-slate-500">Amount</dt>
            <dd>
              <Money cents={order.amountCents} />
            </dd>
            <dt className="text-slate-500">Service Payment</dt>
            <dd>
              <ServicePayment order={order} />
            </dd>
            <dt className="text-slate-500">Pickup Time</dt>
            <dd>
              <Time value={order.pickupTime} pattern="MMM d, h:mm a" />
            </dd>
            <dt className="text-slate-500">Courier</dt>
            <dd>{courierText(order, courierNames)}</dd>
          </dl>
          <div className="mt-3 flex gap-2">
            <Actions order={order} />
          </div>
        </li>
      ))}
    </ul>
  );
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
              {tab.label} <span className={`tabular-nums ${selected ? 'text-slate-300' : 'text-slate-500'}`}>({counts[tab.key]})</span>
            </a>
          );
        })}
      </nav>
      <Island name="OrderListFilter" props={{ path, partial: 'orders', status: filter.tab.key, month: filter.month, day: filter.day, max: today }} />
      <p className="text-sm text-slate-600" role="status">
        {summary}
      </p>
      {orders.length === 0 ? (
        <EmptyState>No orders match this filter.</EmptyState>
      ) : (
        <>
          <OrdersTable orders={orders} courierNames={courierNames} />
          <OrderCards orders={orders} courierNames={courierNames} />
        </>
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
