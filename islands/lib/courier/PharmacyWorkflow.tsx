/**
 * The pharmacy route (spec 3-courier-area.md §2.11, §4.4–4.5): go online within the hour before pickup,
 * arrive within 500 feet, photograph the packages, then deliver stop by stop with a
 * photo each. Times in US Eastern. Opening it converts a restaurant-style status to its
 * pharmacy form. Steps go through the outbox like the restaurant workflow's.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { canGoOnlinePharmacy, currentStop, EXPANDED_STOP_CARDS, STOP_ARRIVAL_RADIUS_M, type NavigationTarget } from '../../../src/domain/courierFlow';
import { isStopSettled } from '../../../src/domain/failedDelivery';
import { PHARMACY_ARRIVAL_RADIUS_M } from '../../../src/domain/geo';
import { PHARMACY_FORM, pharmacyDisplayStatus } from '../../../src/domain/orderStatus';
import { errorToast } from '../events';
import { useDraft } from './drafts';
import { FailureNotice, ReportFailedDelivery } from './FailedDelivery';
import { earningsOf, millis, pharmacyTimeOf, PROGRESS, usd } from './format';
import { arrivalPosition, arrivalState, distanceLabel, distanceTo, usePosition } from './geolocation';
import { CloseIcon } from '../../../src/shared/icons';
import { CheckIcon, NavigationIcon } from './icons';
import { NavigationChooser, pickupTarget, stopTarget } from './NavigationChooser';
import { photoSrc, useOutbox, type Effect } from './outbox';
import { PhotoCapture } from './PhotoCapture';
import { drivenMiles, RouteMap } from './RouteMap';
import { goOnline, report, SAVED_ON_PHONE, sendStep, sendStopStep, uploadPhoto } from './steps';
import type { CourierOrder, CourierStop } from './types';
import { useNow } from './useNow';
import { StopOrder } from './StopOrder';
import { SyncBadge } from './SyncBadge';
import { ArrivalStep, DeliveryEarnings, StepButton, type WorkflowProps } from './WorkflowParts';

export default function PharmacyWorkflow({ order, view, waiting, onClose, onDone, onChanged }: WorkflowProps) {
  const [navigateTo, setNavigateTo] = useState<NavigationTarget | null>(null);
  const status = pharmacyDisplayStatus(order.status);

  // A restaurant-style status takes its pharmacy form when the route opens (spec 3-courier-area.md §4.4).
  const converted = useRef<string | null>(null);
  useEffect(() => {
    const form = PHARMACY_FORM[order.status];
    if (!form || converted.current === order.status) return;
    converted.current = order.status;
    void sendStep(order, { status: form }, 'Pharmacy route').then((outcome) => report(outcome, undefined, null));
  }, [order]);

  let screen: ReactNode;
  switch (status) {
    case 'awaiting_pharmacy_pickup':
      screen = <ReadyToStart order={order} view={view} />;
      break;
    case 'courier_on_way_to_pharmacy':
      screen = <ToPharmacy order={order} view={view} onNavigate={setNavigateTo} />;
      break;
    case 'arrived_at_pharmacy':
      screen = <CollectPackages order={order} />;
      break;
    case 'pharmacy_picked_up':
    case 'in_pharmacy_delivery':
      screen = <Deliveries order={order} view={view} onNavigate={setNavigateTo} waiting={waiting} onChanged={onChanged} />;
      break;
    case 'delivered':
    case 'pharmacy_completed':
      screen = <Completed order={order} waiting={waiting} onDone={onDone} />;
      break;
    default:
      screen = <p>Unknown status: {order.status}</p>;
  }

  return (
    <div className="pb-10">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
        <div className="flex-1">
          <h2 id="order-view-title" className="text-lg font-semibold">
            Pharmacy Order #{order.orderNumber}
          </h2>
          <p className="text-sm text-slate-600">{order.restaurantName}</p>
        </div>
        <SyncBadge waiting={waiting} />
        <button type="button" className="btn btn-ghost h-11 w-11 px-0" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </header>
      <div className="space-y-4 p-4" data-keep-clear-first="">
        {screen}
      </div>
      <NavigationChooser target={navigateTo} onClose={() => setNavigateTo(null)} />
    </div>
  );
}

function ReadyToStart({ order, view }: { order: CourierOrder; view: WorkflowProps['view'] }) {
  const now = useNow(view.now);
  const [busy, setBusy] = useState(false);
  const ready = canGoOnlinePharmacy(millis(order.pickupTime), now);
  async function start() {
    if (!canGoOnlinePharmacy(millis(order.pickupTime), Date.now())) return errorToast('You can go online 1 hour before pickup time', 'Too Early');
    setBusy(true);
    await goOnline(order);
    setBusy(false);
  }
  return (
    <>
      <RouteMap order={order} openMap={view.openMap} />
      <section className="card p-4 text-center">
        <h3 className="text-lg font-semibold">Ready to Start?</h3>
        <p className="text-sm text-slate-600">Pickup time: {pharmacyTimeOf(order.pickupTime)}</p>
        {ready ? null : <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">Too early to start. Check back 1 hour before pickup.</p>}
      </section>
      <section className="card p-4" aria-labelledby="route-summary">
        <h3 id="route-summary" className="font-semibold">
          Route Summary
        </h3>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-slate-500">Total Stops</dt>
            <dd className="font-semibold">{order.stops.length}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Total Distance</dt>
            <dd className="font-semibold">{drivenMiles(order) != null ? `${drivenMiles(order)!.toFixed(1)} miles` : 'N/A'}</dd>
          </div>
          {/* What the courier earns, not the business's fee (decision C24). */}
          <div>
            <dt className="text-slate-500">Your Pay</dt>
            <dd className="font-semibold">{usd(earningsOf(order).total)}</dd>
          </div>
        </dl>
      </section>
      {/* The step is pinned at the bottom, within the thumb's reach, not mid-screen (F13). */}
      {ready ? (
        <StepButton disabled={busy} onClick={() => void start()}>
          {busy ? 'Going Online...' : 'Go Online Now'}
        </StepButton>
      ) : null}
    </>
  );
}

