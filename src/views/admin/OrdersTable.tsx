/**
 * The admin orders table (spec 1-foundations-and-admin.md §2.8): every column, the courier-online indicator
 * (§4.6), the missed-pickup highlight, a row click to the detail dialog, and the row's
 * actions: the assign dialog (an island listening for 'assign-order') and Cancel Order
 * (an API action with its confirmation).
 *
 * It fits the dispatcher's screen (decision W5): below 1536 px the Date, Internal #
 * and Restaurant Address columns fold into the cells next to them, and below 1024 px so do
 * Restaurant, Delivery Address and Pickup, so order #, status, courier and actions stay in
 * view on a laptop and a tablet. Late and at-risk orders are flagged (W3), and an order
 * whose courier was deactivated says it needs reassigning (W6).
 */
import type { AssignPayload } from '../../shared/assignPayload';
import { DataTable, type Column } from '../../shared/DataTable';
import { orderUrgency, URGENCY_LABELS } from '../../domain/dispatch';
import { courierFeeOf, roundMiles } from '../../domain/fees';
import { COURIER_ONLINE_LABELS, courierOnlineState, type CourierOnlineState } from '../../domain/indicators';
import { GpsPresence } from './GpsPresence';
import { formatMoney } from '../../domain/money';
import { canAdminAssign, canAdminCancel, COURIER_IN_DELIVERY, isActive } from '../../domain/orderStatus';
import type { OrderListPage } from '../../db/orders/read';
import type { Order } from '../../db/schema';
import { Badge, StatusBadge, Time, type Tone } from '../components/ui';

export type OrdersDensity = 'comfortable' | 'compact';

const INDICATOR_TONES: Record<CourierOnlineState, Tone> = { online: 'green', urgent: 'red', soon: 'amber' };

const courierLabel = (id: number, name: string | undefined) => name ?? `Courier #${id}`;

function CourierCell({
  order,
  name,
  deactivated,
  seenAt,
  now,
}: {
  order: Order;
  name: string | undefined;
  deactivated: boolean;
  seenAt: number | null;
  now: number;
}) {
  if (order.courierId == null) return <span className="text-slate-500">Unassigned</span>;
  // The spec's 'Missed by courier #<id>', with the name when it is known (issue 14).
  if (order.status === 'missed_pickup') {
    const by = name ? `${name} (courier #${order.courierId})` : `courier #${order.courierId}`;
    return <span className="font-medium text-red-700">{`Missed by ${by}`}</span>;
  }
  const state = courierOnlineState(order, now);
  return (
    <div className="space-y-1">
      <div>{courierLabel(order.courierId, name)}</div>
      {deactivated ? <Badge tone="red">Courier deactivated: reassign</Badge> : null}
      {order.arrivedWithoutPositionAt != null ? <Badge tone="amber">Arrived without GPS</Badge> : null}
      {order.deliveryFailedAt != null && isActive(order.status) ? <Badge tone="red">Delivery failed</Badge> : null}
      {state && !deactivated ? (
        <Badge tone={INDICATOR_TONES[state]} className={state === 'urgent' ? 'animate-pulse' : ''}>
          {COURIER_ONLINE_LABELS[state]}
        </Badge>
      ) : null}
      {/* The phone as the platform knows it, beside the spec's indicator (issue 29). */}
      {deactivated ? null : <GpsPresence seenAt={seenAt} now={now} />}
    </div>
  );
}

/** What an Assign button tells the assign dialog about its order (the list's rows and the queue's). */
export function assignPayloadOf(order: Order, courierName: string | null | undefined): AssignPayload {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    deliveryFee: formatMoney(order.deliveryFeeCents),
    tip: formatMoney(order.tipCents),
    courierFee: order.courierPayCents == null ? null : formatMoney(courierFeeOf(order.courierPayCents, order.tipCents)),
    missedBy: order.status === 'missed_pickup' && order.courierId != null ? courierLabel(order.courierId, courierName ?? undefined) : null,
    heldBy: order.status !== 'missed_pickup' && order.courierId != null ? courierLabel(order.courierId, courierName ?? undefined) : null,
    started: order.courierId != null && COURIER_IN_DELIVERY.has(order.status),
  };
}

