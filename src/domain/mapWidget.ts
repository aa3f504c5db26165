/**
 * The map widget's distance rules (spec 2-business-area.md §2.14, §9.6), for the pickup (P) and delivery
 * (D) of an order: what distance to show when the maps service gives none, and which
 * straight-line distances to trust. Pure and deterministic, so the same order always
 * shows the same figure.
 */
import { DEFAULT_CITY, DEFAULT_STATE } from './address';
import { haversineMeters, METERS_PER_MILE, SERVICE_CENTER, type LatLng } from './geo';

/** A straight line longer than this between a pickup and its delivery is not believed. */
export const MAX_STRAIGHT_LINE_MILES = 15;
const PLACEHOLDER_MIN_TENTHS = 20; // 2.0 mi
const PLACEHOLDER_MAX_TENTHS = 149; // 14.9 mi
/** Pseudo-random points fall within this many degrees of the service centre (about 5 km). */
const NEAR_CENTER_DEGREES = 0.045;

/** FNV-1a: a small, stable hash of a text. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** Addresses are geocoded with the default city and state appended (spec 2-business-area.md §9.6). */
export function geocodeQuery(address: string): string {
  return `${address.trim()}, ${DEFAULT_CITY}, ${DEFAULT_STATE}`;
}

/** Where to put an address the geocoder could not find: a fixed point near the service centre. */
export function pseudoRandomNear(address: string, center: LatLng = SERVICE_CENTER): LatLng {
  const seed = hash(address.trim().toLowerCase());
  const unit = (bits: number) => (bits & 0xffff) / 0xffff - 0.5;
  return { lat: center.lat + unit(seed) * 2 * NEAR_CENTER_DEGREES, lng: center.lng + unit(seed >>> 16) * 2 * NEAR_CENTER_DEGREES };
}

/** A stand-in distance from 2.0 to 14.9 mi, the same for the same two addresses. */
export function placeholderMiles(pickupAddress: string, deliveryAddress: string): number {
  const span = PLACEHOLDER_MAX_TENTHS - PLACEHOLDER_MIN_TENTHS + 1;
  return (PLACEHOLDER_MIN_TENTHS + (hash(`${pickupAddress.trim().toLowerCase()}|${deliveryAddress.trim().toLowerCase()}`) % span)) / 10;
}

export function straightLineMiles(a: LatLng, b: LatLng): number {
  return haversineMeters(a, b) / METERS_PER_MILE;
}

/** A straight line above 15 mi, or of 0 or less, is rejected (spec 2-business-area.md §9.6). */
export function isPlausibleStraightLine(miles: number): boolean {
  return Number.isFinite(miles) && miles > 0 && miles <= MAX_STRAIGHT_LINE_MILES;
}

export interface WidgetDistance {
  miles: number;
  /** What the widget prints: '4.2 mi', '12.3 mi (multi-stop)', '7.5 mi (est., Tampa area)'. */
  label: string;
  source: 'multi-stop' | 'straight-line' | 'placeholder';
}

/**
 * The distance the widget shows when no driving route is available: a multi-stop
 * order's route distance, else the straight line between known points if plausible,
 * else the placeholder marked as being in the default area.
 */
export function widgetDistance(input: {
  pickupAddress: string;
  deliveryAddress: string;
  pickup?: LatLng | null;
  delivery?: LatLng | null;
  multiStopMiles?: number | null;
}): WidgetDistance {
  if (input.multiStopMiles != null) {
    return { miles: input.multiStopMiles, label: `${input.multiStopMiles.toFixed(1)} mi (multi-stop)`, source: 'multi-stop' };
  }
  if (input.pickup && input.delivery) {
    const miles = straightLineMiles(input.pickup, input.delivery);
    if (isPlausibleStraightLine(miles)) return { miles, label: `${miles.toFixed(1)} mi`, source: 'straight-line' };
  }
  const miles = placeholderMiles(input.pickupAddress, input.deliveryAddress);
  return { miles, label: `${miles.toFixed(1)} mi (est., ${DEFAULT_CITY} area)`, source: 'placeholder' };
}
