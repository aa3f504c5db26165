/**
 * The admin's order detail dialog (spec 1-foundations-and-admin.md §2.8): status and timeline, vehicle
 * requirements, payment, restaurant, stops or customer, courier, delivery photos from
 * storage, and the order's history. Rendered on the server as the 'dialog' partial.
 */
import { ADMIN_ARRIVALS, isCompleted, isOrderStatus } from '../../domain/orderStatus';
import { gpsFreshness } from '../../domain/indicators';
import { agoText } from '../../domain/time';
import { vehicleLabel } from '../../domain/vehicles';
import type { CourierWithUser } from '../../db/couriers';
import type { PhotoStamp } from '../../db/photos';
import { photoDistanceNote } from '../../domain/photos';
import type { DeliveryFailure, DispatchCascade, Order, OrderEvent, OrderStop } from '../../db/schema';
import { CloseIcon } from '../../shared/icons';
import { Badge, PhoneNumber, StatusBadge, Time } from '../components/ui';
import {
  ActualTimeline,
  CustomerInformation,
  DeliveryTimeline,
  Facts,
  FailedDeliveries,
  OrderHistory,
  PaymentInformation,
  Photo,
  RestaurantInformation,
  Section,
  TrackingLinks,
  StopList,
  VehicleRequirements,
} from '../orders/sections';

export interface OrderDetailData {
  order: Order;
  stops: OrderStop[];
  events: Array<OrderEvent & { actorName: string | null }>;
  courier: CourierWithUser | undefined;
  /** When and where each photo was taken, by key. */
  photoStamps: ReadonlyMap<string, PhotoStamp>;
  failures: DeliveryFailure[];
  /** The zone's autopilot's cascade of the order, if it ever dispatched it (decision W12). */
  cascade?: DispatchCascade;
}

const CASCADE_WORDS: Partial<Record<DispatchCascade['phase'], string>> = {
  waiting: 'The autopilot will offer this order at its lead time.',
  single: 'The autopilot offered this order to one courier and waits for their answer.',
  zone: 'The autopilot offered this order to every courier of the zone.',
  needs_person: 'The autopilot could not place this order: assign it.',
};

/** While the zone's autopilot dispatches the order (decision W12): where it stands, and the dispatcher's way to take it over. */
function AutopilotNote({ order, cascade }: { order: Order; cascade: DispatchCascade | undefined }) {
  const words = cascade && CASCADE_WORDS[cascade.phase];
  if (!words) return null;
  return (
    <div className="mt-3 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm" data-autopilot-phase={cascade.phase}>
      <p>
        {words}
        {cascade.expiresAt != null ? (
          <>
            {' '}
            Until <Time value={cascade.expiresAt} />.
          </>
        ) : null}
      </p>
      <button
        type="button"
        className="btn btn-outline btn-sm mt-2"
        data-action="api"
        data-url={`/api/orders/${order.id}/take-back`}
        data-method="POST"
        data-confirm="Take this order back from the autopilot? An offer nobody has accepted is withdrawn, and you assign the order yourself."
        data-confirm-label="Take Back"
        data-cancel-label="Leave It"
        data-success="The order is yours to assign"
        data-refresh="orders"
        data-close-dialog=""
      >
        Take back from the autopilot
      </button>
    </div>
  );
}

function StatusSection({ order, stops, cascade }: { order: Order; stops: OrderStop[]; cascade: DispatchCascade | undefined }) {
  return (
    <Section title="Status">
      <div className="flex flex-wrap items-center gap-3">
        {isOrderStatus(order.status) ? <StatusBadge status={order.status} /> : <span>Unknown Status</span>}
        <span className="text-sm text-slate-600">
          Created at: <Time value={order.createdAt} pattern="MMM d, yyyy h:mm a" />
        </span>
      </div>
      <AutopilotNote order={order} cascade={cascade} />
      <ActualTimeline order={order} stops={stops} />
    </Section>
  );
}

function CourierInformation({ order, courier }: { order: Order; courier: CourierWithUser | undefined }) {
  if (order.courierId == null) return null;
  return (
    <Section title="Courier Information">
      {courier ? (
        <Facts
          rows={[
            ['Name', courier.user.name],
            ['Phone', <PhoneNumber phone={courier.user.phone} />],
            ['Vehicle Info', `${courier.courier.vehicleMake} ${courier.courier.vehicleModel} (${courier.courier.vehicleYear})`],
            ['Type', vehicleLabel(courier.courier.vehicleType)],
            ['Last known position', <LastPosition courier={courier.courier} />],
          ]}
        />
      ) : (
        <p className="text-sm text-red-700">Could not load courier information</p>
      )}
      <ArrivalForCourier order={order} />
    </Section>
  );
}