function OrderRow({
  order,
  courierName,
  deactivated,
  seenAt,
  now,
}: {
  order: Order;
  courierName: string | undefined;
  deactivated: boolean;
  seenAt: number | null;
  now: number;
}) {
  const missed = order.status === 'missed_pickup';
  const urgency = orderUrgency(order, now, deactivated);
  const detailUrl = `/admin/orders/${order.id}`;
  const assign = assignPayloadOf(order, courierName);
  const multiStop = order.totalDistanceMiles != null;
  const deliveryAddress = multiStop ? (
    <span className="whitespace-nowrap">
      <Badge tone="blue">Multi-stop</Badge> ({roundMiles(order.totalDistanceMiles!)} mi)
    </span>
  ) : (
    <span className="address" title={order.customerAddress}>
      {order.customerAddress}
    </span>
  );
  return (
    <tr
      data-action="dialog"
      data-url={detailUrl}
      data-order-id={order.id}
      data-urgency={urgency ?? undefined}
      className={`cursor-pointer hover:bg-slate-50 ${missed ? 'bg-red-50 hover:bg-red-100' : ''}`}
    >
      <td className="hidden whitespace-nowrap 2xl:table-cell">
        <Time value={order.deliveryTime} pattern="MMM d, yyyy" />
      </td>
      <td>
        <button
          type="button"
          className="font-medium whitespace-nowrap text-brand-700 hover:underline"
          data-action="dialog"
          data-url={detailUrl}
          aria-label={`Order #${order.orderNumber} details`}
        >
          {`#${order.orderNumber}`}
        </button>
        {order.internalOrderNumber ? <div className="text-xs text-slate-600 2xl:hidden">Internal #{order.internalOrderNumber}</div> : null}
        {urgency ? (
          <div className="mt-1">
            <Badge tone={urgency === 'late' ? 'red' : 'amber'}>{URGENCY_LABELS[urgency]}</Badge>
          </div>
        ) : null}
        <div className="mt-1 space-y-0.5 text-xs text-slate-600 lg:hidden">
          <div className="font-medium text-slate-800">{order.restaurantName}</div>
          <div>To: {deliveryAddress}</div>
        </div>
      </td>
      <td className="hidden 2xl:table-cell">{order.internalOrderNumber ?? '—'}</td>
      <td className="hidden lg:table-cell">
        <div className="font-medium">{order.restaurantName}</div>
        <div className="address text-xs text-slate-600 2xl:hidden" title={order.restaurantAddress}>
          {order.restaurantAddress}
        </div>
      </td>
      <td className="hidden text-slate-600 2xl:table-cell">
        <span className="address" title={order.restaurantAddress}>
          {order.restaurantAddress}
        </span>
      </td>
      <td className="hidden lg:table-cell">{deliveryAddress}</td>
      <td className="hidden whitespace-nowrap lg:table-cell">
        <Time value={order.pickupTime} />
      </td>
      <td className="whitespace-nowrap">
        <div className="text-xs text-slate-600 2xl:hidden">
          <Time value={order.deliveryTime} pattern="MMM d" />
        </div>
        <Time value={order.deliveryTime} />
        <div className="text-xs text-slate-600 lg:hidden">
          Pickup <Time value={order.pickupTime} />
        </div>
      </td>
      <td>
        <StatusBadge status={order.status} />
      </td>
      <td className="break-words">
        <CourierCell order={order} name={courierName} deactivated={deactivated} seenAt={seenAt} now={now} />
      </td>
      <td>
        <RowActions order={order} assign={assign} urgent={missed || deactivated} />
      </td>
    </tr>
  );
}

/**
 * Assign and Cancel. Assign stands out where the order has no courier (issue 29): dark when
 * unassigned, red when missed or its courier was deactivated, plain when a courier has it.
 */
function RowActions({ order, assign, urgent }: { order: Order; assign: AssignPayload; urgent: boolean }) {
  return (
    <div className="flex flex-col gap-1.5">
      <button
        type="button"
        className={`btn btn-sm whitespace-nowrap ${urgent ? 'btn-destructive' : order.courierId == null ? 'btn-primary' : 'btn-outline'}`}
        data-action="assign-order"
        data-payload={JSON.stringify(assign)}
        disabled={!canAdminAssign(order.status)}
      >
        {order.status === 'missed_pickup' ? 'Reassign Order' : 'Assign Courier'}
      </button>
      <button
        type="button"
        className="btn btn-outline btn-sm whitespace-nowrap text-red-700"
        data-action="api"
        data-url={`/api/orders/${order.id}`}
        data-method="PATCH"
        data-body={JSON.stringify({ status: 'cancelled', courierId: null, expectedStatus: order.status })}
        data-confirm="Are you sure you want to cancel this order?"
        data-confirm-label="Cancel Order"
        data-cancel-label="Keep Order"
        data-success="Order cancelled successfully"
        data-refresh="orders,queue"
        disabled={!canAdminCancel(order.status)}
      >
        Cancel Order
      </button>
    </div>
  );
}

const WIDE = 'hidden 2xl:table-cell';
const LAPTOP = 'hidden lg:table-cell';
// Below 1536 px the table lays out at fixed widths, so long names and addresses wrap instead
// of pushing Courier and Actions out of the card; Order # takes what is left.
const COLUMNS: Column[] = [
  { label: 'Date', className: WIDE },
  'Order #',
  { label: 'Internal #', className: WIDE },
  { label: 'Restaurant', className: `${LAPTOP} lg:w-[14%] 2xl:w-auto` },
  { label: 'Restaurant Address', className: WIDE },
  { label: 'Delivery Address', className: `${LAPTOP} lg:w-[16%] 2xl:w-auto` },
  { label: 'Pickup', className: `${LAPTOP} lg:w-20 2xl:w-auto` },
  { label: 'Delivery', className: 'w-24 2xl:w-auto' },
  { label: 'Status', className: 'w-32 lg:w-40 2xl:w-auto' },
  { label: 'Courier', className: 'w-36 lg:w-44 2xl:w-auto' },
  { label: 'Actions', className: 'w-40 2xl:w-auto' },
];

export function OrdersTable({
  listed: { rows: orders, courierNames, deactivatedCouriers, courierSeenAt },
  density,
  now,
}: {
  listed: Pick<OrderListPage<string>, 'rows' | 'courierNames' | 'deactivatedCouriers' | 'courierSeenAt'>;
  density: OrdersDensity;
  now: number;
}) {
  return (
    <DataTable label="Orders" columns={COLUMNS} className={`orders-table table-fixed 2xl:table-auto ${density === 'compact' ? 'table-compact' : ''}`}>
      {orders.map((order) => (
        <OrderRow
          key={order.id}
          order={order}
          courierName={order.courierId == null ? undefined : courierNames.get(order.courierId)}
          deactivated={order.courierId != null && deactivatedCouriers.has(order.courierId)}
          seenAt={order.courierId == null ? null : (courierSeenAt.get(order.courierId) ?? null)}
          now={now}
        />
      ))}
    </DataTable>
  );
}
