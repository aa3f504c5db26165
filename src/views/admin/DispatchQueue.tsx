/**
 * "Needs a person" (issue 29, decision W9): the orders the dispatcher must act on, one line
 * each so ten fit on a laptop beside the map, most pressing pickup first, each with the
 * action it needs. A polled region that holds still under the hand.
 */
import type { QueueRow } from '../../db/dispatchQueue';
import { QUEUE_REASON_LABELS, type QueueReason } from '../../domain/dispatchQueue';
import { precisionOf } from '../../domain/location';
import type { MapOrder } from '../../shared/mapOrder';
import { Badge, Time } from '../components/ui';
import { assignPayloadOf } from './OrdersTable';
import { ZonePicker } from './ZonePicker';

const REASON_TONES: Record<QueueReason, 'red' | 'amber' | 'blue'> = {
  delivery_failed: 'red',
  missed: 'red',
  autopilot_stuck: 'red',
  declined: 'red',
  unassigned: 'blue',
  offer_unanswered: 'amber',
  at_risk: 'amber',
};

/** What pointing at the row shows on the map beside the queue (islands/DispatchMap.tsx). */
function mapOrderOf({ order, pickup }: QueueRow): MapOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    courierId: order.courierId,
    restaurantName: order.restaurantName,
    restaurantLatitude: pickup?.lat ?? null,
    restaurantLongitude: pickup?.lng ?? null,
    customerName: order.customerName,
    customerLatitude: order.customerLatitude,
    customerLongitude: order.customerLongitude,
    customerLocationPrecision: precisionOf(order.customerLatitude, order.customerLongitude, order.customerLocationPrecision),
  };
}

// One line a row at every width: the restaurant folds away on a phone, the courier below laptop width (the dialog names both).
const NARROW_HIDDEN = 'hidden sm:table-cell';
const TABLET_HIDDEN = 'hidden lg:table-cell';

/** "in 12 min", "8 min late": how the pickup stands, in the words a dispatcher says. */
export function pickupWords(pickupTime: number, now: number): string {
  const minutes = Math.round((pickupTime - now) / 60_000);
  if (minutes >= 0) return minutes < 60 ? `in ${minutes} min` : `in ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return -minutes < 60 ? `${-minutes} min late` : `${Math.floor(-minutes / 60)} h ${-minutes % 60} min late`;
}

function QueueAction({ row }: { row: QueueRow }) {
  const { order } = row;
  if (row.reason === 'delivery_failed')
    return (
      <button type="button" className="btn btn-outline btn-sm" data-action="dialog" data-url={`/admin/orders/${order.id}`}>
        Review
      </button>
    );
  const again = row.reason === 'missed' || row.reason === 'declined';
  return (
    <button
      type="button"
      className={`btn btn-sm whitespace-nowrap ${again ? 'btn-destructive' : 'btn-primary'}`}
      data-action="assign-order"
      data-payload={JSON.stringify(assignPayloadOf(order, row.courierName))}
      aria-label={`Assign order #${order.orderNumber}`}
    >
      {again || order.courierId != null ? 'Reassign' : 'Assign'}
    </button>
  );
}

export function DispatchQueue({
  rows,
  total,
  zones,
  zoneId,
  now,
}: {
  rows: QueueRow[];
  total: number;
  zones: Array<{ id: number; name: string }>;
  zoneId: number | null;
  now: number;
}) {
  return (
    <section aria-labelledby="queue-title" className="card min-w-0 p-3" id="needs-person">
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2 px-1">
        <h2 id="queue-title" className="text-base font-semibold">
          Needs a person ({total})
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <ZonePicker action="/admin/orders" id="queue-zone" zones={zones} zoneId={zoneId} allZones="All zones" submitLabel="Show" />
          {zoneId != null ? (
            <a className="btn btn-outline btn-sm" href={`/admin/plan?zone=${zoneId}`}>
              Plan all
            </a>
          ) : null}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="px-1 py-3 text-sm text-slate-600">Nothing needs you right now.</p>
      ) : (
        <div className="max-h-[31rem] overflow-y-auto">
          <table className="queue-table w-full text-sm">
            <caption className="sr-only">Orders that need a person, most pressing pickup first</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Why</th>
                <th scope="col">Order</th>
                <th scope="col" className={NARROW_HIDDEN}>
                  Restaurant
                </th>
                <th scope="col">Pickup</th>
                <th scope="col" className={TABLET_HIDDEN}>
                  Courier
                </th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.order.id}
                  data-queue-order-id={row.order.id}
                  data-reason={row.reason}
                  data-map-order={JSON.stringify(mapOrderOf(row))}
                  className="border-t border-slate-100"
                >
                  <td className="py-1 pr-2 whitespace-nowrap">
                    <Badge tone={REASON_TONES[row.reason]}>{QUEUE_REASON_LABELS[row.reason]}</Badge>
                  </td>
                  <td className="py-1 pr-2 whitespace-nowrap">
                    <button
                      type="button"
                      className="font-medium text-brand-700 hover:underline"
                      data-action="dialog"
                      data-url={`/admin/orders/${row.order.id}`}
                      aria-label={`Order #${row.order.orderNumber} details`}
                    >
                      {`#${row.order.orderNumber}`}
                    </button>
                  </td>
                  <td className={`max-w-[12rem] truncate py-1 pr-2 ${NARROW_HIDDEN}`} title={row.order.restaurantName}>
                    {row.order.restaurantName}
                  </td>
                  <td className="py-1 pr-2 whitespace-nowrap">
                    <Time value={row.order.pickupTime} />{' '}
                    <span className={`hidden text-xs sm:inline ${row.order.pickupTime < now ? 'font-medium text-red-700' : 'text-slate-600'}`}>
                      {pickupWords(row.order.pickupTime, now)}
                    </span>
                  </td>
                  <td className={`max-w-[9rem] truncate py-1 pr-2 text-slate-600 ${TABLET_HIDDEN}`}>{row.courierName ?? '—'}</td>
                  <td className="py-1 text-right">
                    <QueueAction row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > rows.length ? <p className="mt-1 px-1 text-xs text-slate-600">{`And ${total - rows.length} more, in the list below.`}</p> : null}
    </section>
  );
}
