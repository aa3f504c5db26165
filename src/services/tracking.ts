/**
 * What a tracking link shows (issue 16), built once for the page and its JSON twin.
 * Only what the customer of this order or stop may see: never a phone number, another
 * stop, the courier's surname or pay, or anything of another order.
 */
import type { Tracked } from '../db/tracking';
import { customerNotice, failureToTell } from '../domain/failedDelivery';
import type { LatLng } from '../domain/geo';
import {
  estimateArrival,
  etaWords,
  firstName,
  phaseWords,
  showsCourier,
  timeline,
  timelineOnHold,
  TRACKING_DETAILS_MS,
  trackingPhase,
  type TimelineStep,
  type TrackingPhase,
} from '../domain/tracking';

/** The delivery window is the delivery time give or take this much. */
export const DELIVERY_WINDOW_MS = 15 * 60 * 1000;
/** A courier position older than this is not shown as live (the phone stopped reporting). */
const POSITION_FRESH_MS = 10 * 60 * 1000;

export interface TrackingView {
  business: string;
  /** Null once the delivery is cancelled: the link then says only that, and who to ask (K16). */
  orderNumber: string | null;
  /** What is coming: the items of an order's link; null on a stop's link (the route's items are everyone's). */
  items: Array<{ name: string; quantity: number }> | null;
  phase: TrackingPhase;
  status: string;
  timeline: TimelineStep[];
  /** ISO instants. */
  window: { from: string; to: string } | null;
  /** On an order's link for a multi-stop route: how far the route is. */
  stops: { delivered: number; total: number } | null;
  /** While the courier is on the way to this customer. */
  courier: { firstName: string; latitude: number | null; longitude: number | null; recordedAt: string | null } | null;
  eta: { words: string; at: string } | null;
  /** Where the courier is heading: this customer's own place (only while live). */
  destination: LatLng | null;
  delivered: { at: string | null; photos: string[]; notes: string | null } | null;
  /** Delivered more than 7 days ago: only "delivered" is said. */
  expired: boolean;
  /** A failed attempt at this delivery, in the customer's words (issue 27), while it matters. */
  notice: string | null;
  /** The page's socket while the delivery is under way: the order's changes, and the courier's position while on the way here. */
  live: string | null;
}

const iso = (time: number | null | undefined) => (time == null ? null : new Date(time).toISOString());

/** The destination of this link: the stop's place, or the order's customer. */
export function destinationOf({ order, stop }: Pick<Tracked, 'order' | 'stop'>): LatLng | null {
  const [lat, lng] = stop ? [stop.latitude, stop.longitude] : [order.customerLatitude, order.customerLongitude];
  return lat == null || lng == null ? null : { lat, lng };
}

export function trackingView(token: string, tracked: Tracked, now = Date.now()): TrackingView {
  const { order, stop } = tracked;
  const phase = trackingPhase(order.status, stop?.status);
  const multiStopOrderLink = !stop && tracked.stopCount > 1;
  const completedAt = stop ? stop.deliveredTime : order.completedAt;
  const expired = phase === 'delivered' && completedAt != null && now - completedAt > TRACKING_DETAILS_MS;
  const deliveryTime = stop?.deliveryTime ?? order.deliveryTime;
  const told = multiStopOrderLink
    ? null
    : failureToTell({ failure: tracked.failure, orderStatus: order.status, waitingForDispatch: order.deliveryFailedAt != null, stop });
  // A returned stop, or an order waiting for the dispatcher, is not coming now: no courier, no window (decision C28).
  const onHold = told === 'return' || told === 'dispatch';
  const base = {
    business: order.restaurantName,
    orderNumber: order.orderNumber,
    phase,
    status: told === 'return' ? 'Not delivered' : told === 'dispatch' ? 'Delivery on hold' : phaseWords(phase, multiStopOrderLink),
    timeline: onHold ? timelineOnHold(multiStopOrderLink) : timeline(phase, multiStopOrderLink),
    expired,
    notice: told && tracked.failure ? customerNotice(told, tracked.failure.reason, order.restaurantName) : null,
  };
  if (expired) {
    return {
      ...base,
      items: null,
      window: null,
      stops: null,
      courier: null,
      eta: null,
      destination: null,
      delivered: { at: null, photos: [], notes: null },
      live: null,
    };
  }

  // A route's own link follows the route, not one customer's door: no courier on it.
  const live = !multiStopOrderLink && !onHold && showsCourier(order.status, stop?.status) && tracked.courier != null;
  const destination = live ? destinationOf(tracked) : null;
  const position = tracked.courier;
  const fresh = position?.latitude != null && position.longitude != null && position.recordedAt != null && now - position.recordedAt < POSITION_FRESH_MS;
  const estimate = live && fresh && destination ? estimateArrival({ lat: position.latitude!, lng: position.longitude! }, destination, null) : null;

  return {
    ...base,
    // A cancelled delivery says so, and who to ask: nothing of what was ordered (K16).
    ...(phase === 'cancelled' ? { orderNumber: null } : {}),
    items: stop || phase === 'cancelled' ? null : order.items.map(({ name, quantity }) => ({ name, quantity })),
    window:
      phase === 'delivered' || phase === 'cancelled' || onHold
        ? null
        : { from: iso(deliveryTime - DELIVERY_WINDOW_MS)!, to: iso(deliveryTime + DELIVERY_WINDOW_MS)! },
    stops: multiStopOrderLink ? { delivered: tracked.stopsDelivered, total: tracked.stopCount } : null,
    courier: live
      ? {
          firstName: firstName(position!.name),
          latitude: fresh ? position!.latitude : null,
          longitude: fresh ? position!.longitude : null,
          recordedAt: fresh ? iso(position!.recordedAt) : null,
        }
      : null,
    eta: estimate ? { words: etaWords(estimate), at: iso(now + estimate.seconds * 1000)! } : null,
    destination,
    delivered:
      phase === 'delivered'
        ? {
            at: iso(completedAt),
            // Served through the link itself (routes/api/track.ts), never by the photo's key.
            photos: trackingPhotoKeys(tracked, now).map((_, index) => `/api/track/${token}/photos/${index + 1}`),
            notes: multiStopOrderLink ? null : ((stop ? stop.deliveryNotes : order.deliveryNotes) ?? null),
          }
        : null,
    // An order on hold still hears the dispatcher send the courier again; a returned stop is over.
    live: phase === 'delivered' || phase === 'cancelled' || told === 'return' ? null : `/api/track/${token}/live`,
  };
}

/** The photo keys the link may serve, in the order its view numbers them. */
export function trackingPhotoKeys(tracked: Tracked, now = Date.now()): string[] {
  const { order, stop } = tracked;
  if (trackingPhase(order.status, stop?.status) !== 'delivered') return [];
  if (!stop && tracked.stopCount > 1) return [];
  const completedAt = stop ? stop.deliveredTime : order.completedAt;
  if (completedAt != null && now - completedAt > TRACKING_DETAILS_MS) return [];
  return stop ? (stop.deliveryPhoto ? [stop.deliveryPhoto] : []) : order.deliveryPhotos;
}
