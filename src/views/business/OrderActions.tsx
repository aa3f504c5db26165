/**
 * The business's order buttons, as runtime actions (no island): open the details or the
 * Edit Order dialog, and cancel with the spec's confirmation (spec 2-business-area.md §2.4, §2.6, §4.3).
 */
import { BUSINESS_CANCELLABLE, BUSINESS_EDITABLE } from '../../domain/orderStatus';
import type { Order } from '../../db/schema';
import type { RegionList } from '../../shared/partials';

export const orderDetailsUrl = (orderId: number) => `/restaurant/orders/${orderId}`;
export const liveOrderUrl = (orderId: number) => `/restaurant/orders/${orderId}/live`;
export const editOrderUrl = (orderId: number) => `/restaurant/orders/${orderId}/edit`;

/** Regions that show orders: whichever of them is on the page refreshes after a change. */
export const ORDER_REGIONS: RegionList = 'active-orders,totals,orders';

export function EditOrderButton({ order, className = 'btn btn-outline btn-sm' }: { order: Pick<Order, 'id' | 'status' | 'orderNumber'>; className?: string }) {
  if (!BUSINESS_EDITABLE.has(order.status)) return null;
  return (
    <button type="button" className={className} data-action="dialog" data-url={editOrderUrl(order.id)} aria-label={`Edit order #${order.orderNumber}`}>
      Edit
    </button>
  );
}

/**
 * 'Cancel Order', asking 'Are you sure you want to cancel this order?' first. Shown
 * disabled, with the reason, once the courier has set off (decision B4).
 */
export function CancelOrderButton({ order }: { order: Pick<Order, 'id' | 'status' | 'orderNumber'> }) {
  const allowed = BUSINESS_CANCELLABLE.has(order.status);
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm border-red-200 text-red-700 hover:bg-red-50"
      disabled={!allowed}
      title={allowed ? undefined : 'Orders can be cancelled only until the courier sets off'}
      aria-label={`Cancel order #${order.orderNumber}`}
      data-action="api"
      data-url={`/api/orders/${order.id}`}
      data-method="PATCH"
      data-body={JSON.stringify({ status: 'cancelled', courierId: null })}
      data-confirm="Are you sure you want to cancel this order?"
      data-confirm-label="Cancel Order"
      data-cancel-label="Keep Order"
      data-success="Order cancelled successfully"
      data-refresh={ORDER_REGIONS}
    >
      Cancel Order
    </button>
  );
}