/**
 * A courier whose phone cannot place them is not stuck (decision C23): the dispatcher may
 * record their arrival, which the order's history and the orders list then flag.
 */
function ArrivalForCourier({ order }: { order: Order }) {
  const to = ADMIN_ARRIVALS[order.status];
  if (!to) return null;
  const where = to === 'arrived_at_customer' ? 'the customer' : to === 'arrived_at_pharmacy' ? 'the pharmacy' : 'the restaurant';
  return (
    <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
      <p>If the courier is at {where} but their phone cannot confirm it (no GPS), record the arrival for them.</p>
      <button
        type="button"
        className="btn btn-outline btn-sm mt-2"
        data-action="api"
        data-url={`/api/orders/${order.id}`}
        data-method="PATCH"
        data-body={JSON.stringify({ status: to, expectedStatus: order.status })}
        data-confirm={`Record that the courier arrived at ${where}? It is marked as arrived without GPS.`}
        data-confirm-label="Record Arrival"
        data-cancel-label="Keep Waiting"
        data-success="Arrival recorded for the courier"
        data-refresh="orders"
        data-close-dialog=""
      >
        Record arrival for the courier
      </button>
    </div>
  );
}

/** A failed delivery waits for the dispatcher (decision C28): send the courier again, or cancel or reassign the order. */
function WaitingForDispatch({ order }: { order: Order }) {
  if (order.deliveryFailedAt == null || order.courierId == null) return null;
  return (
    <div className="mt-3 rounded-md border border-red-200 bg-white p-3 text-sm">
      <p className="font-medium">Waiting for dispatch</p>
      <p className="text-slate-600">Call the customer, then send the courier to try again, or cancel or reassign the order from the list.</p>
      <button
        type="button"
        className="btn btn-brand btn-sm mt-2"
        data-action="api"
        data-url={`/api/orders/${order.id}/retry-delivery`}
        data-method="POST"
        data-success="The courier is told to try again"
        data-refresh="orders"
        data-close-dialog=""
      >
        Send courier to try again
      </button>
    </div>
  );
}

const FRESHNESS_TONES = { online: 'green', recent: 'amber', offline: 'red' } as const;

/** Where the courier was last seen (issue 6), as their Durable Object last wrote it through. */
function LastPosition({ courier }: { courier: CourierWithUser['courier'] }) {
  const { courierLatitude: lat, courierLongitude: lng, lastLocationUpdateTime: at } = courier;
  if (lat == null || lng == null || at == null) return <span className="text-slate-500">Not reported yet</span>;
  const now = Date.now();
  const freshness = gpsFreshness(at, now);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <a href="/admin/courier-tracking" className="font-mono text-brand-700 hover:underline">
        {`${lat.toFixed(6)}, ${lng.toFixed(6)}`}
      </a>
      <Badge tone={FRESHNESS_TONES[freshness]}>{freshness}</Badge>
      <span className="text-slate-500">updated {agoText(at, now)}</span>
    </span>
  );
}

/** A photo's stamp under it: when the courier took it, and how far from the address when the phone knew. */
function TakenNote({ stamp, place }: { stamp: PhotoStamp | undefined; place: Parameters<typeof photoDistanceNote>[1] | null }) {
  if (stamp?.takenAt == null) return null;
  const distance = place ? photoDistanceNote(stamp, place) : null;
  return (
    <span className="block px-2 pb-1 text-xs text-slate-500">
      Taken <Time value={stamp.takenAt} />
      {distance ? `, ${distance}` : null}
    </span>
  );
}