function ToPharmacy({ order, view, onNavigate }: { order: CourierOrder; view: WorkflowProps['view']; onNavigate: (target: NavigationTarget) => void }) {
  const device = usePosition(view.proximityCheck);
  const distance = distanceTo(device, order.pickupLatitude, order.pickupLongitude);
  const arrival = arrivalState(device, distance, PHARMACY_ARRIVAL_RADIUS_M, view.proximityCheck, order.pickupLocationPrecision);
  async function arrive(withoutPosition: boolean) {
    if (!withoutPosition && arrival !== 'ready') return errorToast('You must be within 500 feet of the pharmacy', 'Not at Pharmacy');
    report(await sendStep(order, { status: 'arrived_at_pharmacy', ...arrivalPosition(device, withoutPosition) }, 'Arrived at pharmacy'), {
      title: 'Arrival Confirmed',
      description: 'Now collect all packages',
    });
  }
  return (
    <>
      <RouteMap order={order} openMap={view.openMap} />
      <section className="card p-4">
        <h3 className="font-semibold">Head to Pharmacy</h3>
        <p className="mt-1 font-medium">{order.restaurantName}</p>
        <p className="text-sm text-slate-600">{order.restaurantAddress}</p>
        <button type="button" className="btn btn-outline mt-3 h-11 w-full" onClick={() => onNavigate(pickupTarget(order))}>
          <NavigationIcon width={18} height={18} /> Navigate to Pharmacy
        </button>
      </section>
      {distance != null ? <p className="text-center text-sm text-slate-600">{distanceLabel(distance, order.pickupLocationPrecision)}</p> : null}
      <p className="text-center text-xs text-slate-500">You must be within 500 feet to confirm arrival</p>
      <ArrivalStep state={arrival} device={device} onArrive={(without) => void arrive(without)}>
        I'm at the Pharmacy
      </ArrivalStep>
    </>
  );
}

