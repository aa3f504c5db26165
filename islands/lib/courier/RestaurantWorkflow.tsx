/**
 * The restaurant delivery workflow (spec 3-courier-area.md §2.9, §4.3): one screen per status, from
 * "Confirmed" to "Delivered". Each step goes through the outbox (steps.ts) and the screen
 * moves on at once, whether or not the server has it yet. Loaded only when opened.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  canArriveAtCustomer,
  currentStop,
  earliestArrivalAtCustomer,
  PICKED_UP_AUTO_ADVANCE_MS,
  RESTAURANT_REQUIRED_PHOTOS,
  RESTAURANT_TITLES,
  type NavigationTarget,
} from '../../../src/domain/courierFlow';
import { isStopSettled } from '../../../src/domain/failedDelivery';
import { RESTAURANT_ARRIVAL_RADIUS_M } from '../../../src/domain/geo';
import { isFinished, type OrderStatus } from '../../../src/domain/orderStatus';
import { errorToast } from '../events';
import { ConfirmDialog } from './Dialog';
import { FailureNotice, ReportFailedDelivery } from './FailedDelivery';
import { useDraft } from './drafts';
import { cents, millis, timeOf, usd } from './format';
import { arrivalPosition, arrivalState, distanceTo, usePosition } from './geolocation';
import { ArrowLeftIcon, MessageIcon, NavigationIcon, PhoneIcon } from './icons';
import { customerTarget, NavigationChooser, pickupTarget, stopTarget } from './NavigationChooser';
import { isUploaded, useOutbox, type Effect } from './outbox';
import { PhotoCapture } from './PhotoCapture';
import { RouteMap } from './RouteMap';
import { report, SAVED_ON_PHONE, sendDeliveryPhotos, sendStep, sendStopStep, statusUpdated, uploadPhoto, type StepBody } from './steps';
import type { CourierOrder } from './types';
import { useNow } from './useNow';
import { StopOrder } from './StopOrder';
import { SyncBadge } from './SyncBadge';
import { ArrivalStep, DeliveryEarnings, StepButton, type WorkflowProps } from './WorkflowParts';

const HINTS: Partial<Record<OrderStatus, string>> = {
  courier_confirmed: 'Head to the restaurant for pickup',
  courier_on_way_to_pickup: 'Head to the restaurant for pickup',
  arrived_at_pickup: 'Collect the order from the restaurant staff',
  picked_up: 'Take the order to the customer',
  on_way_to_customer: 'Take the order to the customer',
  arrived_at_customer: 'Set up the order and take the delivery photos',
  setup_in_progress: 'Set up the order and take the delivery photos',
  delivered: 'Delivery complete',
};

const SETUP_GUIDE = [
  'Ask where to set up the food.',
  'Put on disposable gloves.',
  'Separate hot and cold items.',
  'Arrange everything neatly.',
  'Take a clear photo of the final setup.',
];

const COMPLETED = { title: 'Order Completed', description: 'Order marked as delivered successfully!' };

export default function RestaurantWorkflow({ order, view, waiting, onClose, onDone, onChanged }: WorkflowProps) {
  const status = order.status;
  const [navigateTo, setNavigateTo] = useState<NavigationTarget | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const { entries } = useOutbox();
  const stop = currentStop(order.stops);

  // "Got All Items" moves on to the customer by itself after 1 s, also after a reload; a step
  // tapped before that (Arrived at Customer) queues behind the advance, made at once, rather
  // than reach the server while the order is still "picked up" (a 409).
  const latest = useRef(order);
  latest.current = order;
  const onWayQueued = entries.some((entry) => entry.orderId === order.id && entry.effect?.order?.status === 'on_way_to_customer');
  const advanced = useRef<number | null>(null);
  const advance = useCallback(() => {
    if (latest.current.status !== 'picked_up' || advanced.current === latest.current.id) return;
    advanced.current = latest.current.id;
    void sendStep(latest.current, { status: 'on_way_to_customer' }, 'On the way to the customer').then((outcome) =>
      report(outcome, statusUpdated('on_way_to_customer'), null),
    );
  }, []);
  useEffect(() => {
    if (status !== 'picked_up' || onWayQueued) return;
    const timer = window.setTimeout(advance, PICKED_UP_AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [status, onWayQueued, advance]);

  async function step(body: StepBody, label: string) {
    if (!onWayQueued) advance();
    report(await sendStep(order, body, label), statusUpdated(body.status!));
  }

  /** Gives the order back to dispatch (C26): another courier takes it; the customer's delivery goes on. */
  function cancel() {
    setCancelling(false);
    void sendStep(order, { status: 'courier_rejected', acceptLateFee: true }, 'Give order back', {
      order: { status: 'courier_rejected', courierId: null },
    }).then((outcome) => report(outcome, { title: 'Order handed back', description: 'Dispatch will give it to another courier.' }));
    onDone();
  }

  // A route's failed delivery is its current stop's (decision C28).
  const stopToFail = order.stops.length && stop ? stop : null;

  let screen: ReactNode;
  if (status === 'courier_confirmed' || status === 'courier_on_way_to_pickup') {
    screen = <ToRestaurant order={order} view={view} onNavigate={setNavigateTo} onArrive={step} />;
  } else if (status === 'arrived_at_pickup') {
    screen = (
      <>
        <RestaurantCard order={order} />
        <p className="rounded-md bg-blue-50 p-3 text-sm text-blue-900">Show this order number to restaurant staff and confirm you have the correct order</p>
        <StepButton onClick={() => void step({ status: 'picked_up' }, 'Got all items')}>Got All Items</StepButton>
      </>
    );
  } else if (status === 'picked_up' || status === 'on_way_to_customer') {
    screen = (
      <ToCustomer
        order={order}
        view={view}
        onNavigate={setNavigateTo}
        onArrive={() => void step({ status: 'arrived_at_customer' }, 'Arrived at customer')}
        reorder={<StopOrder order={order} waiting={waiting} formatTime={(value) => timeOf(value, view.timeZone)} onChanged={onChanged} />}
      />
    );
  } else if (status === 'arrived_at_customer' || status === 'setup_in_progress') {
    screen = <AtCustomer key={stop?.id ?? 'single'} order={order} />;
  } else if (status === 'delivered') {
    screen = <Delivered order={order} waiting={waiting} onDone={onDone} />;
  } else {
    screen = <p className="p-4">Unknown status: {status}</p>;
  }

  return (
    <div className="pb-10">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white">
        <div className="flex items-center gap-2 px-2 py-2">
          <button type="button" className="btn btn-ghost h-11 w-11 px-0" aria-label="Back" onClick={onClose}>
            <ArrowLeftIcon />
          </button>
          <h2 id="order-view-title" className="flex-1 text-lg font-semibold">
            {RESTAURANT_TITLES[status] ?? status}
          </h2>
          <p className="text-right text-xs text-slate-500">
            Courier Pay
            <span className="block text-base font-bold text-slate-900">{usd(cents(order.courierPay))}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 bg-slate-900 px-4 py-2 text-sm text-white" data-keep-clear="">
          <span>{HINTS[status] ?? ''}</span>
          <SyncBadge waiting={waiting} />
        </div>
      </header>
      <div className="space-y-4 p-4" data-keep-clear-first="">
        {/* What a failed attempt left in force comes first: it changes what the courier does next. */}
        <FailureNotice order={order} stop={stopToFail} />
        {screen}
        <ReportFailedDelivery order={order} stop={stopToFail} />
      </div>
      {!isFinished(status) ? (
        <div className="px-4">
          <button type="button" className="btn btn-ghost h-11 w-full text-red-700" onClick={() => setCancelling(true)}>
            Cancel Order
          </button>
        </div>
      ) : null}
      <NavigationChooser target={navigateTo} onClose={() => setNavigateTo(null)} />
      <ConfirmDialog
        open={cancelling}
        title="Cancellation Warning"
        message="Cancelling less than 2 hours before the pickup time brings a $30 penalty. The order goes back to dispatch for another courier: the customer's delivery is not cancelled."
        keepLabel="Keep Order"
        confirmLabel="Cancel and Accept Penalty"
        onKeep={() => setCancelling(false)}
        onConfirm={cancel}
      />
    </div>
  );
}