function DeliveryPhotos({
  order,
  stops,
  refreshUrl,
  photoStamps,
}: {
  order: Order;
  stops: OrderStop[];
  refreshUrl: string;
  photoStamps: ReadonlyMap<string, PhotoStamp>;
}) {
  const customerPlace = { latitude: order.customerLatitude, longitude: order.customerLongitude, precision: order.customerLocationPrecision };
  const stopPhotos = stops.filter((stop) => stop.deliveryPhoto);
  const hasPhotos = !!order.pharmacyPickupPhoto || stopPhotos.length > 0 || order.deliveryPhotos.length > 0;
  // Photos are proof of delivery: the section is shown once an order is completed, or as soon as any photo exists.
  if (!hasPhotos && !isCompleted(order.status)) return null;
  return (
    <Section title="Delivery Photos">
      <button type="button" className="btn btn-outline btn-sm mb-3" data-action="dialog" data-url={refreshUrl}>
        Refresh Photos
      </button>
      {!hasPhotos ? (
        <p className="text-sm text-slate-500">
          {`No delivery photos available for this order${order.status === 'delivered' ? ' - Try refreshing if photos were recently uploaded' : ''}`}
        </p>
      ) : null}
      {order.pharmacyPickupPhoto ? (
        <div className="mb-4 max-w-48">
          <p className="mb-1 text-sm font-medium">Pharmacy Pickup Photo</p>
          <Photo photoKey={order.pharmacyPickupPhoto} label="Pharmacy Pickup Photo - Click to enlarge" />
          <TakenNote stamp={photoStamps.get(order.pharmacyPickupPhoto)} place={null} />
        </div>
      ) : null}
      {stops.length > 0 ? (
        stopPhotos.length > 0 ? (
          <div>
            <p className="mb-2 text-sm font-medium">Delivery Photos by Stop</p>
            <ul className="grid gap-3 sm:grid-cols-2">
              {stopPhotos.map((stop) => (
                <li key={stop.id} className="text-sm">
                  <p className="mb-1 font-medium">{`Stop ${stop.sequence}: ${stop.customerName} - ${stop.address}`}</p>
                  <Photo photoKey={stop.deliveryPhoto!} label={`Stop ${stop.sequence} photo - Click to enlarge`} />
                  <TakenNote
                    stamp={photoStamps.get(stop.deliveryPhoto!)}
                    place={{ latitude: stop.latitude, longitude: stop.longitude, precision: stop.locationPrecision }}
                  />
                  {stop.deliveryNotes ? <p className="mt-1 text-slate-600">{stop.deliveryNotes}</p> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null
      ) : order.deliveryPhotos.length > 0 ? (
        <div>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {order.deliveryPhotos.map((key, index) => (
              <div key={key}>
                <Photo photoKey={key} label={`Photo ${index + 1} - Click to enlarge`} />
                <TakenNote stamp={photoStamps.get(key)} place={customerPlace} />
              </div>
            ))}
          </div>
          {order.deliveryNotes ? (
            <div className="mt-3 text-sm">
              <p className="font-medium">Delivery Notes</p>
              <p className="text-slate-600">{order.deliveryNotes}</p>
            </div>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}

export function OrderDetail({ order, stops, events, courier, photoStamps, failures, cascade }: OrderDetailData) {
  const url = `/admin/orders/${order.id}`;
  const titleId = `order-${order.id}-title`;
  return (
    <article className="p-6" aria-labelledby={titleId}>
      <header className="mb-2 flex items-start justify-between gap-4">
        <div>
          <h2 id={titleId} data-dialog-title="" className="text-xl font-semibold">
            {`Order #${order.orderNumber}`}
          </h2>
          {order.internalOrderNumber ? <p className="text-sm text-slate-600">{`Restaurant Order #${order.internalOrderNumber}`}</p> : null}
        </div>
        <button type="button" className="btn btn-ghost hidden h-8 w-8 px-0 [dialog_&]:inline-flex" data-close-dialog="" aria-label="Close">
          <CloseIcon />
        </button>
      </header>
      <StatusSection order={order} stops={stops} cascade={cascade} />
      <VehicleRequirements order={order} />
      <PaymentInformation order={order} feeLabel="Delivery Fee (10%)" />
      <RestaurantInformation order={order} stops={stops} />
      {stops.length > 0 ? (
        <Section title={`Delivery Stops (${stops.length})`}>
          <StopList stops={stops} />
          <p className="mt-3 text-sm">
            <span className="text-slate-500">Delivery: </span>
            <Time value={order.deliveryTime} />
          </p>
        </Section>
      ) : (
        <CustomerInformation order={order} />
      )}
      <TrackingLinks order={order} stops={stops} />
      <CourierInformation order={order} courier={courier} />
      <FailedDeliveries order={order} stops={stops} failures={failures}>
        <WaitingForDispatch order={order} />
      </FailedDeliveries>
      <DeliveryTimeline order={order} stops={stops} />
      <DeliveryPhotos order={order} stops={stops} refreshUrl={url} photoStamps={photoStamps} />
      <OrderHistory events={events} />
    </article>
  );
}
