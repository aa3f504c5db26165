/** An order list with its loading, empty, failed and documents-expired states (spec 3-courier-area.md §2.4). */
import { DOCUMENTS_EXPIRED, groupTrips } from '../../../src/domain/courierFlow';
import { OrderCard } from './OrderCard';
import { TripCard } from './TripCard';
import type { CourierOrder, CourierView } from './types';
import type { ListState } from './useCourierOrders';

export function OrderList({
  state,
  orders,
  view,
  onOpen,
  empty,
  actions = true,
}: {
  state: ListState;
  orders: CourierOrder[] | undefined;
  view: CourierView;
  onOpen: (order: CourierOrder) => void;
  empty: string;
  actions?: boolean;
}) {
  if (state === 'forbidden')
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {DOCUMENTS_EXPIRED.details}
      </p>
    );
  if (state === 'failed' && !orders)
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        Failed to load orders. Please try again later.
      </p>
    );
  if (!orders) return <p className="p-4 text-center text-sm text-slate-500">Loading orders...</p>;
  if (orders.length === 0) return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="space-y-3">
      {state === 'failed' ? (
        <li role="alert" className="rounded-md bg-amber-50 p-2 text-center text-xs text-amber-900">
          Failed to load orders. Please try again later.
        </li>
      ) : null}
      {groupTrips(orders).map((entry) => (
        <li key={entry[0].id}>
          {entry.length > 1 ? (
            <TripCard orders={entry} zone={view.timeZone} serverNow={view.now} onOpen={onOpen} />
          ) : (
            <OrderCard order={entry[0]} zone={view.timeZone} serverNow={view.now} onOpen={onOpen} actions={actions} />
          )}
        </li>
      ))}
    </ul>
  );
}
