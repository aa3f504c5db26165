/**
 * The autopilot's offer of a trip (decision W12): orders from one pickup offered to this
 * courier together, shown as one offer with one countdown, and accepted or declined together.
 */
import { useState } from 'react';
import { apiRequest, serverMessage } from '../api';
import { errorToast, toast } from '../events';
import { earningsOf, timeOf, usd } from './format';
import { OfferCountdown } from './OfferCountdown';
import type { CourierOrder } from './types';

export function TripCard({
  orders,
  zone,
  serverNow,
  onOpen,
}: {
  orders: CourierOrder[];
  zone: string;
  serverNow: number;
  onOpen: (order: CourierOrder) => void;
}) {
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const [first] = orders;
  const titleId = `trip-${first.id}-title`;
  const pay = orders.reduce((total, order) => total + earningsOf(order).total, 0);

  async function answer(action: 'accept' | 'reject') {
    setBusy(action);
    try {
      // One answer for the trip: each order's own, one after another (the server takes them as they come).
      for (const order of orders) await apiRequest('POST', `/api/orders/${order.id}/courier-response`, { action });
      toast({ title: 'Success', description: action === 'accept' ? `Trip of ${orders.length} orders accepted` : `Trip of ${orders.length} orders declined` });
    } catch (error) {
      errorToast(serverMessage(error, action === 'accept' ? 'Failed to accept the trip' : 'Failed to decline the trip'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <article aria-labelledby={titleId} className="card border-amber-300 p-4 ring-1 ring-amber-300">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xl font-bold tabular-nums" aria-label={`Your pay ${usd(pay)}`}>
          {usd(pay)}
        </p>
        <span className="badge bg-amber-100 text-amber-800">Trip for you</span>
      </div>
      <h3 id={titleId} className="mt-2 font-semibold">{`One trip: ${orders.length} orders from ${first.restaurantName}`}</h3>
      <p className="text-sm text-slate-600">{first.restaurantAddress}</p>
      <p className="mt-1 text-sm">Pick-Up: {timeOf(first.pickupTime, zone)}</p>
      <OfferCountdown expiresAt={first.offerExpiresAt!} serverNow={serverNow} />
      <ol className="mt-3 space-y-2 text-sm">
        {orders.map((order) => (
          <li key={order.id}>
            <button
              type="button"
              className="min-h-11 w-full rounded-md border border-slate-200 px-3 py-2 text-left hover:bg-slate-50"
              onClick={() => onOpen(order)}
            >
              <span className="font-medium">{`#${order.orderNumber}`}</span> {order.customerAddress}
              <span className="block text-slate-600">Drop-Off: {timeOf(order.deliveryTime, zone)}</span>
            </button>
          </li>
        ))}
      </ol>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <button type="button" className="btn btn-outline h-12" disabled={busy != null} onClick={() => void answer('reject')}>
          {busy === 'reject' ? 'Declining...' : 'Decline Trip'}
        </button>
        <button type="button" className="btn btn-success h-12" disabled={busy != null} onClick={() => void answer('accept')}>
          {busy === 'accept' ? 'Accepting...' : 'Accept Trip'}
        </button>
      </div>
    </article>
  );
}
