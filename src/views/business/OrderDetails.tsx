/**
 * The business's order detail dialogs: the dashboard's, re-read every 3 s while open
 * (spec 2-business-area.md §2.5), and Orders Management's 'View Details' (spec 2-business-area.md §2.7). Both are composed
 * from the shared sections (views/orders/sections.tsx); what only the business shows
 * lives here.
 */
import type { ReactNode } from 'react';
import { CloseIcon, LoaderIcon } from '../../shared/icons';
import type { CourierCard } from '../../db/business';
import type { DeliveryFailure, Order, OrderEvent, OrderStop } from '../../db/schema';
import { APPROXIMATE_LOCATION, isApproximate, precisionOf, type PlacedPrecision } from '../../domain/location';
import { isAtRouteFloor, ROUTE_FLOOR_NOTE } from '../../domain/fees';
import { formatUsd } from '../../domain/money';
import { isCompleted, isOrderStatus } from '../../domain/orderStatus';
import { formatPhone } from '../../domain/phone';
import { vehicleLabel } from '../../domain/vehicles';
import { Badge, Money, PhoneNumber, StatusBadge, Time } from '../components/ui';
import { useView } from '../context';
import { Island } from '../Island';
import {
  ActualTimeline,
  CustomerInformation,
  DeliveryTimeline,
  Facts,
  OrderHistory,
  FailedDeliveries,
  PaymentInformation,
  RestaurantInformation,
  Section,
  TrackingLinks,
  StopList,
  VehicleRequirements,
} from '../orders/sections';
import { EditOrderButton } from './OrderActions';
import { DeliveryNotes, EnlargeablePhoto, NoPhotos, PhotoGrid, RefreshPhotosButton } from './Photos';

/** What a detail dialog shows besides the order itself. */
export interface OrderDetailData {
  order: Order;
  stops: OrderStop[];
  /** The courier, null when none is assigned, 'failed' when their record could not be read. */
  courier: CourierCard | null | 'failed';
  /** Where the business is, for the map widget. */
  pickup: { lat: number; lng: number; precision: PlacedPrecision } | null;
  mapsApiKey: string | null;
  /** Failed delivery attempts (issue 27), oldest first. */
  failures: DeliveryFailure[];
}

/** Photos are shown once the order is completed (delivered or pharmacy_completed; decision B6). */
const showsPhotos = (order: Order) => isCompleted(order.status);

/** A dialog's header: the title, 'Restaurant Order #', Edit when allowed, a close button and the loading spinner. */
export function DialogFrame({ order, title, editable = true, children }: { order: Order; title?: string; editable?: boolean; children: ReactNode }) {
  const titleId = `order-${order.id}-title`;
  return (
    <article className="p-6" aria-labelledby={titleId}>
      <header className="mb-2 flex items-start justify-between gap-4">
        <div>
          <h2 id={titleId} data-dialog-title className="flex items-center gap-2 text-lg font-semibold">
            {title ?? `Order #${order.orderNumber}`}
            <LoaderIcon className="hidden animate-spin text-slate-400 group-aria-busy:inline-block" aria-label="Loading" />
          </h2>
          <p className="text-sm text-slate-600">Restaurant Order #{order.internalOrderNumber ?? '—'}</p>
        </div>
        <div className="flex items-center gap-2">
          {editable ? <EditOrderButton order={order} /> : null}
          <button type="button" className="btn btn-ghost h-8 w-8 px-0" data-close-dialog aria-label="Close">
            <CloseIcon />
          </button>
        </div>
      </header>
      {children}
    </article>
  );
}

function CourierInformation({ courier }: { courier: OrderDetailData['courier'] }) {
  if (courier === null) return null;
  return (
    <Section title="Courier Information">
      {courier === 'failed' ? (
        <p className="text-sm text-red-700">Could not load courier information</p>
      ) : (
        <Facts
          rows={[
            ['Name', courier.name],
            ['Phone', <PhoneNumber phone={courier.phone} />],
            ['Vehicle Info', `${courier.vehicleMake} ${courier.vehicleModel} (${courier.vehicleYear})`],
            ['Type', vehicleLabel(courier.vehicleType)],
          ]}
        />
      )}
    </Section>
  );
}

