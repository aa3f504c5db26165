/**
 * The sections an order's detail shows (spec 1-foundations-and-admin.md §2.8, spec 2-business-area.md §2.5 and §2.7). The admin
 * and business dialogs compose these; labels that differ between them are props.
 */
import type { ReactNode } from 'react';
import { totalServiceFee } from '../../domain/fees';
import { isApproximate, APPROXIMATE_LOCATION, precisionOf, type LocationPrecision } from '../../domain/location';
import { isCompleted, statusWords } from '../../domain/orderStatus';
import { actualTimeline, deliveryTimeline, tellsPharmacyStory } from '../../domain/orderTimeline';
import { formatPhone } from '../../domain/phone';
import { vehicleLabel } from '../../domain/vehicles';
import { photoUrl } from '../../db/orders/serialize';
import type { DeliveryFailure, Order, OrderEvent, OrderStop } from '../../db/schema';
import { isPharmacyOrder } from '../../domain/courierFlow';
import { FAILURE_REASON_LABELS, outcomeLabel } from '../../domain/failedDelivery';
import { trackingPath } from '../../domain/tracking';
import { Badge, Money, Time } from '../components/ui';
import { useView } from '../context';

export function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`border-t border-slate-100 py-4 first:border-t-0 ${className}`} aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** Label and value rows. */
export function Facts({ rows }: { rows: Array<[ReactNode, ReactNode] | null | false> }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.filter(Boolean).map((row, index) => {
        const [label, value] = row as [ReactNode, ReactNode];
        return (
          <div key={index} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Picked up / Delivered times of a completed order ('Actual Timeline'): a pharmacy route's by its pickup and last stop. */
export function ActualTimeline({ order, stops }: { order: Order; stops: OrderStop[] }) {
  if (!isCompleted(order.status)) return null;
  const { pickedUp, delivered } = actualTimeline(order, stops);
  return (
    <div className="mt-3 rounded-md bg-emerald-50 p-3">
      <p className="mb-1 text-sm font-medium text-emerald-900">Actual Timeline</p>
      <Facts
        rows={[
          ['Picked up at', <Time value={pickedUp} />],
          ['Delivered at', <Time value={delivered} />],
        ]}
      />
    </div>
  );
}

/**
 * An address and how precisely it is on the map: "approximate location" for a ZIP
 * code's centre, "not on the map" without coordinates (decision G2).
 */
export function PlacedAddress({ address, precision }: { address: string; precision: LocationPrecision }) {
  return (
    <>
      {address}
      {isApproximate(precision) ? (
        <Badge tone="amber" className="ml-2">
          {APPROXIMATE_LOCATION}
        </Badge>
      ) : precision === 'none' ? (
        <Badge tone="slate" className="ml-2">
          not on the map
        </Badge>
      ) : null}
    </>
  );
}

export function VehicleRequirements({ order }: { order: Order }) {
  return (
    <Section title="Vehicle Requirements">
      {order.requiredVehicleTypes.length === 0 ? (
        <p className="text-sm text-slate-500">No vehicle requirements specified</p>
      ) : (
        <div className="flex flex-wrap gap-1.5">
          {order.requiredVehicleTypes.map((type) => (
            <Badge key={type} tone="blue">
              {vehicleLabel(type)}
            </Badge>
          ))}
        </div>
      )}
      {order.setupRequired ? <p className="mt-2 text-sm font-medium text-amber-800">Setup required at delivery</p> : null}
    </Section>
  );
}

export function PaymentInformation({ order, feeLabel, showCourierPay = true }: { order: Order; feeLabel: string; showCourierPay?: boolean }) {
  return (
    <Section title="Payment Information">
      <Facts
        rows={[
          ['Order Amount', <Money cents={order.amountCents} />],
          [feeLabel, <Money cents={order.deliveryFeeCents} />],
          ['Tips', <Money cents={order.tipCents} />],
          [
            'Total Service Fee',
            <strong>
              <Money cents={totalServiceFee(order.deliveryFeeCents, order.tipCents)} />
            </strong>,
          ],
          showCourierPay && order.courierPayCents != null ? ['Courier Pay', <Money cents={order.courierPayCents} />] : null,
        ]}
      />
    </Section>
  );
}

/** Where the order is picked up: 'Pharmacy Information' for a pharmacy route. */
export function RestaurantInformation({ order, stops }: { order: Order; stops: OrderStop[] }) {
  return (
    <Section title={tellsPharmacyStory(order, stops) ? 'Pharmacy Information' : 'Restaurant Information'}>
      <Facts
        rows={[
          ['Name', order.restaurantName],
          ['Address', order.restaurantAddress],
          ['Pickup', <Time value={order.pickupTime} />],
        ]}
      />
    </Section>
  );
}

const STOP_TONES = { delivered: 'green', arrived: 'blue', on_way: 'amber', pending: 'slate' } as const;

export function StopList({ stops }: { stops: OrderStop[] }) {
  return (
    <ol className="space-y-2">
      {stops.map((stop) => (
        <li key={stop.id} className="flex gap-3 rounded-md border border-slate-200 p-3 text-sm">
          <span
            className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-900 text-xs font-semibold text-white"
            aria-label={`Stop ${stop.sequence}`}
          >
            {stop.sequence}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{stop.customerName}</span>
              {stop.returnedAt != null ? <Badge tone="red">returned</Badge> : <Badge tone={STOP_TONES[stop.status]}>{statusWords(stop.status)}</Badge>}
            </div>
            <div className="text-slate-600">{formatPhone(stop.customerPhone)}</div>
            {stop.customerEmail ? <div className="break-all text-slate-600">{stop.customerEmail}</div> : null}
            <div className="text-slate-600">
              <PlacedAddress address={stop.address} precision={precisionOf(stop.latitude, stop.longitude, stop.locationPrecision)} />
            </div>
            {stop.serviceMinutes != null ? <div className="text-slate-600">{stop.serviceMinutes} min at the stop</div> : null}
            {stop.deliverAfter != null ? (
              <div className="text-slate-600">
                Not before <Time value={stop.deliverAfter} pattern="h:mm a" />
              </div>
            ) : null}
            {stop.deliverBy != null ? (
              <div className="text-slate-600">
                Deliver by <Time value={stop.deliverBy} pattern="h:mm a" />
              </div>
            ) : null}
            {stop.deliveryInstructions ? <div className="mt-1 text-slate-600">Instructions: {stop.deliveryInstructions}</div> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

export function CustomerInformation({ order }: { order: Order }) {
  return (
    <Section title="Customer Information">
      <Facts
        rows={[
          ['Name', order.customerName],
          order.customerCompany ? ['Company', order.customerCompany] : null,
          ['Phone', formatPhone(order.customerPhone)],
          order.customerEmail ? ['Email', <span className="break-all">{order.customerEmail}</span>] : null,
          [
            'Address',
            <PlacedAddress
              address={order.customerAddress}
              precision={precisionOf(order.customerLatitude, order.customerLongitude, order.customerLocationPrecision)}
            />,
          ],
          ['Delivery', <Time value={order.deliveryTime} />],
          ['Delivery Instructions:', order.deliveryInstructions ?? '—'],
        ]}
      />
    </Section>
  );
}

/**
 * A stored photo: opens full size in a new tab; a photo that fails to load is replaced
 * by a placeholder (the page runtime watches img[data-fallback]).
 */
export function Photo({ photoKey, label }: { photoKey: string; label: string }) {
  const src = photoUrl(photoKey);
  return (
    <a href={src} target="_blank" rel="noopener" className="group block overflow-hidden rounded-md border border-slate-200">
      <img
        src={src}
        alt={label}
        loading="lazy"
        data-fallback="/photo-placeholder.svg"
        className="aspect-square w-full object-cover transition group-hover:opacity-90"
      />
      <span className="block px-2 py-1 text-xs text-slate-600">{label}</span>
    </a>
  );
}

/** Milestone times as a list (spec 2-business-area.md §2.7 'Delivery Timeline'), in the order's own words; nothing when none is set. */
export function DeliveryTimeline({ order, stops }: { order: Order; stops: OrderStop[] }) {
  const reached = deliveryTimeline(order, stops);
  if (reached.length === 0) return null;
  return (
    <Section title="Delivery Timeline">
      <ol className="space-y-1.5 border-l-2 border-slate-200 pl-4 text-sm">
        {reached.map(({ label, time }) => (
          <li key={label} className="relative">
            <span className="absolute top-1.5 -left-[1.3rem] h-2 w-2 rounded-full bg-brand-600" aria-hidden="true" />
            <span className="font-medium">{label}</span>{' '}
            <span className="text-slate-500">
              · <Time value={time} />
            </span>
          </li>
        ))}
      </ol>
    </Section>
  );
}

const ACTIONS: Record<string, string> = {
  create: 'Created',
  assign: 'Assigned to a courier',
  offer_to_zone: 'Offered to the zone',
  cancel: 'Cancelled',
  accept: 'Accepted by courier',
  reject: 'Declined by courier',
  status: 'Status changed',
  edit: 'Edited',
  missed_pickup: 'Missed pickup',
  reorder: 'Stops reordered',
  stop: 'Stop step',
  arrive_for_courier: 'Arrival recorded by the dispatcher',
  delivery_failed: 'Delivery failed',
  retry_delivery: 'Sent to try again',
  autopilot: 'Autopilot',
  take_back: 'Taken back from the autopilot',
  seed: 'Demo data',
};

/**
 * The failed delivery attempts (issue 27, decision C28): when, which stop, why, what
 * followed, the courier's notes and photo. Shown to the dispatcher and the business.
 */
export function FailedDeliveries({
  order,
  stops,
  failures,
  children,
}: {
  order: Order;
  stops: OrderStop[];
  failures: DeliveryFailure[];
  children?: ReactNode;
}) {
  if (failures.length === 0) return null;
  const pharmacy = isPharmacyOrder(order);
  return (
    <Section title="Failed Deliveries">
      <ol className="space-y-3 text-sm">
        {failures.map((failure) => {
          const stop = stops.find((candidate) => candidate.id === failure.stopId);
          return (
            <li key={failure.id} className="rounded-md border border-red-200 bg-red-50 p-3">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <span className="text-slate-600 tabular-nums">
                  <Time value={failure.at} pattern="MMM d, h:mm a" />
                </span>
                <span className="font-medium">{`${stop ? `Stop ${stop.sequence} (${stop.customerName}): ` : ''}${FAILURE_REASON_LABELS[failure.reason]}`}</span>
                <Badge tone={failure.outcome === 'retry' ? 'amber' : 'red'}>{outcomeLabel(failure.outcome, pharmacy)}</Badge>
              </div>
              {failure.notes ? <p className="mt-1 text-slate-700">{failure.notes}</p> : null}
              {failure.photo ? (
                <div className="mt-2 max-w-40">
                  <Photo photoKey={failure.photo} label="Photo at the door - Click to enlarge" />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {children}
    </Section>
  );
}

/** Every change attempted on the order, refused ones included (decision D20). */
export function OrderHistory({ events }: { events: Array<OrderEvent & { actorName: string | null }> }) {
  return (
    <Section title="History">
      <ol className="space-y-2 text-sm">
        {events.map((event) => (
          <li key={event.id} className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-slate-500 tabular-nums">
              <Time value={event.at} pattern="MMM d, h:mm a" />
            </span>
            <span className="font-medium">{ACTIONS[event.action] ?? statusWords(event.action)}</span>
            {event.fromStatus !== event.toStatus && event.toStatus ? (
              <span className="text-slate-600">
                {event.fromStatus ? `${statusWords(event.fromStatus)} → ` : ''}
                {statusWords(event.toStatus)}
              </span>
            ) : null}
            <span className="text-slate-500">
              by {event.actorName ?? (event.action === 'autopilot' ? 'the autopilot' : event.actorRole === 'system' ? 'the system' : event.actorRole)}
            </span>
            {event.outcome === 'refused' ? <Badge tone="red">refused</Badge> : null}
            {event.detail ? <span className="w-full text-slate-500">{event.detail}</span> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/**
 * One tracking link with its Copy button (the page runtime's data-action="copy") and
 * Replace, which revokes it for a new one and reloads the order's dialog.
 */
function TrackingLink({ orderId, stopId, token, label }: { orderId: number; stopId?: number; token: string | null; label: string }) {
  const { origin } = useView();
  if (!token) return <p className="text-sm text-slate-500">No link</p>;
  const url = `${origin}${trackingPath(token)}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input readOnly value={url} aria-label={label} className="input min-w-0 flex-1 basis-64 font-mono text-xs" data-tracking-link="" />
      <button type="button" className="btn btn-outline btn-sm shrink-0" data-action="copy" data-copy={url} aria-label={`Copy ${label.toLowerCase()}`}>
        Copy
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm shrink-0"
        aria-label={`Replace ${label.toLowerCase()}`}
        data-action="api"
        data-url={`/api/orders/${orderId}/tracking-link`}
        data-method="POST"
        data-body={JSON.stringify(stopId == null ? {} : { stopId })}
        data-confirm="The current link will stop working at once. Customers who have it will need the new one."
        data-confirm-label="Replace link"
        data-cancel-label="Keep link"
        data-success="A new link replaces the old one"
        data-refresh="dialog"
      >
        Replace
      </button>
    </div>
  );
}

/**
 * The customers' tracking links (issue 16), to send them: the order's, and on a multi-stop
 * route each stop's (a stop's customer sees only their stop).
 */
export function TrackingLinks({ order, stops }: { order: Order; stops: OrderStop[] }) {
  return (
    <Section title="Tracking Link">
      {stops.length > 1 ? (
        <ul className="space-y-2">
          {stops.map((stop) => (
            <li key={stop.id}>
              <p className="mb-1 text-xs text-slate-600">{`Stop ${stop.sequence} · ${stop.customerName}`}</p>
              <TrackingLink orderId={order.id} stopId={stop.id} token={stop.trackingToken} label={`Tracking link for stop ${stop.sequence}`} />
            </li>
          ))}
        </ul>
      ) : (
        <TrackingLink orderId={order.id} stopId={stops[0]?.id} token={stops[0]?.trackingToken ?? order.trackingToken} label="Tracking link" />
      )}
      <p className="mt-2 text-xs text-slate-600">Anyone with the link can follow this delivery without signing in. It shows no phone numbers or other stops.</p>
    </Section>
  );
}
