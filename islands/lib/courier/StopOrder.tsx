/**
 * The courier's own order of the stops not yet reached (issue 18): "Optimize remaining
 * stops" has the server put them in the best order from where the phone is, meeting
 * deliver-by times when it can; "Reorder stops" lets the courier drag them (hold a
 * finger for a moment, or use the keys) and save. Both need the server's answer, so they
 * wait while steps of this order are still on the phone: a stop delivered there but not
 * yet on the server would be reordered as if it were still ahead.
 */
import { useState } from 'react';
import { movableStops } from '../../../src/domain/stopSequence';
import { apiRequest, serverMessage } from '../api';
import { errorToast, toast } from '../events';
import { currentPosition } from './geolocation';
import { listed, optimizedNotice } from './stopOrderNotices';
import type { CourierOrder, CourierStop } from './types';

import { LazyScreen } from './LazyScreen';

const loadStopDragList = () => import('./StopDragList');

interface Optimized {
  order: CourierOrder;
  optimization: { previousMiles: number; miles: number; estimated: boolean; lateStopIds: number[] };
}

export function StopOrder({
  order,
  waiting,
  formatTime,
  onChanged,
}: {
  order: CourierOrder;
  waiting: number;
  /** How the workflow shows a time (pharmacy routes in US Eastern). */
  formatTime: (value: string | null) => string;
  onChanged: () => Promise<unknown>;
}) {
  const remaining = movableStops(order.stops);
  const [draft, setDraft] = useState<CourierStop[] | null>(null);
  const [busy, setBusy] = useState<'optimizing' | 'saving' | null>(null);
  const [said, setSaid] = useState('');
  if (remaining.length < 2) return null;
  const firstNumber = remaining[0].sequence;

  /** Says it on screen (for screen readers too) and in a toast. */
  function tell(title: string, description: string) {
    setSaid(`${title}. ${description}`);
    toast({ title, description });
  }

  async function optimize() {
    setBusy('optimizing');
    try {
      const position = await currentPosition();
      const answer = await apiRequest<Optimized>(
        'POST',
        `/api/orders/${order.id}/stop-order/optimize`,
        position ? { courierLatitude: position.lat, courierLongitude: position.lng } : {},
      );
      await onChanged();
      const notice = optimizedNotice(answer, formatTime);
      tell(notice.title, notice.description);
    } catch (error) {
      errorToast(serverMessage(error, 'The route could not be optimized. Try again.'));
    } finally {
      setBusy(null);
    }
  }

  async function save(stops: CourierStop[]) {
    setBusy('saving');
    try {
      await apiRequest('PUT', `/api/orders/${order.id}/stop-order`, { stopIds: stops.map((stop) => stop.id) });
      await onChanged();
      setDraft(null);
      tell('Stops reordered', `New order: ${listed(stops, firstNumber)}.`);
    } catch (error) {
      errorToast(serverMessage(error, 'The new order could not be saved. Try again.'));
      await onChanged();
      setDraft(null);
    } finally {
      setBusy(null);
    }
  }

  const syncing = waiting > 0;
  return (
    <section className="card space-y-3 p-4" aria-labelledby="stop-order-title">
      <h3 id="stop-order-title" className="font-semibold">
        Stop order
      </h3>
      {draft ? (
        <>
          <p className="text-sm text-slate-600">Hold a stop's handle, then drag it to its place.</p>
          <LazyScreen
            load={loadStopDragList}
            props={{ stops: draft, firstNumber, onChange: setDraft }}
            loading={<p className="text-sm text-slate-500">Loading...</p>}
            onBack={() => setDraft(null)}
          />
          <div className="grid grid-cols-2 gap-2">
            <button type="button" className="btn btn-outline h-11" onClick={() => setDraft(null)} disabled={busy != null}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-brand h-11"
              onClick={() => void save(draft)}
              disabled={busy != null}
              aria-busy={busy === 'saving' || undefined}
            >
              {busy === 'saving' ? 'Saving...' : 'Save order'}
            </button>
          </div>
        </>
      ) : (
        <div className="grid gap-2">
          <button
            type="button"
            className="btn btn-brand h-11 w-full"
            onClick={() => void optimize()}
            disabled={syncing || busy != null}
            aria-busy={busy === 'optimizing' || undefined}
          >
            {busy === 'optimizing' ? 'Optimizing...' : 'Optimize remaining stops'}
          </button>
          <button
            type="button"
            className="btn btn-outline h-11 w-full"
            onClick={() => {
              setSaid('');
              setDraft(remaining);
            }}
            disabled={syncing || busy != null}
          >
            Reorder stops
          </button>
          {syncing ? <p className="text-xs text-slate-500">Waiting for your last steps to sync before the stops can be reordered.</p> : null}
        </div>
      )}
      <p role="status" className="text-sm text-slate-700">
        {said}
      </p>
    </section>
  );
}
