/**
 * The dispatcher's judgement, as rules (issue 14): which open orders are late or at risk,
 * and which couriers to suggest for an order, best first, each with its reason in one line
 * (decisions W3, W4).
 */
import { hasExpiredDocuments } from './documents';
import { haversineMeters, METERS_PER_MILE, type LatLng } from './geo';
import { gpsFreshness, type GpsFreshness } from './indicators';
import { BEFORE_PICKUP_STATUSES, isFinished, NOT_UNDER_WAY_STATUSES, type OrderStatus } from './orderStatus';
import { vehicleFits, type OrderVehicleType } from './vehicles';

const MINUTE = 60_000;

/** An order nobody is on the way to pick up is at risk this long before its pickup time. */
export const AT_RISK_MINUTES = 30;

export type Urgency = 'late' | 'at_risk';

export const URGENCY_LABELS: Record<Urgency, string> = { late: 'Late', at_risk: 'At risk' };

/**
 * Late: open and past its delivery time, or not picked up by its pickup time. At risk: nobody
 * is on the way and pickup is within AT_RISK_MINUTES, or its courier was deactivated.
 */
export function orderUrgency(
  order: { status: OrderStatus; pickupTime: number; deliveryTime: number },
  now: number,
  courierDeactivated = false,
): Urgency | null {
  if (isFinished(order.status)) return null;
  if (now > order.deliveryTime || (BEFORE_PICKUP_STATUSES.has(order.status) && now > order.pickupTime)) return 'late';
  if (courierDeactivated) return 'at_risk';
  if (NOT_UNDER_WAY_STATUSES.has(order.status) && order.pickupTime - now <= AT_RISK_MINUTES * MINUTE) return 'at_risk';
  return null;
}

export interface CourierCandidate {
  id: number;
  name: string;
  zoneId: number | null;
  zoneName: string | null;
  vehicleType: string;
  isActive: boolean;
  driversLicenseExpiry: string | null;
  insuranceExpiry: string | null;
  position: LatLng | null;
  lastLocationAt: number | null;
  /** Orders the courier holds and has not finished, in pickup order. */
  held: HeldOrder[];
}

/** An order a courier holds, as the assign dialog lists it. */
export interface HeldOrder {
  orderNumber: string;
  status: OrderStatus;
}

export interface OrderToStaff {
  /** Where the courier goes first: the pickup, or where the order is once its courier has picked it up. */
  origin: LatLng | null;
  originIsOrder: boolean;
  zoneId: number | null;
  requiredVehicleTypes: readonly OrderVehicleType[];
  /** The courier who missed this order's pickup: never offered it again. */
  missedBy: number | null;
  /** The courier who holds the order now: a reassignment is to someone else. */
  heldBy: number | null;
  /** Couriers who declined the order (an offer, or giving it back): offered last, saying so. */
  declinedBy: readonly number[];
}

export interface CourierSuggestion {
  courierId: number;
  name: string;
  zoneName: string | null;
  sameZone: boolean;
  freshness: GpsFreshness;
  /** Straight-line miles from the latest position to the origin (the pickup, or where the order is), 1 decimal; null when unknown. */
  milesAway: number | null;
  activeOrders: number;
  held: HeldOrder[];
  declined: boolean;
  /** '0.8 mi away, online, 1 active order', or 'declined this order, 0.8 mi away, ...' */
  reason: string;
}

/** A courier on the dispatch board (issue 29): where their phone last was, their documents, their route. */
export interface BoardCourier {
  id: number;
  name: string;
  zoneName: string | null;
  latitude: number | null;
  longitude: number | null;
  seenAt: number | null;
  driversLicenseExpiry: string | null;
  insuranceExpiry: string | null;
  /** The orders they hold, in pickup order: their route. */
  held: HeldOrder[];
}

/** The board's order: who can take work now first (online, then seen recently, then offline; the least loaded first), then by name. */
export function compareForBoard(a: BoardCourier, b: BoardCourier, now: number): number {
  return (
    FRESHNESS_ORDER[gpsFreshness(a.seenAt, now)] - FRESHNESS_ORDER[gpsFreshness(b.seenAt, now)] ||
    a.held.length - b.held.length ||
    a.name.localeCompare(b.name) ||
    a.id - b.id
  );
}

/** The couriers nearest a point whose phones reported within the last half hour, nearest first, with their miles (1 decimal). */
export function nearestCouriers<C extends { latitude: number | null; longitude: number | null; lastLocationUpdateTime: number | null }>(
  couriers: readonly C[],
  point: LatLng,
  now: number,
  limit: number,
): Array<{ courier: C; miles: number }> {
  return couriers
    .flatMap((courier) =>
      courier.latitude != null && courier.longitude != null && gpsFreshness(courier.lastLocationUpdateTime, now) !== 'offline'
        ? [{ courier, miles: Math.round((haversineMeters({ lat: courier.latitude, lng: courier.longitude }, point) / METERS_PER_MILE) * 10) / 10 }]
        : [],
    )
    .sort((a, b) => a.miles - b.miles)
    .slice(0, limit);
}

