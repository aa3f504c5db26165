/**
 * The order preview (spec 3-courier-area.md §2.6): what the order pays, where and when, the stops, the
 * route, and the actions its status allows: Decline / Accept an offer; Go Online Now
 * (or Decline) an assignment; Cancel Order once confirmed, with the $30 warning when
 * pickup is under 2 hours away. Accepting needs the server (first come, first served),
 * so it is sent at once and never queued.
 */
import { useCallback, useState } from 'react';
import { isOfferToCourier } from '../../../src/domain/courierFlow';
import { isLateCancellation } from '../../../src/domain/fees';
import { apiRequest, serverMessage } from '../api';
import { errorToast, toast } from '../events';
import { ConfirmDialog } from './Dialog';
import { earningsOf, millis, payLine, timeOf, usd } from './format';
import { ArrowLeftIcon } from './icons';
import { RouteMap, routeDistance } from './RouteMap';
import { OfferCountdown } from './OfferCountdown';
import { goOnline } from './steps';
import type { CourierOrder, CourierView } from './types';

export interface PreviewProps {
  order: CourierOrder;
  view: CourierView;
  onBack: () => void;
  /** The lists must be read again (after accept or decline). */
  onChanged: () => Promise<unknown>;
}

type Answer = 'accept' | 'reject';

/**
 * Whether an accept whose answer never came took hold: the order, read again, is held (a
 * courier sees only their own held orders and offers, so a held one is theirs).
 */
async function acceptLanded(orderId: number): Promise<boolean> {
  try {
    const now = await apiRequest<{ status: string; courierId: number | null }>('GET', `/api/orders/${orderId}`);
    return now.courierId != null && now.status !== 'pending_courier';
  } catch {
    return false;
  }
}

export function Preview({ order, view, onBack, onChanged }: PreviewProps) {
  const [busy, setBusy] = useState<Answer | 'online' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const zone = view.timeZone;

  async function respond(action: Answer, acceptLateFee = false) {
    setBusy(action);
    try {
      await apiRequest('POST', `/api/orders/${order.id}/courier-response`, { action, ...(acceptLateFee ? { acceptLateFee } : {}) });
      toast({ title: 'Success', description: action === 'accept' ? 'Order accepted successfully' : 'Order rejected successfully' });
      // Accepted, the order is read again and its view stays open on it; declined, it is gone.
      await onChanged();
      if (action === 'reject') onBack();
    } catch (error) {
      // A reply lost on the way back (a dead zone): the screen says what the server holds, not what the network did (issue 27).
      if (action === 'accept' && (await acceptLanded(order.id))) {
        toast({ title: 'Success', description: 'Order accepted successfully' });
        await onChanged();
        return;
      }
      errorToast(serverMessage(error, action === 'accept' ? 'Failed to accept order' : 'Failed to reject order'));
      // The order may have changed (taken by someone else): show the lists as they are now.
      void onChanged();
    } finally {
      setBusy(null);
    }
  }

  /** Giving back a held order: the $30 warning first when pickup is under 2 hours away. */
  function giveBack() {
    if (isLateCancellation(millis(order.pickupTime), Date.now())) setConfirming(true);
    else void respond('reject');
  }

  async function online() {
    setBusy('online');
    await goOnline(order);
    setBusy(null);
  }

  const pay = payLine(order);
  const distance = routeDistance(order);
  // An offer that ended went to another courier: the lists are read again, and the order leaves them.
  const refreshWhenEnded = useCallback(() => void onChanged(), [onChanged]);
  return (
    <div className="pb-28">
      <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-3 py-2">
        <button type="button" className="btn btn-ghost h-11 px-2" onClick={onBack}>
          <ArrowLeftIcon /> Back
        </button>
        <div className="text-right">
          <p className="text-xl font-bold tabular-nums" aria-label={`Your pay ${pay.total}`}>
            {pay.total}
          </p>
          {pay.breakdown ? <p className="text-xs text-slate-600 tabular-nums">{pay.breakdown}</p> : null}
        </div>
      </div>

      <div className="space-y-4 p-4">
        <h2 id="order-view-title" className="sr-only">
          Order #{order.orderNumber} from {order.restaurantName}
        </h2>
        {order.status === 'courier_confirmed' ? (
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            Orders cancelled less than 2 hours before pickup will incur a $30 fee
          </p>
        ) : null}

        <section className="card p-4" aria-label="Pickup">
          <h3 className="font-semibold">{order.restaurantName}</h3>
          <p className="text-sm text-slate-600">{order.restaurantAddress}</p>
          <p className="mt-1 text-sm">Pick-Up: {timeOf(order.pickupTime, zone)}</p>
        </section>

        <DropOff order={order} zone={zone} />

        <RouteMap order={order} openMap={view.openMap} />

        <dl className="card grid grid-cols-2 gap-2 p-4 text-sm">
          <div>
            <dt className="text-slate-500">Estimated Earnings</dt>
            <dd className="text-lg font-semibold">{usd(earningsOf(order).total)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Estimated Distance</dt>
            <dd className="text-lg font-semibold">{distance ?? 'N/A'}</dd>
          </div>
        </dl>
      </div>

      <div className="fixed inset-x-0 bottom-0 z-10 border-t border-slate-200 bg-white p-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
        <div className="mx-auto max-w-xl">
          {isOfferToCourier(order) ? (
            <div className="mb-2 text-center">
              <OfferCountdown expiresAt={order.offerExpiresAt!} serverNow={view.now} onEnded={refreshWhenEnded} />
            </div>
          ) : null}
          <Answers
            status={isOfferToCourier(order) ? 'pending_courier' : order.status}
            busy={busy}
            onRespond={(action) => void respond(action)}
            onOnline={() => void online()}
            onGiveBack={giveBack}
          />
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        title="Cancel Order Warning"
        message="Cancelling less than 2 hours before pickup time means a $30 fee will be charged."
        keepLabel="Keep Order"
        confirmLabel="Cancel & Accept Fee"
        onKeep={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void respond('reject', true);
        }}
      />
    </div>
  );
}

