/**
 * "Couldn't deliver" (issue 27, decision C28): on the way to or at the door of the order's
 * customer, or of the route's current stop, the courier says why, with a photo and notes.
 * The rule (src/domain/failedDelivery.ts) is shown before sending and followed on the
 * screen at once: try again, bring the package back, or wait for dispatch. Offline it waits
 * in the outbox like any step.
 */
import { useId, useState } from 'react';
import { isPharmacyOrder } from '../../../src/domain/courierFlow';
import {
  courierInstruction,
  isStopSettled,
  FAILURE_REASON_LABELS,
  FAILURE_REASONS,
  failureOutcome,
  failureRefusal,
  type FailureOutcome,
  type FailureReason,
} from '../../../src/domain/failedDelivery';
import { errorToast } from '../events';
import { Dialog } from './Dialog';
import { useDraft } from './drafts';
import { useOutbox, type Effect } from './outbox';
import { PhotoCapture } from './PhotoCapture';
import { report, SAVED_ON_PHONE, sendDeliveryFailure, uploadPhoto } from './steps';
import type { CourierOrder, CourierStop } from './types';

/** What the screen shows at once, as the server will decide it. */
function effectOf(order: CourierOrder, stop: CourierStop | null, outcome: FailureOutcome, attempts: number): Effect {
  const now = new Date().toISOString();
  if (!stop) return { order: { failedAttempts: attempts + 1, ...(outcome === 'dispatch' ? { deliveryFailedAt: now } : {}) } };
  if (outcome !== 'return') return { stops: [{ id: stop.id, failedAttempts: attempts + 1 }] };
  const settled = order.stops.map((candidate) => (candidate.id === stop.id ? { ...candidate, returnedAt: now } : candidate));
  const next = settled.find((candidate) => candidate.sequence > stop.sequence && !isStopSettled(candidate));
  const anyDelivered = settled.some((candidate) => candidate.status === 'delivered');
  return {
    stops: [
      { id: stop.id, failedAttempts: attempts + 1, returnedAt: now },
      ...(next?.status === 'pending' ? [{ id: next.id, status: 'on_way' as const }] : []),
    ],
    order: next ? {} : anyDelivered ? { status: 'delivered' } : { deliveryFailedAt: now },
  };
}

/** What the rule left in force for this order or stop, as the screen holds it. */
function outcomeNow(order: CourierOrder, stop: CourierStop | null): FailureOutcome | null {
  if (stop) return stop.returnedAt ? 'return' : (stop.failedAttempts ?? 0) > 0 ? 'retry' : null;
  if (order.deliveryFailedAt) return 'dispatch';
  return (order.failedAttempts ?? 0) > 0 ? 'retry' : null;
}

const NOTICE_LEADS: Record<FailureOutcome, string> = { dispatch: 'Waiting for dispatch. ', return: 'Not delivered. ', retry: 'Delivery not made yet. ' };

/** What the courier reads after a failed attempt: the rule's instruction, while it holds. */
export function FailureNotice({ order, stop }: { order: CourierOrder; stop: CourierStop | null }) {
  // Until the report reaches the server, nobody has been told (decision F5).
  const { entries } = useOutbox();
  const outcome = outcomeNow(order, stop);
  if (!outcome) return null;
  const unsent = entries.some((entry) => entry.orderId === order.id && entry.url.endsWith('/delivery-failures'));
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <span className="font-semibold">{NOTICE_LEADS[outcome]}</span>
      {unsent && outcome === 'dispatch'
        ? `${SAVED_ON_PHONE}: dispatch is told once it is sent. Keep the order with you.`
        : courierInstruction(outcome, isPharmacyOrder(order))}
    </p>
  );
}

export function ReportFailedDelivery({ order, stop }: { order: CourierOrder; stop: CourierStop | null }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<FailureReason | null>(null);
  const [draft, updateDraft, clearDraft] = useDraft(order.id, `failed-${stop?.id ?? 'order'}`);
  const notesId = useId();
  const pharmacy = isPharmacyOrder(order);
  const attempts = (stop ? stop.failedAttempts : order.failedAttempts) ?? 0;
  const outcome = reason ? failureOutcome(reason, stop != null, attempts) : null;
  // Offered on the way to the customer or at the door, by the rule the server keeps.
  const refusal = failureRefusal({
    orderStatus: order.status,
    hasStops: order.stops.length > 0,
    stop: stop && { status: stop.status, returnedAt: stop.returnedAt ? 1 : null, current: true },
  });

  function send() {
    if (!reason || !outcome) return errorToast('Choose why the delivery could not be made', 'Reason required');
    const [photo] = draft.photos;
    const body = { ...(stop ? { stopId: stop.id } : {}), reason, notes: draft.notes.trim() || null, ...(photo ? { photo } : {}) };
    void sendDeliveryFailure(order, body, effectOf(order, stop, outcome, attempts)).then((result) =>
      report(result, { title: 'Failed delivery recorded', description: courierInstruction(outcome, pharmacy) }),
    );
    clearDraft();
    setReason(null);
    setOpen(false);
  }

  // Once an order of its own waits for dispatch, the dispatcher decides what follows.
  if (refusal || (!stop && order.deliveryFailedAt)) return null;
  return (
    <>
      <button type="button" className="btn btn-outline h-11 w-full border-red-300 text-red-700" onClick={() => setOpen(true)}>
        Couldn't Deliver
      </button>
      <Dialog open={open} title={stop ? `Couldn't Deliver Stop ${stop.sequence}` : "Couldn't Deliver"} onClose={() => setOpen(false)}>
        <fieldset className="mt-3">
          <legend className="label">Why?</legend>
          <div className="mt-1 grid gap-2">
            {FAILURE_REASONS.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 has-[:checked]:border-brand-500"
              >
                <input type="radio" name="failure-reason" value={value} checked={reason === value} onChange={() => setReason(value)} className="h-5 w-5" />
                {FAILURE_REASON_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4">
          <PhotoCapture
            photos={draft.photos}
            max={1}
            label="Photo of the door (optional)"
            onChange={(photos) => updateDraft({ photos })}
            upload={(blob) => uploadPhoto(order, blob, stop ? 'stop' : 'delivery', stop?.id)}
          />
        </div>
        <div className="mt-4">
          <label htmlFor={notesId} className="label">
            Notes (optional)
          </label>
          <textarea id={notesId} className="input min-h-20" value={draft.notes} onChange={(event) => updateDraft({ notes: event.target.value })} />
        </div>
        {outcome ? (
          <p className="mt-3 rounded-md bg-slate-100 p-3 text-sm" aria-live="polite">
            <span className="font-semibold">What happens next: </span>
            {courierInstruction(outcome, pharmacy)}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-outline h-11" onClick={() => setOpen(false)}>
            Back
          </button>
          <button type="button" className="btn btn-destructive h-11" disabled={!reason} onClick={send}>
            Report Failed Delivery
          </button>
        </div>
      </Dialog>
    </>
  );
}
