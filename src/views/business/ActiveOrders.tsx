/**
 * The dashboard's active orders (spec 2-business-area.md §2.4): each entry opens the order's details
 * (a dialog re-read every 3 s) and can be cancelled while the courier has not set off.
 */
import type { Order } from '../../db/schema';
import { totalServiceFee } from '../../domain/fees';
import { statusWords } from '../../domain/orderStatus';
import { EmptyState, Money, StatusBadge, Time } from '../components/ui';
import { CancelOrderButton, liveOrderUrl } from './OrderActions';

/** The active orders soonest to be picked up; when there are more than fit, says so and points to the full list. */
export function ActiveOrders({ orders, activeCount }: { orders: Order[]; activeCount: number }) {
  if (orders.length === 0) {
    return (
      <EmptyState>
        No active orders.{' '}
        <a href="/restaurant/create-order" className="font-medium text-brand-600 underline">
          Create a new order
        </a>
      </EmptyState>
    );
  }
  return (
    <>
      {activeCount > orders.length ? (
        <p className="mb-3 text-sm text-slate-600" role="status">
          Showing the {orders.length} soonest of {activeCount} active orders.{' '}
          <a href="/restaurant/orders" className="font-medium text-brand-600 underline">
            See all in Orders
          </a>
        </p>
      ) : null}
      <ul className="space-y-3" aria-label="Active orders">
        {orders.map((order) => (
          <li key={order.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
            <button
              type="button"
              className="min-w-0 flex-1 cursor-pointer rounded-md text-left"
              data-action="dialog"
              data-url={liveOrderUrl(order.id)}
              aria-label={`Order #${order.orderNumber}: open details`}
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">
                  Order #{order.orderNumber} <span className="font-normal text-slate-500">· Internal Order #{order.internalOrderNumber ?? '—'}</span>
                </span>
                <StatusBadge status={order.status} label={statusWords(order.status)} />
              </span>
              <span className="mt-1 block text-sm">
                {order.customerName} · <span className="text-slate-600">{order.customerAddress}</span>
              </span>
              <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                <span>
                  Pickup <Time value={order.pickupTime} />
                </span>
                <span>
                  Delivery <Time value={order.deliveryTime} />
                </span>
                <span>
                  Amount <Money cents={order.amountCents} />
                </span>
                <span>
                  Service fee + tips <Money cents={totalServiceFee(order.deliveryFeeCents, order.tipCents)} />
                </span>
              </span>
            </button>
            <CancelOrderButton order={order} />
          </li>
        ))}
      </ul>
    </>
  );
}