/** Where the order goes: a route's stops, or the customer. */
function DropOff({ order, zone }: { order: CourierOrder; zone: string }) {
  return order.stops.length > 0 ? (
    <section className="card p-4" aria-labelledby="stops-title">
      <h3 id="stops-title" className="font-semibold">
        Delivery Stops ({order.stops.length})
      </h3>
      <ol className="mt-2 space-y-3">
        {order.stops.map((stop) => (
          <li key={stop.id} className="flex gap-3 text-sm">
            <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-900 text-xs font-semibold text-white">
              {stop.sequence}
            </span>
            <div>
              <p className="font-medium">{stop.customerName}</p>
              <p className="text-slate-600">{stop.customerPhone}</p>
              <p className="text-slate-600">{stop.address}</p>
              {stop.deliveryInstructions ? <p className="text-slate-600">Instructions: {stop.deliveryInstructions}</p> : null}
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm">Drop-Off: {timeOf(order.deliveryTime, zone)}</p>
    </section>
  ) : (
    <section className="card p-4" aria-label="Customer">
      <h3 className="font-semibold">{order.customerName}</h3>
      {order.customerCompany ? <p className="text-sm text-slate-600">{order.customerCompany}</p> : null}
      <p className="text-sm text-slate-600">{order.customerAddress}</p>
      <p className="mt-1 text-sm">Drop-Off: {timeOf(order.deliveryTime, zone)}</p>
      {order.deliveryInstructions ? <p className="mt-1 text-sm text-slate-600">Instructions: {order.deliveryInstructions}</p> : null}
    </section>
  );
}

/** The pinned answers: an offer is accepted or declined; an assigned order goes online or is declined; a confirmed one may be cancelled. */
function Answers({
  status,
  busy,
  onRespond,
  onOnline,
  onGiveBack,
}: {
  status: CourierOrder['status'];
  busy: Answer | 'online' | null;
  onRespond: (action: Answer) => void;
  onOnline: () => void;
  onGiveBack: () => void;
}) {
  return status === 'pending_courier' ? (
    <div className="grid grid-cols-2 gap-2">
      <button type="button" className="btn btn-outline h-12" disabled={busy != null} onClick={() => onRespond('reject')}>
        {busy === 'reject' ? 'Declining...' : 'Decline'}
      </button>
      <button type="button" className="btn btn-success h-12" disabled={busy != null} onClick={() => onRespond('accept')}>
        {busy === 'accept' ? 'Accepting...' : 'Accept'}
      </button>
    </div>
  ) : status === 'assigned' ? (
    <div className="grid gap-2">
      <button type="button" className="btn btn-success h-12" disabled={busy != null} onClick={onOnline}>
        {busy === 'online' ? 'Going Online...' : 'Go Online Now'}
      </button>
      <p className="text-center text-xs text-slate-500">Clicking will start your delivery workflow</p>
      <button type="button" className="btn btn-ghost h-10 text-red-700" disabled={busy != null} onClick={onGiveBack}>
        Decline
      </button>
    </div>
  ) : status === 'courier_confirmed' ? (
    <button type="button" className="btn btn-destructive h-12 w-full" disabled={busy != null} onClick={onGiveBack}>
      {busy === 'reject' ? 'Cancelling...' : 'Cancel Order'}
    </button>
  ) : null;
}