function RestaurantCard({ order }: { order: CourierOrder }) {
  return (
    <section className="card p-4" aria-label="Restaurant">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{order.restaurantName}</h3>
          <p className="text-sm text-slate-600">{order.restaurantAddress}</p>
        </div>
        <a className="btn btn-outline h-11" href={`tel:${order.restaurantPhone}`}>
          <PhoneIcon width={18} height={18} /> Call
        </a>
      </div>
      <p className="mt-3 text-sm text-slate-500">Order Number</p>
      <p className="text-2xl font-bold tracking-wide">{order.internalOrderNumber || order.orderNumber}</p>
    </section>
  );
}

function ToRestaurant({
  order,
  view,
  onNavigate,
  onArrive,
}: {
  order: CourierOrder;
  view: WorkflowProps['view'];
  onNavigate: (target: NavigationTarget) => void;
  onArrive: (body: StepBody, label: string) => Promise<void>;
}) {
  const device = usePosition(view.proximityCheck);
  const distance = distanceTo(device, order.pickupLatitude, order.pickupLongitude);
  const arrival = arrivalState(device, distance, RESTAURANT_ARRIVAL_RADIUS_M, view.proximityCheck, order.pickupLocationPrecision);

  async function arrive(withoutPosition: boolean) {
    // A confirmed order sets off first, so the server's path and times stay whole.
    if (order.status === 'courier_confirmed') void sendStep(order, { status: 'courier_on_way_to_pickup' }, 'Go online');
    await onArrive({ status: 'arrived_at_pickup', ...arrivalPosition(device, withoutPosition) }, 'Arrived at restaurant');
  }

  return (
    <>
      <RouteMap order={order} openMap={view.openMap} />
      <RestaurantCard order={order} />
      <section className="card space-y-1 p-4 text-sm" aria-label="Order">
        <p>
          <span className="text-slate-500">Ready at</span> {timeOf(order.pickupTime, view.timeZone)}
        </p>
        {order.customerCompany ? (
          <p>
            <span className="text-slate-500">For:</span> {order.customerCompany}
          </p>
        ) : null}
        <p className="font-medium">{order.customerName}</p>
      </section>
      <section className="card p-4" aria-label="Restaurant Location">
        <h3 className="font-semibold">Restaurant Location</h3>
        <p className="text-sm text-slate-600">{order.restaurantAddress}</p>
        <button type="button" className="btn btn-outline mt-3 h-11 w-full" onClick={() => onNavigate(pickupTarget(order))}>
          <NavigationIcon width={18} height={18} /> Open Navigation
        </button>
      </section>
      <p className="text-center text-xs text-slate-500">Cancelling an order less than 2 hours before pickup will result in a $30 penalty</p>
      <ArrivalStep state={arrival} device={device} onArrive={(without) => void arrive(without)}>
        {arrival === 'far' ? 'Get closer to restaurant (within 50m)' : 'Arrived at Restaurant'}
      </ArrivalStep>
    </>
  );
}