/** The P-to-D map widget (spec 2-business-area.md §2.14): an island, so the maps service loads only where it is shown. */
function MapWidgetFor({ data }: { data: OrderDetailData }) {
  const { order } = data;
  const { openMap } = useView();
  const delivery = order.customerLatitude != null && order.customerLongitude != null ? { lat: order.customerLatitude, lng: order.customerLongitude } : null;
  return (
    <Island
      name="MapWidget"
      props={{
        apiKey: data.mapsApiKey,
        openMap,
        pickup: {
          address: order.restaurantAddress,
          point: data.pickup && { lat: data.pickup.lat, lng: data.pickup.lng },
          precision: data.pickup?.precision ?? 'none',
        },
        delivery: {
          address: order.customerAddress,
          point: delivery,
          precision: precisionOf(order.customerLatitude, order.customerLongitude, order.customerLocationPrecision),
        },
        multiStopMiles: order.totalDistanceMiles,
      }}
    />
  );
}

const stopHasPhoto = (stops: OrderStop[]) => stops.some((stop) => stop.deliveryPhoto);

/**
 * Spec 2 §2.5 'Delivery Photos': the order's own photos, enlarged as 'Photo i of n'. A
 * pharmacy route's photos are its pickup's and its stops' (the Pharmacy Delivery
 * Timeline below shows them), so "no photos" is said only when it has none of those either.
 */
function DashboardPhotos({ order, stops }: { order: Order; stops: OrderStop[] }) {
  const photos = order.deliveryPhotos;
  const pharmacyPhotos = order.pharmacyPickupPhoto != null || stopHasPhoto(stops);
  if (photos.length === 0 && pharmacyPhotos) return null;
  return (
    <Section title="Delivery Photos">
      <div className="mb-3 flex justify-end">
        <RefreshPhotosButton orderId={order.id} />
      </div>
      {photos.length === 0 ? (
        <NoPhotos hint="Try refreshing if photos should be present" />
      ) : (
        <PhotoGrid
          photos={photos}
          idPrefix={`live-photo-${order.id}`}
          title={(index) => `Photo ${index + 1} of ${photos.length}`}
          caption={(index) => `Photo ${index + 1} of ${photos.length}`}
        />
      )}
      <DeliveryNotes notes={order.deliveryNotes} />
    </Section>
  );
}