/** Who the dialog does not offer an order to and why, so nobody is left out in silence. */
export interface NotOffered {
  courierId: number;
  name: string;
  why: string;
}

/** One active order weighs as much as this many miles of distance when couriers are ranked. */
export const LOAD_PENALTY_MILES = 3;
/** Who can take work now first; src/db/dispatchBoard.ts ranks the same in SQL. */
export const FRESHNESS_ORDER: Record<GpsFreshness, number> = { online: 0, recent: 1, offline: 2 };
const FRESHNESS_WORDS: Record<GpsFreshness, string> = { online: 'online', recent: 'seen recently', offline: 'offline' };

/** Why a courier cannot take an order, or null when it can. */
export function unsuitability(
  courier: Pick<CourierCandidate, 'id' | 'isActive' | 'vehicleType' | 'driversLicenseExpiry' | 'insuranceExpiry'>,
  order: Pick<OrderToStaff, 'requiredVehicleTypes' | 'missedBy'>,
  today: string,
): string | null {
  if (!courier.isActive) return 'account deactivated';
  if (courier.id === order.missedBy) return 'missed this pickup';
  if (hasExpiredDocuments(courier, today)) return 'documents expired';
  if (!vehicleFits(order.requiredVehicleTypes, courier.vehicleType)) return 'vehicle does not match';
  return null;
}

/**
 * Suitable couriers other than the one holding the order, best first: those who declined it
 * last; then those online before those seen recently before those offline; within each,
 * nearest to the origin with each active order counting as LOAD_PENALTY_MILES more;
 * couriers without a position after those with one; then the order's zone first, then name.
 */
export function rankCouriers(candidates: readonly CourierCandidate[], order: OrderToStaff, now: number, today: string): CourierSuggestion[] {
  const suggestions = candidates
    .filter((courier) => courier.id !== order.heldBy && unsuitability(courier, order, today) === null)
    .map((courier): CourierSuggestion => {
      const freshness = gpsFreshness(courier.lastLocationAt, now);
      const milesAway =
        courier.position && order.origin && freshness !== 'offline'
          ? Math.round((haversineMeters(courier.position, order.origin) / METERS_PER_MILE) * 10) / 10
          : null;
      const declined = order.declinedBy.includes(courier.id);
      const reason = suggestionReason(milesAway, freshness, courier.held.length);
      return {
        courierId: courier.id,
        name: courier.name,
        zoneName: courier.zoneName,
        sameZone: order.zoneId != null && courier.zoneId === order.zoneId,
        freshness,
        milesAway,
        activeOrders: courier.held.length,
        held: courier.held,
        declined,
        reason: declined ? `declined this order, ${reason}` : reason,
      };
    });
  const score = (s: CourierSuggestion) => (s.milesAway == null ? Number.POSITIVE_INFINITY : s.milesAway + LOAD_PENALTY_MILES * s.activeOrders);
  return suggestions.sort(
    (a, b) =>
      Number(a.declined) - Number(b.declined) ||
      FRESHNESS_ORDER[a.freshness] - FRESHNESS_ORDER[b.freshness] ||
      compareNumbers(score(a), score(b)) ||
      a.activeOrders - b.activeOrders ||
      Number(b.sameZone) - Number(a.sameZone) ||
      a.name.localeCompare(b.name) ||
      a.courierId - b.courierId,
  );
}

/** The couriers who cannot take the order, with why; deactivated accounts and the holder are not couriers to offer it to. */
export function notOffered(candidates: readonly CourierCandidate[], order: OrderToStaff, today: string): NotOffered[] {
  return candidates.flatMap((courier) => {
    const why = courier.id === order.heldBy || !courier.isActive ? null : unsuitability(courier, order, today);
    return why ? [{ courierId: courier.id, name: courier.name, why }] : [];
  });
}

function compareNumbers(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

export function suggestionReason(milesAway: number | null, freshness: GpsFreshness, activeOrders: number): string {
  const distance = milesAway == null ? 'distance unknown' : `${milesAway.toFixed(1)} mi away`;
  const load = activeOrders === 0 ? 'no active orders' : `${activeOrders} active order${activeOrders === 1 ? '' : 's'}`;
  return `${distance}, ${FRESHNESS_WORDS[freshness]}, ${load}`;
}

/** Asked before a courier holding unfinished orders is deactivated (decision W6). */
export function heldOrdersWarning(name: string, orderNumbers: readonly string[]): string {
  const list = orderNumbers.map((number) => `#${number}`).join(', ');
  const count = orderNumbers.length === 1 ? '1 unfinished order' : `${orderNumbers.length} unfinished orders`;
  return `${name} holds ${count} (${list}). Deactivate anyway? Those orders will show in Orders as needing reassignment.`;
}