function ToCustomer({
  order,
  view,
  onNavigate,
  onArrive,
  reorder,
}: {
  order: CourierOrder;
  view: WorkflowProps['view'];
  onNavigate: (target: NavigationTarget) => void;
  onArrive: () => void;
  /** The stop order panel, for a multi-stop order. */
  reorder: ReactNode;
}) {
  const now = useNow(view.now);
  const deliveryTime = millis(order.deliveryTime);
  const early = !canArriveAtCustomer(deliveryTime, now);
  const earliest = timeOf(earliestArrivalAtCustomer(deliveryTime), view.timeZone);
  const current = currentStop(order.stops);
  const destination: NavigationTarget = current ? stopTarget(current) : customerTarget(order);
  const phone = current?.customerPhone ?? order.customerPhone;

  function arrive() {
    // The window is checked again on the tap (the banner may be a minute old).
    if (!canArriveAtCustomer(deliveryTime, Date.now())) return errorToast(`Cannot arrive before ${earliest}`);
    onArrive();
  }

  return (
    <>
      <RouteMap order={order} openMap={view.openMap} />
      <button type="button" className="btn btn-brand h-12 w-full" onClick={() => onNavigate(destination)}>
        <NavigationIcon width={18} height={18} /> Start Navigation
      </button>
      {order.stops.length ? reorder : null}
      {order.stops.length ? (
        <section className="card p-4" aria-labelledby="route-stops">
          <h3 id="route-stops" className="font-semibold">
            Delivery Stops ({order.stops.length})
          </h3>
          <ol className="mt-2 space-y-3">
            {order.stops.map((stop) => {
              const isCurrent = stop.id === current?.id;
              return (
                <li
                  key={stop.id}
                  className={`rounded-md border p-3 text-sm ${isCurrent ? 'border-brand-500 bg-brand-50' : stop.status === 'delivered' ? 'border-slate-200' : 'border-slate-200 opacity-60'}`}
                >
                  <p className="flex items-center justify-between font-medium">
                    <span>
                      {stop.sequence}. {stop.customerName}
                    </span>
                    {isCurrent ? (
                      <span className="badge bg-brand-600 text-white">Current</span>
                    ) : stop.returnedAt ? (
                      <span className="text-red-700">Not delivered</span>
                    ) : stop.status === 'delivered' ? (
                      <span className="text-emerald-700">✓ Delivered</span>
                    ) : null}
                  </p>
                  <p className="text-slate-600">{stop.address}</p>
                  {isCurrent ? (
                    <button type="button" className="btn btn-outline mt-2 h-10 w-full" onClick={() => onNavigate(stopTarget(stop))}>
                      Navigate to Stop {stop.sequence}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </section>
      ) : (
        <section className="card p-4 text-sm" aria-label="Customer Information">
          <h3 className="font-semibold">Customer Information</h3>
          <p className="mt-1 font-medium">{order.customerName}</p>
          {order.customerCompany ? <p className="text-slate-600">{order.customerCompany}</p> : null}
          <p className="mt-2 text-slate-500">Delivery Address</p>
          <p>{order.customerAddress}</p>
        </section>
      )}
      <section className="card p-4 text-sm" aria-label="Delivery Instructions">
        <h3 className="font-semibold">Delivery Instructions</h3>
        <p className="mt-1 text-slate-700">{(current ? current.deliveryInstructions : order.deliveryInstructions) || 'None'}</p>
      </section>
      <section className="card p-4" aria-label="Contact Customer">
        <h3 className="font-semibold">Contact Customer</h3>
        {phone ? <p className="mt-1 text-sm">{phone}</p> : null}
        <div className="mt-2 grid grid-cols-2 gap-2">
          <ContactLink href={phone ? `tel:${phone}` : null} icon={<PhoneIcon width={18} height={18} />} label="Call" />
          <ContactLink href={phone ? `sms:${phone}` : null} icon={<MessageIcon width={18} height={18} />} label="Message" />
        </div>
      </section>
      <p className="text-sm">
        <span className="text-slate-500">Drop-off Time:</span> {timeOf(order.deliveryTime, view.timeZone)}
      </p>
      <StepButton
        onClick={arrive}
        hint={
          early ? (
            <p role="alert" className="rounded-md bg-red-600 p-3 text-center font-medium text-white">
              {`Cannot arrive before ${earliest}`}
            </p>
          ) : undefined
        }
      >
        Arrived at Customer
      </StepButton>
    </>
  );
}

function ContactLink({ href, icon, label }: { href: string | null; icon: ReactNode; label: string }) {
  if (!href) {
    return (
      <button type="button" className="btn btn-outline h-11" disabled>
        {icon} {label}
      </button>
    );
  }
  return (
    <a className="btn btn-outline h-11" href={href}>
      {icon} {label}
    </a>
  );
}

/** At the customer: the setup guide, then the 4 photos, notes and completion. */
function AtCustomer({ order }: { order: CourierOrder }) {
  const stop = currentStop(order.stops);
  const [draft, updateDraft, clearDraft] = useDraft(order.id, stop ? `stop-${stop.id}` : 'delivery');
  const [busy, setBusy] = useState(false);
  const guideDone = draft.guideDone || order.status === 'setup_in_progress';
  const missing = RESTAURANT_REQUIRED_PHOTOS - draft.photos.length;

  function understood() {
    updateDraft({ guideDone: true });
    if (order.setupRequired && order.status === 'arrived_at_customer') void sendStep(order, { status: 'setup_in_progress' }, 'Setup started');
  }

  function complete() {
    if (missing > 0) return errorToast(`Please upload all ${RESTAURANT_REQUIRED_PHOTOS} required photos before completing delivery`);
    // The screen moves on as soon as the steps are stored; "Processing..." until then.
    setBusy(true);
    const notes = draft.notes.trim() || null;
    const photos = draft.photos;
    void sendDeliveryPhotos(order, photos, notes).then((outcome) =>
      report(
        outcome,
        { title: 'Photos Saved', description: `${photos.length} photos have been saved for this delivery` },
        { title: 'Photo Upload Warning', description: 'Issue with photos, but continuing with delivery completion' },
      ),
    );
    if (stop) {
      // Delivering a stop: the next one sets off and the order goes back on the way, or it is delivered.
      const next = order.stops.find((candidate) => candidate.sequence > stop.sequence && !isStopSettled(candidate));
      const effect: Effect = {
        stops: [
          { id: stop.id, status: 'delivered', deliveryPhoto: photos[0], deliveryNotes: notes },
          ...(next ? [{ id: next.id, status: 'on_way' as const }] : []),
        ],
        order: next ? { status: 'on_way_to_customer' } : { status: 'delivered', deliveryNotes: 'All stops delivered' },
      };
      void sendStopStep(order, stop, { status: 'delivered', deliveryPhoto: photos[0], deliveryNotes: notes }, `Stop ${stop.sequence} delivered`, effect).then(
        (outcome) =>
          next
            ? report(outcome, { title: 'Stop Delivered!', description: `Moving to stop ${next.sequence} of ${order.stops.length}` })
            : report(outcome, COMPLETED),
      );
    } else {
      const effect: Effect = { order: { status: 'delivered', deliveryPhotos: [...new Set([...order.deliveryPhotos, ...photos])], deliveryNotes: notes } };
      void sendStep(order, { status: 'delivered' }, 'Delivered', effect).then((outcome) => report(outcome, COMPLETED));
    }
    clearDraft();
  }

  if (!guideDone) {
    return (
      <section className="card p-4" aria-labelledby="guide-title">
        <h3 id="guide-title" className="text-lg font-semibold">
          Setup Guide
        </h3>
        <ol className="mt-3 list-decimal space-y-2 pl-5">
          {SETUP_GUIDE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        <button type="button" className="btn btn-brand mt-4 h-12 w-full" onClick={understood}>
          I Understand
        </button>
      </section>
    );
  }

  const count = draft.photos.length;
  return (
    <>
      <section className="card p-4" aria-labelledby="photos-title">
        <h3 id="photos-title" className="font-semibold">
          Delivery Photos {count}/{RESTAURANT_REQUIRED_PHOTOS} Required
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          {count === 0
            ? 'Please take delivery photos'
            : missing > 0
              ? `${missing} more photos required`
              : draft.photos.every(isUploaded)
                ? 'All required photos uploaded!'
                : `All required photos taken. ${SAVED_ON_PHONE}`}
        </p>
        <div className="mt-3">
          <PhotoCapture
            photos={draft.photos}
            max={RESTAURANT_REQUIRED_PHOTOS}
            slots
            onChange={(photos) => updateDraft({ photos })}
            upload={(photo) => uploadPhoto(order, photo, 'delivery')}
          />
        </div>
      </section>
      <section className="card p-4">
        <label htmlFor="delivery-notes" className="label">
          Delivery Notes
        </label>
        <textarea id="delivery-notes" className="input" rows={3} value={draft.notes} onChange={(event) => updateDraft({ notes: event.target.value })} />
      </section>
      <StepButton disabled={missing > 0 || busy} onClick={complete}>
        {busy ? 'Processing...' : missing > 0 ? `Need ${missing} more photos` : 'Complete Delivery'}
      </StepButton>
      {missing > 0 ? (
        <p className="text-center text-sm text-red-700">Please upload all {RESTAURANT_REQUIRED_PHOTOS} required photos before completing delivery</p>
      ) : null}
    </>
  );
}

/** Complete once the server has it; until then, saved on this phone (decision F5). No auto-close: it closes through its button (F6). */
function Delivered({ order, waiting, onDone }: { order: CourierOrder; waiting: number; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  async function finish() {
    setBusy(true);
    // "Continue to New Orders" sends delivered again (harmless on the server), then leaves.
    await sendStep(order, { status: 'delivered' }, 'Delivered');
    onDone();
  }
  return (
    <div className="space-y-4 text-center">
      {waiting ? (
        <div className="rounded-lg bg-amber-50 p-6" role="status">
          <p className="text-2xl font-bold text-amber-900">Delivery Saved on This Phone</p>
          <p className="mt-1 text-sm text-amber-900">{SAVED_ON_PHONE}</p>
          <p className="mt-1 text-sm text-slate-700">{order.deliveryPhotos.length} delivery photos saved on this phone</p>
        </div>
      ) : (
        <div className="rounded-lg bg-emerald-50 p-6" role="status">
          <p className="text-2xl font-bold text-emerald-800">Delivery Complete!</p>
          {order.setupRequired ? <p className="mt-3">Setup was completed successfully</p> : null}
          <p className="mt-1 text-sm text-slate-700">{order.deliveryPhotos.length} delivery photos uploaded</p>
        </div>
      )}
      <DeliveryEarnings order={order} title="Delivery Earnings" />
      <StepButton disabled={busy} onClick={() => void finish()}>
        {busy ? 'Finalizing...' : 'Continue to New Orders'}
      </StepButton>
    </div>
  );
}
