/** Pieces both delivery workflows use: their props, the big step button and the earnings summary. */
import type { ReactNode } from 'react';
import { POSITION_REQUIRED } from '../../../src/domain/courierFlow';
import { earningsOf, usd } from './format';
import type { ArrivalState } from './geolocation';
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

/** The screen's next step: large, for a thumb on the road, pinned to the bottom of the view while the screen scrolls (decision F13). */
export function StepButton({ children, onClick, disabled = false }: { children: ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <div className="step-bar">
      <button type="button" className="btn btn-success h-14 w-full text-base" disabled={disabled} onClick={onClick}>
        {children}
      </button>
    </div>
  );
}

/** Under an arrival button that waits for the device's position: why, and how to allow it (decision F9). */
export function ArrivalHelp({ state }: { state: ArrivalState }) {
  if (state === 'no_location')
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <strong>{POSITION_REQUIRED.error}.</strong> {POSITION_REQUIRED.details}
      </p>
    );
  if (state === 'locating') return <p className="text-center text-sm text-slate-700">Finding your location...</p>;
  return null;
}
