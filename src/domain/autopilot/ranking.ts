/**
 * Who should take a job (an order, or a trip of orders from one pickup), best first, as a
 * dispatcher means it (issue 30, decision W11): eligible by the Assign dialog's rules
 * (src/domain/dispatch.ts `unsuitability`) and online, not declined, under the max load;
 * then by the least time the job adds to the courier's work where it fits best in their route,
 * with the lateness it would cause weighed in (route.ts `costScore`); near-equals by the fewest
 * orders delivered today, so the work is spread. The autopilot, plan-all and the Assign dialog
 * rank with this one function.
 */
import { unsuitability, type CourierCandidate, type CourierSuggestion } from '../dispatch';
import type { LatLng } from '../geo';
import type { OrderVehicleType } from '../vehicles';
import { bestInsertion, costScore, type Insertion, type RouteStop } from './route';

/** Candidates whose scores are this close count as equal, and fairness decides between them. */
export const FAIRNESS_BAND_MINUTES = 2;

/** A courier as the autopilot sees them. */
export interface AutopilotCourier extends Pick<CourierCandidate, 'id' | 'name' | 'isActive' | 'vehicleType' | 'driversLicenseExpiry' | 'insuranceExpiry'> {
  /** Their phone reported recently (gpsFreshness 'online'): only they are offered work. */
  online: boolean;
  position: LatLng | null;
  /** The stops ahead of them, in their order. */
  route: RouteStop[];
  /** Orders they hold and have not finished. */
  heldOrders: number;
  deliveredToday: number;
}

/** What is dispatched as one offer: one order, or a trip of orders from one pickup. */
export interface DispatchJob {
  orderIds: readonly number[];
  /** The pickup, then the drops in the order driven. */
  stops: readonly RouteStop[];
  requiredVehicleTypes: readonly OrderVehicleType[];
  /** The courier who missed its pickup: never offered it again. */
  missedBy: number | null;
  /** Couriers who declined it or let an offer of it expire. */
  declinedBy: readonly number[];
}

export interface RankedCourier {
  courierId: number;
  name: string;
  /** Minutes the job adds to their work (driving and stops). */
  addedMinutes: number;
  /** Minutes late the job would make their orders and its own, beyond what they already were. */
  lateRiskMinutes: number;
  minutesToPickup: number;
  heldOrders: number;
  deliveredToday: number;
  /** '6 min away, idle' or '+9 min to current route, 2 orders'. */
  reason: string;
  insertion: Insertion;
  score: number;
}

export interface NotEligible {
  courierId: number;
  name: string;
  why: string;
}

export interface RankingContext {
  now: number;
  /** The service day "YYYY-MM-DD", for document expiry. */
  today: string;
  maxLoad: number;
}

/** Why a courier is not offered a job, or null when they may be. */
export function ineligibility(courier: AutopilotCourier, job: DispatchJob, { today, maxLoad }: RankingContext): string | null {
  const rule = unsuitability(courier, job, today);
  if (rule) return rule;
  if (!courier.online || !courier.position) return 'offline';
  if (job.declinedBy.includes(courier.id)) return 'declined this order';
  if (courier.heldOrders + job.orderIds.length > maxLoad) return `holds ${courier.heldOrders} orders (max ${maxLoad})`;
  return null;
}

const minutesText = (minutes: number) => `${Math.max(1, Math.round(minutes))} min`;

function reasonFor(courier: AutopilotCourier, insertion: Insertion, addedMinutes: number, lateRiskMinutes: number): string {
  const work =
    courier.route.length === 0
      ? `${minutesText(insertion.minutesToPickup)} away, idle`
      : `+${minutesText(addedMinutes)} to current route, ${courier.heldOrders} order${courier.heldOrders === 1 ? '' : 's'}`;
  return lateRiskMinutes >= 1 ? `${work}, ${minutesText(lateRiskMinutes)} late` : work;
}

/** One courier weighed for a job: where it fits in their route and what that adds. */
export function weigh(courier: AutopilotCourier, job: DispatchJob, now: number): RankedCourier {
  const insertion = bestInsertion(courier.position!, now, courier.route, job.stops);
  const { before, after } = insertion;
  const addedMinutes = after.workMinutes - before.workMinutes;
  const lateRiskMinutes = after.lateMinutes - before.lateMinutes;
  return {
    courierId: courier.id,
    name: courier.name,
    addedMinutes,
    lateRiskMinutes,
    minutesToPickup: insertion.minutesToPickup,
    heldOrders: courier.heldOrders,
    deliveredToday: courier.deliveredToday,
    reason: reasonFor(courier, insertion, addedMinutes, lateRiskMinutes),
    insertion,
    score: costScore(after) - costScore(before),
  };
}

/** Best first: by score in bands of FAIRNESS_BAND_MINUTES, then less lateness, then fewer delivered today, then score, then id. */
export function compareRanked(a: RankedCourier, b: RankedCourier): number {
  return (
    Math.floor(a.score / FAIRNESS_BAND_MINUTES) - Math.floor(b.score / FAIRNESS_BAND_MINUTES) ||
    a.lateRiskMinutes - b.lateRiskMinutes ||
    a.deliveredToday - b.deliveredToday ||
    a.score - b.score ||
    a.courierId - b.courierId
  );
}

/**
 * The Assign dialog's suggestions in the autopilot's order (decision W12): the couriers
 * `rankForJob` ranks come first, best first, with its reason ("6 min away, idle"); the others
 * (offline, another zone, who declined) follow as the dialog ranked them.
 */
export function inAutopilotOrder(suggestions: readonly CourierSuggestion[], ranked: readonly RankedCourier[]): CourierSuggestion[] {
  const place = new Map(ranked.map((candidate, index) => [candidate.courierId, index]));
  const first = suggestions
    .filter((suggestion) => place.has(suggestion.courierId))
    .sort((a, b) => place.get(a.courierId)! - place.get(b.courierId)!)
    .map((suggestion) => ({ ...suggestion, reason: ranked[place.get(suggestion.courierId)!].reason }));
  return [...first, ...suggestions.filter((suggestion) => !place.has(suggestion.courierId))];
}

/** The eligible couriers for a job, best first, each with its reason; and the others, each with why not. */
export function rankForJob(
  couriers: readonly AutopilotCourier[],
  job: DispatchJob,
  context: RankingContext,
): { ranked: RankedCourier[]; notEligible: NotEligible[] } {
  const ranked: RankedCourier[] = [];
  const notEligible: NotEligible[] = [];
  for (const courier of couriers) {
    const why = ineligibility(courier, job, context);
    if (why) notEligible.push({ courierId: courier.id, name: courier.name, why });
    else ranked.push(weigh(courier, job, context.now));
  }
  return { ranked: ranked.sort(compareRanked), notEligible };
}
