/**
 * The admin orders table (spec 1-foundations-and-admin.md §2.8): every column, the courier-online indicator
 * (§4.6), the missed-pickup highlight, a row click to the detail dialog, and the row's
 * actions: the assign dialog (an island listening for 'assign-order') and Cancel Order
 * (an API action with its confirmation).
 */
import { DataTable } from '../../shared/DataTable';
import { roundMiles } from '../../domain/fees';
import { COURIER_ONLINE_LABELS, courierOnlineState, type CourierOnlineState } from '../../domain/indicators';
import { formatMoney } from '../../domain/money';
import { canAdminAssign, canAdminCancel } from '../../domain/orderStatus';
import type { Order } from '../../db/schema';
import { Badge, StatusBadge, Time, type Tone } from '../components/ui';

/** What the assign dialog needs to know about the row it was opened from. */
export interface AssignPayload {
  id: number;
  orderNumber: string;
  status: Order['status'];
  deliveryFee: string;
  tip: string;
}

const INDICATOR_TONES: Record<CourierOnlineState, Tone> = { online: 'green', urgent: 'red', soon: 'amber' };

function CourierCell({ order, name, now }: { order: Order; name: string | undefined; now: number }) {
  if (order.courierId == null) return <span className="text-slate-500">Unassigned</span>;
  if (order.status === 'missed_pickup') return <span className="font-medium text-red-700">{`Missed by courier #${order.courierId}`}</span>;
  const state = courierOnlineState(order, now);
  return (
    <div className="space-y-1">
      <div>{name ?? `Courier #${order.courierId}`}</div>
      {state ? (
        <Badge tone={INDICATOR_TONES[state]} className={state === 'urgent' ? 'animate-pulse' : ''}>
          {COURIER_ONLINE_LABELS[state]}
        </Badge>
      ) : null}
    </div>
  );
}

function OrderRow({ order, courierName, now }: { order: Order; courierName: string | undefined; now: number }) {
  const missed = order.status === 'missed_pickup';
  const detailUrl = `/admin/orders/${order.id}`;
  const assign: AssignPayload = {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    deliveryFee: formatMoney(order.deliveryFeeCents),
    tip: formatMoney(order.tipCents),
  };
  return (
    <tr
      data-action="dialog"
      data-url={detailUrl}
      data-order-id={order.id}
      className={`cursor-pointer hover:bg-slate-50 ${missed ? 'bg-red-50 hover:bg-red-100' : ''}`}
    >
      <td className="whitespace-nowrap">
        <Time value={order.deliveryTime} pattern="MMM d, yyyy" />
      </td>
      <td className="whitespace-nowrap">
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          data-action="dialog"
          data-url={detailUrl}
          aria-label={`Order #${order.orderNumber} details`}
        >
          {`#${order.orderNumber}`}
        </button>
      </td>
      <td>{order.internalOrderNumber ?? '—'}</td>
      <td className="font-medium">{order.restaurantName}</td>
      <td className="min-w-40 text-slate-600">{order.restaurantAddress}</td>
      <td className="min-w-40">
        {order.totalDistanceMiles != null ? (
          <span className="whitespace-nowrap">
            <Badge tone="blue">Multi-stop</Badge> ({roundMiles(order.totalDistanceMiles)} mi)
          </span>
        ) : (
          order.customerAddress
        )}
      </td>
      <td className="whitespace-nowrap">
        <Time value={order.pickupTime} />
      </td>
      <td className="whitespace-nowrap">
        <Time value={order.deliveryTime} />
      </td>
      <td>
        <StatusBadge status={order.status} />
      </td>
      <td className="min-w-36">
        <CourierCell order={order} name={courierName} now={now} />
      </td>
      <td>
        <div className="flex gap-2">
          <button
            type="button"
            className={`btn btn-sm ${missed ? 'btn-destructive' : 'btn-primary'}`}
            data-action="assign-order"
            data-payload={JSON.stringify(assign)}
            disabled={!canAdminAssign(order.status)}
          >
            {missed ? 'Reassign Order' : 'Assign Courier'}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm text-red-700"
            data-action="api"
            data-url={`/api/orders/${order.id}`}
            data-method="PATCH"
            data-body={JSON.stringify({ status: 'cancelled', courierId: null, expectedStatus: order.status })}
            data-confirm="Are you sure you want to cancel this order?"
            data-confirm-label="Cancel Order"
            data-cancel-label="Keep Order"
            data-success="Order cancelled successfully"
            data-refresh="orders"
            disabled={!canAdminCancel(order.status)}
          >
            Cancel Order
          </button>
        </div>
      </td>
    </tr>
  );
}

const COLUMNS = ['Date', 'Order #', 'Internal #', 'Restaurant', 'Restaurant Address', 'Delivery Address', 'Pickup', 'Delivery', 'Status', 'Courier', 'Actions'];

export function OrdersTable({ orders, courierNames, now }: { orders: Order[]; courierNames: Map<number, string>; now: number }) {
  return (
    <DataTable columns={COLUMNS}>
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} courierName={order.courierId == null ? undefined : courierNames.get(order.courierId)} now={now} />
      ))}
    </DataTable>
  );
}
