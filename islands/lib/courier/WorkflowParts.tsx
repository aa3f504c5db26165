/** Pieces both delivery workflows use: their props, the big step button and the earnings summary. */
import { useEffect, useState, type ReactNode } from 'react';
import { POSITION_REQUIRED } from '../../../src/domain/courierFlow';
import { earningsOf, usd } from './format';
import { CONFIRM_WITHOUT_POSITION_AFTER_MS, type ArrivalState, type DevicePosition } from './geolocation';
import type { CourierOrder, CourierView } from './types';

export interface WorkflowProps {
  /** The order with its waiting steps applied. */
  order: CourierOrder;
  view: CourierView;
  /** Steps of this order waiting on the phone. */
  waiting: number;
  /** Leaves the workflow (back, close). */
  onClose: () => void;
  /** The delivery is over (delivered, cancelled): leaves it and forgets the active order. */
  onDone: () => void;
  /** The order changed on the server outside the outbox (its stops reordered): read it again. */
  onChanged: () => Promise<unknown>;
}

/** Base Pay, Tip and Total of a delivery (spec 3-courier-area.md §9). */
export function DeliveryEarnings({ order, title }: { order: CourierOrder; title: string }) {
  const earned = earningsOf(order);
  return (
    <section className="card p-4 text-left" aria-labelledby="earnings-title">
      <h3 id="earnings-title" className="font-semibold">
        {title}
      </h3>
      <dl className="mt-2 space-y-1 text-sm">
        <Row label="Base Pay" value={usd(earned.basePay)} />
        <Row label="Tip" value={usd(earned.tip)} />
        <Row label="Total" value={<strong>{usd(earned.total)}</strong>} />
      </dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex justify-between">
      <dt className="text-slate-600">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The screen's next step: large, for a thumb on the road, pinned to the bottom of the view
 * while the screen scrolls (decision F13). `hint` says, in the pinned bar above the button,
 * why it waits and what else the courier can do: never hidden under the bar (issue 27).
 */
export function StepButton({ children, onClick, disabled = false, hint }: { children: ReactNode; onClick: () => void; disabled?: boolean; hint?: ReactNode }) {
  return (
    <div className="step-bar">
      {hint ? (
        <div className="mb-2 space-y-2 text-sm" data-step-hint="" data-keep-clear="">
          {hint}
        </div>
      ) : null}
      <button type="button" className="btn btn-success h-14 w-full text-base" disabled={disabled} onClick={onClick}>
        {children}
      </button>
    </div>
  );
}

/** Whether `ms` have passed since `since` (re-rendering once they have). */
function useWaited(since: number, ms: number): boolean {
  const [waited, setWaited] = useState(() => Date.now() - since >= ms);
  useEffect(() => {
    const left = since + ms - Date.now();
    if (left <= 0) return setWaited(true);
    setWaited(false);
    const timer = window.setTimeout(() => setWaited(true), left);
    return () => window.clearTimeout(timer);
  }, [since, ms]);
  return waited;
}

/**
 * An arrival's step (decisions F9, C23): the button, ready within the radius; above it, in
 * the pinned bar, why it waits: "Finding your location...", then "Still finding your
 * location..." with a retry when no fix comes, or "Location needed" with how to allow it
 * when refused; and once the phone cannot place the courier, "I'm here" to go on without a
 * position, recorded as such and flagged to the dispatcher.
 */
export function ArrivalStep({
  state,
  device,
  children,
  onArrive,
}: {
  state: ArrivalState;
  device: DevicePosition;
  children: ReactNode;
  onArrive: (withoutPosition: boolean) => void;
}) {
  const waited = useWaited(device.since, CONFIRM_WITHOUT_POSITION_AFTER_MS);
  const stuck = state === 'denied' || state === 'no_fix' || (state === 'locating' && waited);
  const retry = (
    <button type="button" className="btn btn-outline h-11 flex-1" onClick={device.retry}>
      Try again
    </button>
  );
  const withoutPosition = (
    <button type="button" className="btn btn-outline h-11 flex-1" onClick={() => onArrive(true)}>
      I'm here
    </button>
  );
  const hint =
    state === 'denied' ? (
      <>
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900">
          <strong>Allow location.</strong> {POSITION_REQUIRED.details}
        </p>
        <div className="flex gap-2">
          {retry}
          {withoutPosition}
        </div>
      </>
    ) : state === 'locating' && !stuck ? (
      <p className="text-center text-slate-700" role="status">
        Finding your location...
      </p>
    ) : stuck ? (
      <>
        <p className="text-center text-slate-700" role="status">
          Still finding your location… Try again, or confirm you are here: your arrival is then marked as without a position for the dispatcher.
        </p>
        <div className="flex gap-2">
          {retry}
          {withoutPosition}
        </div>
      </>
    ) : null;
  return (
    <StepButton disabled={state !== 'ready'} onClick={() => onArrive(false)} hint={hint}>
      {children}
    </StepButton>
  );
}