function CollectPackages({ order }: { order: CourierOrder }) {
  const [draft, updateDraft, clearDraft] = useDraft(order.id, 'pickup');
  const [photo] = draft.photos;
  function confirm() {
    if (!photo) return errorToast('Please take a photo of all packages', 'Photo Required');
    const first = currentStop(order.stops);
    const effect: Effect = {
      order: { status: 'pharmacy_picked_up', pharmacyPickupPhoto: photo },
      stops: first && first.status === 'pending' ? [{ id: first.id, status: 'on_way' }] : [],
    };
    void sendStep(order, { status: 'pharmacy_picked_up', pharmacyPickupPhoto: photo }, 'Pickup confirmed', effect).then((outcome) =>
      report(outcome, { title: 'Pickup Complete!', description: 'Now delivering to first stop' }),
    );
    clearDraft();
  }
  return (
    <>
      <section className="card p-4">
        <h3 className="text-lg font-semibold">Collect All Packages</h3>
        <p className="mt-1 text-sm text-slate-600">
          Collect all {order.stops.length} packages, verify the order number ({order.orderNumber}) and recipient names.
        </p>
        <ol className="mt-3 space-y-1">
          {order.stops.map((stop) => (
            <li key={stop.id} className="flex gap-2 text-sm">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-900 text-xs font-semibold text-white">
                {stop.sequence}
              </span>
              <span>{stop.customerName}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="card p-4" aria-label="Pickup photo">
        <PhotoCapture
          photos={draft.photos}
          max={1}
          onChange={(photos) => updateDraft({ photos })}
          upload={(blob) => uploadPhoto(order, blob, 'pharmacy_pickup')}
        />
      </section>
      <StepButton disabled={!photo} onClick={confirm}>
        Confirm Pickup & Start Deliveries
      </StepButton>
    </>
  );
}

function Deliveries({
  order,
  view,
  onNavigate,
  waiting,
  onChanged,
}: Pick<WorkflowProps, 'order' | 'view' | 'waiting' | 'onChanged'> & { onNavigate: (target: NavigationTarget) => void }) {
  const delivered = order.stops.filter((stop) => stop.status === 'delivered').length;
  const current = currentStop(order.stops);
  const { entries } = useOutbox();
  return (
    <>
      {/* Every stop came back: the route waits for dispatch (decision C28). */}
      {current ? null : <FailureNotice order={order} stop={null} />}
      <RouteMap order={order} openMap={view.openMap} />
      <div>
        <p className="mb-1 text-sm font-medium">
          {delivered} / {order.stops.length} delivered
        </p>
        <progress className={`h-3 w-full ${PROGRESS}`} max={order.stops.length} value={delivered} aria-label="Stops delivered" />
      </div>
      <StopOrder order={order} waiting={waiting} formatTime={pharmacyTimeOf} onChanged={onChanged} />
      <ol className="space-y-3">
        {order.stops.map((stop, index) => {
          const done = stop.status === 'delivered';
          const returned = stop.returnedAt != null;
          const photo = stop.deliveryPhoto ? photoSrc(stop.deliveryPhoto, entries) : null;
          return (
            <li key={stop.id}>
              <details open={index < EXPANDED_STOP_CARDS} className={`card p-4 ${stop.id === current?.id ? 'border-brand-500 ring-1 ring-brand-500' : ''}`}>
                <summary className="flex min-h-11 cursor-pointer items-center gap-3">
                  <span
                    className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white ${done ? 'bg-emerald-600' : 'bg-slate-900'}`}
                  >
                    {done ? <CheckIcon width={14} height={14} aria-label="Delivered" /> : stop.sequence}
                  </span>
                  <span className="font-medium">{stop.customerName}</span>
                  {done ? <span className="ml-auto text-sm text-emerald-700">Delivered</span> : null}
                  {returned ? <span className="ml-auto shrink-0 text-sm text-red-700">Returned</span> : null}
                </summary>
                {returned ? <p className="mt-2 text-sm font-medium text-red-800">Not delivered: bring the package back to the pharmacy.</p> : null}
                <p className="mt-2 text-sm text-slate-600">{stop.address}</p>
                {stop.deliverBy && !done ? <p className="text-sm font-medium text-amber-800">Deliver by {pharmacyTimeOf(stop.deliverBy)}</p> : null}
                {stop.deliveryInstructions ? <p className="text-sm text-slate-600">Instructions: {stop.deliveryInstructions}</p> : null}
                {done && photo ? <img src={photo} alt={`Delivery photo, stop ${stop.sequence}`} className="mt-2 h-32 w-32 rounded-md object-cover" /> : null}
                {stop.id === current?.id ? <CurrentStop order={order} stop={stop} view={view} onNavigate={onNavigate} /> : null}
              </details>
            </li>
          );
        })}
      </ol>
    </>
  );
}

function CurrentStop({
  order,
  stop,
  view,
  onNavigate,
}: {
  order: CourierOrder;
  stop: CourierStop;
  view: WorkflowProps['view'];
  onNavigate: (target: NavigationTarget) => void;
}) {
  const arrived = stop.status === 'arrived';
  const device = usePosition(!arrived && view.proximityCheck);
  const distance = distanceTo(device, stop.latitude, stop.longitude);
  const arrival = arrivalState(device, distance, STOP_ARRIVAL_RADIUS_M, view.proximityCheck, stop.locationPrecision);
  const [draft, updateDraft, clearDraft] = useDraft(order.id, `stop-${stop.id}`);
  const [photo] = draft.photos;
  const total = order.stops.length;

  async function arrive(withoutPosition: boolean) {
    if (!withoutPosition && arrival !== 'ready') return errorToast(`You must be within 500 feet of stop ${stop.sequence}`, 'Not at the stop');
    const body = { status: 'arrived' as const, ...arrivalPosition(device, withoutPosition) };
    report(await sendStopStep(order, stop, body, `Arrived at stop ${stop.sequence}`, { stops: [{ id: stop.id, status: 'arrived' }] }), {
      title: `Arrived at Stop ${stop.sequence}`,
      description: 'Now deliver the package',
    });
  }

  function deliver() {
    if (!photo) return errorToast('Please take a delivery photo', 'Photo Required');
    const next = order.stops.find((candidate) => candidate.sequence > stop.sequence && !isStopSettled(candidate));
    if (!next && !order.pharmacyPickupPhoto) return errorToast('Cannot complete order without pharmacy pickup photo', 'Missing Pickup Photo');
    if (!next && order.stops.some((candidate) => candidate.id !== stop.id && !candidate.returnedAt && !candidate.deliveryPhoto)) {
      return errorToast('All stops must have delivery photos before completing', 'Missing Delivery Photos');
    }
    const notes = draft.notes.trim() || null;
    const delivered = total - order.stops.filter((candidate) => !isStopSettled(candidate)).length + 1;
    const effect: Effect = {
      stops: [{ id: stop.id, status: 'delivered', deliveryPhoto: photo, deliveryNotes: notes }, ...(next ? [{ id: next.id, status: 'on_way' as const }] : [])],
      order: { status: next ? 'in_pharmacy_delivery' : 'delivered' },
    };
    void sendStopStep(order, stop, { status: 'delivered', deliveryPhoto: photo, deliveryNotes: notes }, `Stop ${stop.sequence} delivered`, effect).then(
      (outcome) =>
        report(
          outcome,
          next
            ? { title: `Stop ${stop.sequence} Delivered!`, description: `${delivered}/${total} completed` }
            : { title: 'All Deliveries Complete!', description: `Successfully delivered to all ${total} stops` },
        ),
    );
    clearDraft();
  }

  return (
    <div className="mt-3 space-y-3 border-t border-slate-100 pt-3">
      <button type="button" className="btn btn-outline h-11 w-full" onClick={() => onNavigate(stopTarget(stop))}>
        <NavigationIcon width={18} height={18} /> Navigate to Stop {stop.sequence}
      </button>
      {arrived ? (
        <>
          <PhotoCapture
            photos={draft.photos}
            max={1}
            onChange={(photos) => updateDraft({ photos })}
            upload={(blob) => uploadPhoto(order, blob, 'stop', stop.id)}
          />
          <div>
            <label htmlFor={`stop-notes-${stop.id}`} className="label">
              Delivery notes (optional)
            </label>
            <input id={`stop-notes-${stop.id}`} className="input h-11" value={draft.notes} onChange={(event) => updateDraft({ notes: event.target.value })} />
          </div>
          <StepButton disabled={!photo} onClick={deliver}>
            Confirm Delivery - Stop {stop.sequence}
          </StepButton>
        </>
      ) : (
        <>
          {distance != null ? (
            <p className="text-center text-sm text-slate-600" aria-live="polite">
              {distanceLabel(distance, stop.locationPrecision)}
            </p>
          ) : null}
          <ArrivalStep state={arrival} device={device} onArrive={(without) => void arrive(without)}>
            {arrival === 'far' ? `Get closer to stop ${stop.sequence} (within 500 ft)` : `Arrived at Stop ${stop.sequence}`}
          </ArrivalStep>
        </>
      )}
      <FailureNotice order={order} stop={stop} />
      <ReportFailedDelivery order={order} stop={stop} />
    </div>
  );
}

/** Complete once the server has it; until then, saved on this phone (decision F5). */
function Completed({ order, waiting, onDone }: { order: CourierOrder; waiting: number; onDone: () => void }) {
  const returned = order.stops.filter((stop) => stop.returnedAt);
  const delivered = order.stops.length - returned.length;
  return (
    <div className="space-y-4 text-center">
      <div className={`rounded-lg p-6 ${waiting ? 'bg-amber-50' : 'bg-emerald-50'}`} role="status">
        {waiting ? (
          <>
            <p className="text-2xl font-bold text-amber-900">Deliveries Saved on This Phone</p>
            <p className="mt-1 text-amber-900">{SAVED_ON_PHONE}</p>
          </>
        ) : (
          <>
            <p className="text-2xl font-bold text-emerald-800">{returned.length ? 'Route Complete' : 'All Deliveries Complete!'}</p>
            <p className="mt-1">
              {returned.length ? `Delivered to ${delivered} of ${order.stops.length} stops` : `Successfully delivered to all ${order.stops.length} stops`}
            </p>
          </>
        )}
        <p className="mt-1 text-sm text-slate-700">
          {order.stops.length} stops completed • {(drivenMiles(order) ?? 0).toFixed(1)} miles
        </p>
      </div>
      {returned.length ? (
        <section className="rounded-lg border border-red-200 bg-red-50 p-4 text-left" aria-labelledby="bring-back">
          <h3 id="bring-back" className="font-semibold text-red-900">
            Bring back to the pharmacy
          </h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {returned.map((stop) => (
              <li key={stop.id}>{`Stop ${stop.sequence}: ${stop.customerName}`}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <DeliveryEarnings order={order} title="Earnings" />
      <StepButton onClick={onDone}>Continue to New Orders</StepButton>
    </div>
  );
}
