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
  /** Orders the courier holds and has not finished. */
  activeOrders: number;
}

export interface OrderToStaff {
  /** Where the courier goes first: the pickup. */
  pickup: LatLng | null;
  zoneId: number | null;
  requiredVehicleTypes: readonly OrderVehicleType[];
  /** The courier who missed this order's pickup: never offered it again. */
  missedBy: number | null;
}

export interface CourierSuggestion {
  courierId: number;
  name: string;
  zoneName: string | null;
  sameZone: boolean;
  freshness: GpsFreshness;
  /** Straight-line miles from the latest position to the pickup, 1 decimal; null when unknown. */
  milesAway: number | null;
  activeOrders: number;
  /** '0.8 mi away, online, 1 active order' */
  reason: string;
}

/** One active order weighs as much as this many miles of distance when couriers are ranked. */
export const LOAD_PENALTY_MILES = 3;
const FRESHNESS_ORDER: Record<GpsFreshness, number> = { online: 0, recent: 1, offline: 2 };
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
 * Suitable couriers, best first: those online before those seen recently before those
 * offline; within each, nearest to the pickup with each active order counting as
 * LOAD_PENALTY_MILES more; couriers without a position after those with one; then the
 * order's zone first, then name.
 */
export function rankCouriers(candidates: readonly CourierCandidate[], order: OrderToStaff, now: number, today: string): CourierSuggestion[] {
  const suggestions = candidates
    .filter((courier) => unsuitability(courier, order, today) === null)
    .map((courier): CourierSuggestion => {
      const freshness = gpsFreshness(courier.lastLocationAt, now);
      const milesAway =
        courier.position && order.pickup && freshness !== 'offline'
          ? Math.round((haversineMeters(courier.position, order.pickup) / METERS_PER_MILE) * 10) / 10
          : null;
      return {
        courierId: courier.id,
        name: courier.name,
        zoneName: courier.zoneName,
        sameZone: order.zoneId != null && courier.zoneId === order.zoneId,
        freshness,
        milesAway,
        activeOrders: courier.activeOrders,
        reason: suggestionReason(milesAway, freshness, courier.activeOrders),
      };
    });
  const score = (s: CourierSuggestion) => (s.milesAway == null ? Number.POSITIVE_INFINITY : s.milesAway + LOAD_PENALTY_MILES * s.activeOrders);
  return suggestions.sort(
    (a, b) =>
      FRESHNESS_ORDER[a.freshness] - FRESHNESS_ORDER[b.freshness] ||
      compareNumbers(score(a), score(b)) ||
      a.activeOrders - b.activeOrders ||
      Number(b.sameZone) - Number(a.sameZone) ||
      a.name.localeCompare(b.name) ||
      a.courierId - b.courierId,
  );
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