/** Spec 2 §2.5 'Pharmacy Delivery Timeline': pickup photo, then each stop's delivery. */
function PharmacyDeliveryTimeline({ order, stops }: { order: Order; stops: OrderStop[] }) {
  if (!order.pharmacyPickupPhoto && !stopHasPhoto(stops)) return null;
  return (
    <Section title="Pharmacy Delivery Timeline">
      <ol className="space-y-4 text-sm">
        {order.pharmacyPickupPhoto ? (
          <li className="grid grid-cols-[8rem_1fr] gap-3">
            <EnlargeablePhoto
              photoKey={order.pharmacyPickupPhoto}
              popoverId={`pickup-photo-${order.id}`}
              title="Pharmacy Pickup Photo"
              caption="Pharmacy pickup"
            />
            <div>
              <p className="font-medium">Picked up at the pharmacy</p>
              <p className="text-slate-600">
                <Time value={order.pharmacyPickupTime} />
              </p>
            </div>
          </li>
        ) : null}
        {stops.map((stop) => (
          <li key={stop.id} className="grid grid-cols-[8rem_1fr] gap-3">
            {stop.deliveryPhoto ? (
              <EnlargeablePhoto
                photoKey={stop.deliveryPhoto}
                popoverId={`stop-photo-${stop.id}`}
                title={`Stop ${stop.sequence}: ${stop.customerName}`}
                caption={`Stop ${stop.sequence}`}
              />
            ) : (
              <span className="flex aspect-square items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-500">
                No photo
              </span>
            )}
            <div>
              <p className="font-medium">
                Stop {stop.sequence}: {stop.customerName}
              </p>
              <p className="text-slate-600">
                Delivered <Time value={stop.deliveredTime} />
              </p>
              {stop.deliveryNotes ? <p className="mt-1 text-slate-600">{stop.deliveryNotes}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/**
 * The fee's label: 10% for a single order; for a route its miles, in the view's words, or
 * the floor it was billed at instead (decision B17).
 */
function feeLabelOf(order: Order, stops: number, miles: (miles: number) => string): string {
  if (order.totalDistanceMiles == null) return 'Delivery Fee (10%)';
  return `Delivery Fee (${isAtRouteFloor(order.totalDistanceMiles, stops) ? `${order.totalDistanceMiles} mi; ${ROUTE_FLOOR_NOTE.toLowerCase()}` : miles(order.totalDistanceMiles)})`;
}

/** The order details the dashboard opens (spec 2-business-area.md §2.5). */
export function LiveOrderDetails({ data }: { data: OrderDetailData }) {
  const { order, stops, courier } = data;
  const feeLabel = feeLabelOf(order, stops.length, (miles) => `${miles} mi`);
  return (
    <DialogFrame order={order}>
      <Section title="Status">
        <Facts
          rows={[
            ['Status', <StatusBadge status={order.status} />],
            [
              'Courier',
              courier && courier !== 'failed'
                ? `${courier.name}${courier.phone ? ` · ${formatPhone(courier.phone)}` : ''}`
                : order.courierId
                  ? `Courier #${order.courierId}`
                  : 'Unassigned',
            ],
            ['Created at', <Time value={order.createdAt} pattern="MMM d, yyyy h:mm a" />],
          ]}
        />
        <ActualTimeline order={order} stops={stops} />
      </Section>
      <VehicleRequirements order={order} />
      <PaymentInformation order={order} feeLabel={feeLabel} />
      <RestaurantInformation order={order} stops={stops} />
      {stops.length > 0 ? (
        <Section title="Multi-Stop Delivery Route">
          <Facts
            rows={[
              ['Stops', `${stops.length} stop${stops.length === 1 ? '' : 's'}`],
              ['Total Distance', order.totalDistanceMiles != null ? `${order.totalDistanceMiles} mi` : 'N/A'],
              ['Calculated Fee', formatUsd(order.calculatedDeliveryFeeCents ?? order.deliveryFeeCents)],
            ]}
          />
          {stops.some((stop) => isApproximate(stop.locationPrecision)) ? (
            <p className="mt-2 text-xs text-amber-800" data-approximate-location="">
              Some stops are at their ZIP code's centre ({APPROXIMATE_LOCATION}): the distance and fee are approximate.
            </p>
          ) : null}
          <div className="mt-3">
            <StopList stops={stops} />
          </div>
          <p className="mt-3 text-sm">
            <span className="text-slate-500">Estimated Delivery:</span> <Time value={order.deliveryTime} />
          </p>
        </Section>
      ) : (
        <CustomerInformation order={order} />
      )}
      <FailedDeliveries order={order} stops={stops} failures={data.failures} />
      <Section title="Delivery Map">
        <MapWidgetFor data={data} />
      </Section>
      {showsPhotos(order) ? <DashboardPhotos order={order} stops={stops} /> : null}
      <PharmacyDeliveryTimeline order={order} stops={stops} />
      <TrackingLinks order={order} stops={stops} />
      <CourierInformation courier={courier} />
    </DialogFrame>
  );
}

function OrderItems({ order }: { order: Order }) {
  return (
    <Section title="Order Items">
      <ul className="divide-y divide-slate-100 text-sm">
        {order.items.map((item, index) => (
          <li key={index} className="flex items-start justify-between gap-4 py-1.5">
            <span>
              {item.name}
              {item.quantity > 1 ? <span className="text-slate-500"> x{item.quantity}</span> : null}
              {item.notes ? <span className="block text-xs text-slate-500">{item.notes}</span> : null}
            </span>
            <Money cents={item.price} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Spec 2 §2.7 'Delivery Photos': pickup photo, photos by stop, or a numbered grid. */
function ManagementPhotos({ order, stops }: { order: Order; stops: OrderStop[] }) {
  const delivered = showsPhotos(order);
  const photos = delivered ? order.deliveryPhotos : [];
  const stopPhotos = delivered ? stops.filter((stop) => stop.deliveryPhoto) : [];
  const pickupPhoto = delivered ? order.pharmacyPickupPhoto : null;
  const none = photos.length === 0 && stopPhotos.length === 0 && !pickupPhoto;
  return (
    <Section title="Delivery Photos">
      {delivered ? (
        <div className="mb-3 flex justify-end">
          <RefreshPhotosButton orderId={order.id} />
        </div>
      ) : null}
      {none ? <NoPhotos hint={delivered ? 'Try refreshing if photos were recently uploaded' : 'Photos will be available after delivery is completed'} /> : null}
      {pickupPhoto ? (
        <div className="mb-4 max-w-48">
          <p className="mb-1 text-sm font-medium">Pharmacy Pickup Photo</p>
          <EnlargeablePhoto
            photoKey={pickupPhoto}
            popoverId={`details-pickup-${order.id}`}
            title={`Order #${order.orderNumber} - Pharmacy Pickup Photo`}
            caption="Click to enlarge"
          />
        </div>
      ) : null}
      {stopPhotos.length > 0 ? (
        <div className="space-y-3">
          <p className="text-sm font-medium">Delivery Photos by Stop</p>
          {stopPhotos.map((stop, index) => (
            <div key={stop.id} className="grid grid-cols-[8rem_1fr] gap-3 text-sm">
              <EnlargeablePhoto
                photoKey={stop.deliveryPhoto!}
                popoverId={`details-stop-${stop.id}`}
                title={`Order #${order.orderNumber} - Photo ${index + 1} of ${stopPhotos.length}`}
                caption="Click to enlarge"
              />
              <div>
                <p className="font-medium">
                  Stop {stop.sequence}: {stop.customerName} - {stop.address}
                </p>
                {stop.deliveryNotes ? <p className="text-slate-600">{stop.deliveryNotes}</p> : null}
              </div>
            </div>
          ))}
        </div>
      ) : photos.length > 0 ? (
        <PhotoGrid
          photos={photos}
          idPrefix={`details-photo-${order.id}`}
          title={(index) => `Order #${order.orderNumber} - Photo ${index + 1} of ${photos.length}`}
          caption={(index) => `Photo ${index + 1} - Click to enlarge`}
        />
      ) : null}
      {delivered ? <DeliveryNotes notes={order.deliveryNotes} /> : null}
    </Section>
  );
}

/** 'View Details' in Orders Management (spec 2-business-area.md §2.7), with the order's history. */
export function OrderDetails({ data, events }: { data: OrderDetailData; events: Array<OrderEvent & { actorName: string | null }> }) {
  const { order, stops, courier } = data;
  const feeLabel = feeLabelOf(order, stops.length, (miles) => `${miles.toFixed(1)} mi @ $2/mi`);
  return (
    <DialogFrame order={order}>
      <Section title="Status">
        <Facts
          rows={[
            ['Status', isOrderStatus(order.status) ? <StatusBadge status={order.status} /> : <Badge>Unknown</Badge>],
            ['Created at', <Time value={order.createdAt} pattern="MMM d, yyyy h:mm a" />],
          ]}
        />
      </Section>
      <OrderItems order={order} />
      <PaymentInformation order={order} feeLabel={feeLabel} showCourierPay={false} />
      <RestaurantInformation order={order} stops={stops} />
      {stops.length > 0 ? (
        <Section title={`Delivery Stops (${stops.length})`}>
          <StopList stops={stops} />
        </Section>
      ) : (
        <CustomerInformation order={order} />
      )}
      <TrackingLinks order={order} stops={stops} />
      <FailedDeliveries order={order} stops={stops} failures={data.failures} />
      <DeliveryTimeline order={order} stops={stops} />
      <ManagementPhotos order={order} stops={stops} />
      <CourierInformation courier={order.courierId ? courier : null} />
      <OrderHistory events={events} />
    </DialogFrame>
  );
}
