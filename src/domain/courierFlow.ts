/**
 * The courier's delivery rules (spec 3-courier-area.md §2.4–2.13, §4.3–4.5, §5, §9): which orders are
 * pharmacy orders, which count as under way, the time windows, the required photos, the
 * stop steps and the navigation hand-off. The server enforces
 * them; the courier islands read the same functions to decide what to offer.
 */
import { splitAddress, zipOf } from './address';
import { isStopSettled } from './failedDelivery';
import { isLateCancellation } from './fees';
import { PHARMACY_ARRIVAL_RADIUS_M, RESTAURANT_ARRIVAL_RADIUS_M } from './geo';
import { isApproximate, type LocationPrecision } from './location';
import {
  canCourierMove,
  COURIER_ACTIVE_DELIVERY,
  COURIER_IN_DELIVERY,
  COURIER_NOT_STARTED,
  courierStatusLabel,
  isCompleted,
  PHARMACY_STATUSES,
  STOP_DELIVERY_PHASE,
  type OrderStatus,
  type StopStatus,
} from './orderStatus';

const MINUTE = 60_000;

/** The "Upcoming Delivery" panel offers going online 90 minutes before pickup (spec 3-courier-area.md §2.8). */
export const GO_ONLINE_PANEL_WINDOW_MS = 90 * MINUTE;
/** A pharmacy route can start 1 hour before pickup (spec 3-courier-area.md §5). */
export const PHARMACY_GO_ONLINE_WINDOW_MS = 60 * MINUTE;
/** "Arrived at Customer" is allowed from 10 minutes before deliveryTime (spec 3-courier-area.md §5). */
export const ARRIVE_AT_CUSTOMER_LEAD_MS = 10 * MINUTE;
/** A restaurant delivery is completed with exactly 4 photos (spec 3-courier-area.md §9). */
export const RESTAURANT_REQUIRED_PHOTOS = 4;
/** After "Got All Items" the order moves on to the customer by itself (spec 3-courier-area.md §4.3). */
export const PICKED_UP_AUTO_ADVANCE_MS = 1000;
/** The first pharmacy stop cards start expanded (spec 3-courier-area.md §9). */
export const EXPANDED_STOP_CARDS = 10;

/** The restaurant workflow's frame title per status (spec 3-courier-area.md §2.9). */
export const RESTAURANT_TITLES: Partial<Record<OrderStatus, string>> = {
  courier_confirmed: 'Confirmed',
  courier_on_way_to_pickup: 'En Route to Pickup',
  arrived_at_pickup: 'At Restaurant',
  picked_up: 'Got All Items',
  on_way_to_customer: 'En Route to Customer',
  arrived_at_customer: "At Customer's Location",
  setup_in_progress: 'Setup in Progress',
  delivered: 'Delivered',
};

interface OrderKind {
  status: OrderStatus;
  totalDistanceMiles: number | null;
}

/**
 * A pharmacy (multi-stop, distance-priced) order: it has a route distance or is in a
 * pharmacy status (spec 3-courier-area.md §3.3). The spec's "restaurantId 25" marker is a fixture of the
 * original data, not a rule (decision C1).
 */
export function isPharmacyOrder(order: OrderKind): boolean {
  return order.totalDistanceMiles != null || PHARMACY_STATUSES.has(order.status);
}

/** The card's badge (spec 3-courier-area.md §2.5): offered orders read "Available", pickup labels name the place. */
/**
 * An offer the autopilot made to this courier alone (decision W12): assigned with a time to
 * accept, answered Accept or Decline rather than Go Online Now.
 */
export const isOfferToCourier = (order: { status: OrderStatus; offerExpiresAt?: unknown }) => order.status === 'assigned' && order.offerExpiresAt != null;

/**
 * The list as the courier reads it (decision W12): the autopilot's offers made as one trip
 * (orders from one pickup offered together, so they end at the same moment) are one entry;
 * every other order is an entry of its own, in the list's order.
 */
export function groupTrips<Order extends { status: OrderStatus; offerExpiresAt?: unknown }>(orders: readonly Order[]): Order[][] {
  const entries: Order[][] = [];
  const trips = new Map<unknown, Order[]>();
  for (const order of orders) {
    const trip = isOfferToCourier(order) ? trips.get(order.offerExpiresAt) : undefined;
    if (trip) trip.push(order);
    else {
      const entry = [order];
      entries.push(entry);
      if (isOfferToCourier(order)) trips.set(order.offerExpiresAt, entry);
    }
  }
  return entries;
}

/** The time left to accept an offer, as a countdown reads it ("0:32"); "0:00" once it has ended. */
export function offerTimeLeft(expiresAt: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function courierCardLabel(order: OrderKind & { offerExpiresAt?: unknown }): string {
  const pharmacy = isPharmacyOrder(order);
  if (order.status === 'pending_courier') return 'Available';
  if (isOfferToCourier(order)) return 'Offer for you';
  if (order.status === 'courier_on_way_to_pickup' && pharmacy) return 'On Way to Pharmacy';
  if (order.status === 'arrived_at_pickup') return pharmacy ? 'At Pharmacy' : 'At Restaurant';
  return courierStatusLabel(order.status);
}

export type DetailScreen = 'pharmacy' | 'restaurant' | 'preview';

/**
 * What the order detail view shows (spec 3-courier-area.md §2.6). `asWorkflow` is set when the view was
 * opened as the delivery workflow (the header indicator), which also covers a confirmed
 * order the courier has not set off with.
 */
export function detailScreen(order: OrderKind & { courierId: number | null }, asWorkflow = false): DetailScreen {
  if (isPharmacyOrder(order) && order.courierId != null) return 'pharmacy';
  if (COURIER_ACTIVE_DELIVERY.has(order.status) || isCompleted(order.status)) return 'restaurant';
  if (asWorkflow && order.status === 'courier_confirmed') return 'restaurant';
  return 'preview';
}

/** Whether the card highlights "Continue Order" and the dashboard re-opens the workflow. */
export const isInDelivery = (status: OrderStatus) => COURIER_IN_DELIVERY.has(status);

/** A pharmacy route may start only within the last hour before pickup (spec 3-courier-area.md §5). */
export function canGoOnlinePharmacy(pickupTime: number, now: number): boolean {
  return pickupTime - now <= PHARMACY_GO_ONLINE_WINDOW_MS;
}

/** The earliest moment "Arrived at Customer" is accepted. */
export const earliestArrivalAtCustomer = (deliveryTime: number) => deliveryTime - ARRIVE_AT_CUSTOMER_LEAD_MS;

export function canArriveAtCustomer(deliveryTime: number, now: number): boolean {
  return now >= earliestArrivalAtCustomer(deliveryTime);
}

/**
 * The order the "Upcoming Delivery" panel offers (spec 3-courier-area.md §2.8): the earliest held order
 * that has not set off and whose pickup is within the window: 90 minutes, or the pharmacy
 * route's own hour (decision C8).
 */
export function upcomingDelivery<T extends OrderKind & { pickupTime: number; offerExpiresAt?: unknown }>(orders: readonly T[], now: number): T | undefined {
  return (
    orders
      // An offer not yet accepted is not the courier's to set off with (decision W12).
      .filter((order) => COURIER_NOT_STARTED.has(order.status) && !isOfferToCourier(order))
      .filter((order) => order.pickupTime - now <= (isPharmacyOrder(order) ? PHARMACY_GO_ONLINE_WINDOW_MS : GO_ONLINE_PANEL_WINDOW_MS))
      .sort((a, b) => a.pickupTime - b.pickupTime)[0]
  );
}

/** Whole minutes until pickup, never below zero. */
export function minutesUntil(time: number, now: number): number {
  return Math.max(0, Math.ceil((time - now) / MINUTE));
}

// ---------------------------------------------------------------------------
// What the server refuses, and why (spec 3-courier-area.md §4.3–4.5, §5)
// ---------------------------------------------------------------------------

/** A refused step, in the words the courier sees: a title and a sentence. */
export interface Refusal {
  error: string;
  details: string;
}

export const DOCUMENTS_EXPIRED: Refusal = {
  error: 'Documents expired',
  details: 'Please check your documents in your profile. Some documents may have expired.',
};

/** Of couriers accepting one offer at once, all but the first hear this. */
export const ORDER_TAKEN: Refusal = { error: 'Order already taken', details: 'Another courier accepted this order first.' };

export const LATE_FEE_NOT_ACCEPTED: Refusal = {
  error: 'Late cancellation fee',
  details: 'Cancelling less than 2 hours before pickup time means a $30 fee will be charged. Confirm the fee to cancel.',
};

export interface StopFacts {
  status: StopStatus;
  hasPhoto: boolean;
  /** Not delivered, its package going back to the pickup (issue 27): settled without a delivery photo. */
  returnedAt?: number | null;
}

/** Whether the order may be completed, with its photos and stops as they will be. */
export function completionRefusal(facts: { pharmacy: boolean; photoCount: number; hasPickupPhoto: boolean; stops: readonly StopFacts[] }): Refusal | null {
  const stopsLeft = facts.stops.some((stop) => !isStopSettled(stop));
  if (facts.pharmacy) {
    if (!facts.hasPickupPhoto) return { error: 'Missing Pickup Photo', details: 'Cannot complete order without pharmacy pickup photo' };
    if (facts.stops.some((stop) => stop.returnedAt == null && !stop.hasPhoto))
      return { error: 'Missing Delivery Photos', details: 'All stops must have delivery photos before completing' };
  }
  if (stopsLeft) return { error: 'Stops remain', details: 'Deliver every stop before completing the order.' };
  if (!facts.pharmacy && facts.photoCount < RESTAURANT_REQUIRED_PHOTOS) {
    return { error: 'Photos required', details: `Please upload all ${RESTAURANT_REQUIRED_PHOTOS} required photos before completing delivery` };
  }
  return null;
}

export interface StepFacts {
  now: number;
  pharmacy: boolean;
  documentsValid: boolean;
  /** Metres from the device to the pickup, when both are known and the check is on. */
  distanceToPickupM: number | null;
  /** Proximity checks are on (PROXIMITY_CHECK is not "off"): an arrival then needs a device position. */
  proximityCheck: boolean;
  /** The step came with the device's position. */
  hasDevicePosition: boolean;
  /** Without a position, the courier confirmed being there (decision C23). */
  confirmedWithoutPosition: boolean;
  /** Delivery photos and pickup photo as they will be after the change. */
  photoCount: number;
  hasPickupPhoto: boolean;
  stops: readonly StopFacts[];
  acceptLateFee: boolean;
  /** Shows a time to the courier ("3:40 PM"). */
  formatTime: (time: number) => string;
}

/**
 * An arrival with proximity checks on and no position from the phone (decision F9): said
 * the same on the phone (the arrival button) and by the server, with how to allow location.
 */
/** The history's words for an arrival the phone could not place, confirmed by the courier (decision C23). */
export const ARRIVED_WITHOUT_POSITION = 'Arrived without a device position (confirmed by the courier)';

export const POSITION_REQUIRED: Refusal = {
  error: 'Location needed',
  details:
    'Allow location for this app to confirm your arrival: tap the icon beside the address bar, then Permissions → Location → Allow (on an iPhone: Settings → Privacy & Security → Location Services → your browser → While Using), then try again.',
};

const notAllowed = (from: OrderStatus, to: OrderStatus): Refusal => ({
  error: 'Status change not allowed',
  details: `An order that is "${courierStatusLabel(from)}" cannot become "${courierStatusLabel(to)}".`,
});

/**
 * Why the courier holding an order may not move it to `to` now, or null when they may.
 * The transitions themselves are canCourierMove's; these are the conditions on top.
 */
export function stepRefusal(order: { status: OrderStatus; pickupTime: number; deliveryTime: number }, to: OrderStatus, facts: StepFacts): Refusal | null {
  const from = order.status;
  if (!canCourierMove(from, to)) return notAllowed(from, to);
  if (PHARMACY_STATUSES.has(to) && !facts.pharmacy) return notAllowed(from, to);
  const settingOff = COURIER_NOT_STARTED.has(from) && (to === 'courier_on_way_to_pickup' || to === 'courier_on_way_to_pharmacy');
  if (settingOff && !facts.documentsValid) return DOCUMENTS_EXPIRED;
  if (settingOff && facts.pharmacy && !canGoOnlinePharmacy(order.pickupTime, facts.now)) {
    return { error: 'Too Early', details: 'You can go online 1 hour before pickup time' };
  }
  const arriving = (to === 'arrived_at_pickup' || to === 'arrived_at_pharmacy') && from !== 'arrived_at_pickup';
  if (arriving && facts.proximityCheck && !facts.hasDevicePosition && !facts.confirmedWithoutPosition) return POSITION_REQUIRED;
  if (arriving && facts.distanceToPickupM != null) {
    if (facts.pharmacy && facts.distanceToPickupM > PHARMACY_ARRIVAL_RADIUS_M)
      return { error: 'Not at Pharmacy', details: 'You must be within 500 feet of the pharmacy' };
    if (!facts.pharmacy && facts.distanceToPickupM > RESTAURANT_ARRIVAL_RADIUS_M)
      return { error: 'Not at Restaurant', details: 'Get closer to restaurant (within 50m)' };
  }
  if (to === 'arrived_at_customer' && !canArriveAtCustomer(order.deliveryTime, facts.now)) {
    return { error: 'Too early to arrive', details: `Cannot arrive before ${facts.formatTime(earliestArrivalAtCustomer(order.deliveryTime))}` };
  }
  if (to === 'pharmacy_picked_up' && from === 'arrived_at_pharmacy' && !facts.hasPickupPhoto) {
    return { error: 'Photo Required', details: 'Please take a photo of all packages' };
  }
  if (to === 'on_way_to_customer' && (from === 'arrived_at_customer' || from === 'setup_in_progress') && !facts.stops.some((stop) => !isStopSettled(stop))) {
    return notAllowed(from, to);
  }
  if (to === 'delivered' || to === 'pharmacy_completed') return completionRefusal(facts);
  if ((to === 'cancelled' || to === 'courier_rejected') && isLateCancellation(order.pickupTime, facts.now) && !facts.acceptLateFee)
    return LATE_FEE_NOT_ACCEPTED;
  return null;
}

// ---------------------------------------------------------------------------
// Stops (spec 3-courier-area.md §4.5)
// ---------------------------------------------------------------------------

/** A stop's door is held to the pharmacy's radius, 500 ft (decision C23). */
export const STOP_ARRIVAL_RADIUS_M = PHARMACY_ARRIVAL_RADIUS_M;

/** What an arrival is judged on: the proximity check, and where the device said it was. */
export interface ArrivalFacts {
  proximityCheck: boolean;
  hasDevicePosition: boolean;
  confirmedWithoutPosition: boolean;
  /** Metres from the device to the place, when both are known and the place is exact. */
  distanceM: number | null;
}

const STOP_ORDER: Record<StopStatus, number> = { pending: 0, on_way: 1, arrived: 2, delivered: 3 };

/** A stop only moves forward: pending → on_way → arrived → delivered (steps may be skipped). */
export function canMoveStop(from: StopStatus, to: StopStatus): boolean {
  return STOP_ORDER[to] > STOP_ORDER[from];
}

/** The stop being delivered: the first one, by sequence, not yet delivered. */
/** The stop being delivered: the first neither delivered nor returned. */
export function currentStop<T extends { status: StopStatus; sequence: number; returnedAt?: number | string | null }>(stops: readonly T[]): T | undefined {
  return [...stops].sort((a, b) => a.sequence - b.sequence).find((stop) => !isStopSettled(stop));
}

/**
 * Why the courier may not move a stop to `to` now, or null. Only the current stop can be
 * acted on (spec 3-courier-area.md §5); delivering one needs its photo and the courier at the door
 * ("Arrived at Stop N" on a pharmacy route, "Arrived at Customer" on a restaurant one).
 */
export function stopStepRefusal(facts: {
  orderStatus: OrderStatus;
  pharmacy: boolean;
  /** Arriving at a stop (decision C23): as an arrival at the pickup is held, to the stop's own place. */
  arrival?: ArrivalFacts;
  stop: StopFacts & { sequence: number };
  current: { sequence: number } | undefined;
  to: StopStatus;
  /** The completion check when this is the last stop to deliver. */
  completion: Refusal | null;
}): Refusal | null {
  const { stop, to } = facts;
  if (!STOP_DELIVERY_PHASE.has(facts.orderStatus)) return { error: 'Not delivering yet', details: 'Stops are delivered after the pickup.' };
  if (!facts.current || facts.current.sequence !== stop.sequence) {
    return { error: 'Not the current stop', details: facts.current ? `Stop ${facts.current.sequence} comes first.` : 'Every stop is delivered.' };
  }
  if (!canMoveStop(stop.status, to))
    return { error: 'Status change not allowed', details: `A stop that is ${stop.status.replace('_', ' ')} cannot become ${to.replace('_', ' ')}.` };
  if (to === 'arrived' && facts.arrival) {
    const { proximityCheck, hasDevicePosition, confirmedWithoutPosition, distanceM } = facts.arrival;
    if (proximityCheck && !hasDevicePosition && !confirmedWithoutPosition) return POSITION_REQUIRED;
    if (distanceM != null && distanceM > STOP_ARRIVAL_RADIUS_M)
      return { error: 'Not at the stop', details: `You must be within 500 feet of stop ${stop.sequence}` };
  }
  if (to !== 'delivered') return null;
  if (!stop.hasPhoto) return { error: 'Photo Required', details: 'Please take a delivery photo' };
  if (facts.pharmacy && stop.status !== 'arrived') return { error: 'Not at the stop', details: `Confirm arrival at stop ${stop.sequence} first.` };
  if (!facts.pharmacy && facts.orderStatus !== 'arrived_at_customer' && facts.orderStatus !== 'setup_in_progress') {
    return { error: 'Not at the customer', details: 'Confirm arrival at the customer first.' };
  }
  return facts.completion;
}

// ---------------------------------------------------------------------------
// Navigation hand-off (spec 3-courier-area.md §2.10)
// ---------------------------------------------------------------------------

/** Appended to an address that names neither the service city nor its state. */
export const SERVICE_AREA_SUFFIX = 'Tampa, Florida 33602';
/** The web maps search is centred on the service city (Tampa). */
export const SERVICE_MAP_CENTER = '27.9506,-82.4572,12z';

/** Whether a one-line address names no city, state or ZIP at all ("12 Main St"). */
function namesNoPlace(address: string): boolean {
  const parts = splitAddress(address);
  return !parts.city && !parts.state && !parts.zip && zipOf(address) == null;
}

/**
 * The address as the maps app is given it: the service area is added only to a bare street
 * (decision F10), never to one that names a city, so "4th St N, St. Petersburg" stays there.
 */
export function navigationAddress(address: string): string {
  const text = address.trim();
  return namesNoPlace(text) ? `${text}, ${SERVICE_AREA_SUFFIX}` : text;
}

/** Where to navigate to: the place's coordinates when they are exact, else its address. */
export interface NavigationTarget {
  address: string;
  latitude?: number | null;
  longitude?: number | null;
  precision?: LocationPrecision | null;
}

/** What the maps app is asked for: "lat,lng" for a place placed at its address, else the address text. */
export function navigationDestination(target: NavigationTarget): string {
  if (target.latitude != null && target.longitude != null && !isApproximate(target.precision)) return `${target.latitude},${target.longitude}`;
  return navigationAddress(target.address);
}

export const WEB_MAPS_NAME = 'Google Maps';

export function webMapsUrl(target: NavigationTarget): string {
  return `https://www.google.com/maps/search/${encodeURIComponent(navigationDestination(target))}/@${SERVICE_MAP_CENTER}`;
}

export type DevicePlatform = 'ios' | 'android' | 'other';

export function devicePlatform(userAgent: string): DevicePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

/** The device's own maps app with driving directions, and what to call it. */
export function nativeMaps(target: NavigationTarget, platform: DevicePlatform): { name: string; url: string } {
  const destination = encodeURIComponent(navigationDestination(target));
  if (platform === 'ios') return { name: 'Apple Maps', url: `maps://?daddr=${destination}&dirflg=d` };
  if (platform === 'android') return { name: 'Google Maps app', url: `google.navigation:q=${destination}&mode=d` };
  return { name: 'Maps app', url: `https://www.google.com/maps/dir/?api=1&destination=${destination}&travelmode=driving` };
}
