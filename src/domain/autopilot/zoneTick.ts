/**
 * One pass of a zone's autopilot (issue 30, decision W12): from the zone as the database has it
 * now (its open orders, each with its cascade, and its couriers), what happened to each order
 * since the last pass (due, accepted, declined, timed out, taken by the dispatcher), the
 * cascade's next step for it, and when the zone must be looked at again. Orders are decided one
 * after another, most urgent first, each seeing the couriers as the earlier decisions left them:
 * two orders never take one courier's last slot, and a courier never holds two offers at once.
 */
import { COURIER_HELD_STATUSES, isFinished, type OrderStatus } from '../orderStatus';
import { nextCascade, INITIAL_CASCADE, type CascadeEvent, type CascadeState, type HistoryLine } from './cascade';
import { dueJobs } from './batching';
import { rankForJob, type AutopilotCourier, type DispatchJob, type RankedCourier } from './ranking';
import { estimatedLeg } from '../routePlan';
import { dueAt, type AutopilotSettings } from './settings';

export interface ZoneCourier extends AutopilotCourier {
  /** Opted in to take orders without an offer (auto-assign zones). */
  acceptsAutomatically: boolean;
}

export interface ZoneOrder {
  id: number;
  /** What the history calls it ("#10346"); its id when not given. */
  orderNumber?: string;
  status: OrderStatus;
  courierId: number | null;
  /** The order as one job; null when its pickup or drop has no location (a person must place it). */
  job: DispatchJob | null;
  /** Its cascade so far; null when the autopilot has not touched it. */
  cascade: CascadeState | null;
}

export interface ZoneSnapshot {
  settings: AutopilotSettings;
  paused: boolean;
  orders: readonly ZoneOrder[];
  couriers: readonly ZoneCourier[];
}

/** What to write for one order: its change (compare-and-set on what was read), its cascade and history. */
export interface OrderDecision {
  orderId: number;
  /** The order as read: the change applies only if it still is. */
  read: { status: OrderStatus; courierId: number | null };
  /** The new status and holder, or null when only the cascade and history change. */
  change: { to: OrderStatus; courierId: number | null; offerExpiresAt: number | null } | null;
  cascade: CascadeState;
  history: HistoryLine[];
  /** A courier who let their offer run out: they are not offered it again, not even with the zone. */
  lapsedCourierId: number | null;
  /** The dispatcher must act (the order leads their queue, and they are alerted). */
  alert: string | null;
}

export interface ZoneTick {
  decisions: OrderDecision[];
  /** When the zone must be looked at again (an offer ends, an order comes due), or null. */
  wakeAt: number | null;
}

const MINUTE = 60_000;
/** Couriers named with why they could not take an order nobody could. */
const WHY_NOT_SHOWN = 3;
const SETTLED: ReadonlySet<CascadeState['phase']> = new Set(['assigned', 'manual']);

/** Minutes from the nearest courier online to the job's pickup (the travel time `dueAt` allows for). */
function travelMinutes(job: DispatchJob, couriers: readonly ZoneCourier[]): number {
  let nearest = Infinity;
  for (const courier of couriers)
    if (courier.online && courier.position) nearest = Math.min(nearest, estimatedLeg(courier.position, job.stops[0].point).minutes);
  return Number.isFinite(nearest) ? nearest : 0;
}

/** When the order is due, read from its pickup time. */
export const orderDueAt = (job: DispatchJob, settings: AutopilotSettings, couriers: readonly ZoneCourier[]) =>
  dueAt({ pickupTime: job.stops[0].at }, settings, travelMinutes(job, couriers));

/** What happened to an order since its cascade's last step, read from the order as it is; null when nothing did. */
function observedEvent(order: ZoneOrder, state: CascadeState, now: number, online: ReadonlySet<number>): CascadeEvent | null {
  const { status, courierId } = order;
  const heldBy = COURIER_HELD_STATUSES.has(status) && status !== 'assigned' ? courierId : null;
  switch (state.phase) {
    case 'waiting':
      return null;
    case 'single':
      if (status === 'assigned' && state.courierId != null && courierId === state.courierId) {
        if (state.expiresAt != null && state.expiresAt <= now) return { type: 'timed_out' };
        return online.has(state.courierId) ? null : { type: 'courier_unavailable', courierId: state.courierId };
      }
      if (status === 'courier_rejected' && (courierId == null || courierId === state.courierId)) return { type: 'declined', courierId: state.courierId! };
      if (heldBy != null && heldBy === state.courierId) return { type: 'accepted', courierId: heldBy };
      return { type: 'taken_back_by_dispatcher' };
    case 'zone':
    case 'needs_person':
      if (heldBy != null) return { type: 'accepted', courierId: heldBy };
      if (status !== 'pending_courier') return { type: 'taken_back_by_dispatcher' };
      return state.phase === 'zone' && state.expiresAt != null && state.expiresAt <= now ? { type: 'timed_out' } : null;
    default:
      return null;
  }
}

/** The status change an action of the cascade makes. */
function changeFor(actions: ReturnType<typeof nextCascade>['actions']): OrderDecision['change'] {
  for (const action of actions) {
    if (action.type === 'offer_to') return { to: 'assigned', courierId: action.courierId, offerExpiresAt: action.expiresAt };
    if (action.type === 'offer_to_zone') return { to: 'pending_courier', courierId: null, offerExpiresAt: null };
    if (action.type === 'assign_to') return { to: 'courier_confirmed', courierId: action.courierId, offerExpiresAt: null };
  }
  return null;
}

interface Working {
  couriers: ZoneCourier[];
  /** Couriers holding an offer made to them alone: not offered another until they answer. */
  offered: Set<number>;
}

/** The courier now holds the job: it is in their route and counts towards their load. */
function give(working: Working, courierId: number, ranked: readonly RankedCourier[], orders: number) {
  const chosen = ranked.find((candidate) => candidate.courierId === courierId);
  working.couriers = working.couriers.map((courier) =>
    courier.id === courierId ? { ...courier, heldOrders: courier.heldOrders + orders, route: chosen ? chosen.insertion.route : courier.route } : courier,
  );
}

const isWaiting = (order: ZoneOrder) =>
  (order.cascade == null || order.cascade.phase === 'waiting') && order.status === 'new' && order.courierId == null && order.job != null;

/**
 * The orders to dispatch now (dueJobs): those due, and with batching those joined into trips
 * with orders from their pickups due soon after; each trip is offered as one job to one courier,
 * who sees it as one offer (the same end). Trips by order id.
 */
function dispatchNow(snapshot: ZoneSnapshot, couriers: readonly ZoneCourier[], now: number): { due: Set<number>; trips: Map<number, DispatchJob> } {
  const { settings } = snapshot;
  const open = snapshot.orders.filter(isWaiting).map((order) => ({ job: order.job!, dueAt: orderDueAt(order.job!, settings, couriers) }));
  const jobs = dueJobs(open, now, settings.maxLoad, settings.batching);
  const trips = new Map<number, DispatchJob>();
  for (const job of jobs) if (job.orderIds.length > 1) for (const id of job.orderIds) trips.set(id, job);
  return { due: new Set(jobs.flatMap((job) => job.orderIds)), trips };
}

function decide(
  order: ZoneOrder,
  snapshot: ZoneSnapshot,
  working: Working,
  context: { now: number; today: string; nameOf: (id: number) => string },
  dispatch: { due: boolean; trip: DispatchJob | undefined },
) {
  const { trip } = dispatch;
  const { settings } = snapshot;
  const { now, today, nameOf } = context;
  const state = order.cascade ?? INITIAL_CASCADE;
  const online = new Set(working.couriers.filter((courier) => courier.online).map((courier) => courier.id));
  let event = observedEvent(order, state, now, online);
  if (!event && isWaiting(order) && dispatch.due) event = { type: 'due' };
  if (!event) return null;
  if (event.type === 'taken_back_by_dispatcher' && isFinished(order.status))
    return {
      state: { ...state, phase: 'manual' as const, courierId: null, expiresAt: null },
      actions: [],
      history: [{ at: now, text: 'the order was finished by others: the autopilot stops', weighed: [] }],
      candidates: [],
    };
  const declinedBy = [...(order.job?.declinedBy ?? []), ...state.tried];
  const own = trip ?? order.job;
  const job = own && { ...own, declinedBy };
  const { ranked, notEligible } = job ? rankForJob(working.couriers, job, { now, today, maxLoad: settings.maxLoad }) : { ranked: [], notEligible: [] };
  const candidates = ranked.filter((candidate) => !working.offered.has(candidate.courierId));
  const best = candidates.find((candidate) => !state.tried.includes(candidate.courierId));
  // Auto-assign gives the order at once only to a courier who opted in; others are offered it.
  const assigns = settings.mode === 'auto_assign' && best != null && working.couriers.find((courier) => courier.id === best.courierId)?.acceptsAutomatically;
  const step = nextCascade(state, event, { now, settings: { ...settings, mode: assigns ? 'auto_assign' : 'auto_offer' }, candidates, nameOf });
  // Offered to the zone with nobody to weigh: its line says why each courier could not take it alone.
  if (candidates.length || !step.actions.some((action) => action.type === 'offer_to_zone')) return { ...step, candidates };
  const whyNot = notEligible.slice(0, WHY_NOT_SHOWN).map((courier) => `${courier.name}: ${courier.why}`);
  const history = step.history.map((line, index) => (index === step.history.length - 1 ? { ...line, weighed: whyNot } : line));
  return { ...step, history, candidates };
}

/** A trip's step says so in its history: the orders that go together. */
function tripStep<Step extends { history: HistoryLine[] }>(
  step: Step | null,
  trip: DispatchJob | undefined,
  numberOf: ReadonlyMap<number, string>,
): Step | null {
  if (!step || !trip) return step;
  const together = `as one trip from one pickup: ${trip.orderIds.map((id) => numberOf.get(id) ?? `#${id}`).join(', ')}`;
  return { ...step, history: step.history.map((line, index) => (index === step.history.length - 1 ? { ...line, text: `${line.text}, ${together}` } : line)) };
}

/** The autopilot's decisions for a zone now, and when to look again. */
export function zoneTick(snapshot: ZoneSnapshot, now: number, today: string): ZoneTick {
  if (snapshot.paused || snapshot.settings.mode === 'manual') return { decisions: [], wakeAt: null };
  const names = new Map(snapshot.couriers.map((courier) => [courier.id, courier.name]));
  const nameOf = (id: number) => names.get(id) ?? `courier #${id}`;
  const working: Working = {
    couriers: [...snapshot.couriers],
    offered: new Set(snapshot.orders.filter((order) => order.cascade?.phase === 'single' && order.status === 'assigned').map((order) => order.courierId!)),
  };
  const urgency = (order: ZoneOrder) => order.job?.stops[0].at ?? Infinity;
  const decisions: OrderDecision[] = [];
  let wakeAt = Infinity;
  const { due, trips } = dispatchNow(snapshot, working.couriers, now);
  const numberOf = new Map(snapshot.orders.map((order) => [order.id, `#${order.orderNumber ?? order.id}`]));
  /** Each trip's step, made for its first order and shared by the others: one offer, one courier. */
  const tripSteps = new Map<DispatchJob, NonNullable<ReturnType<typeof decide>>>();
  for (const order of [...snapshot.orders].sort((a, b) => urgency(a) - urgency(b) || a.id - b.id)) {
    if (order.cascade && SETTLED.has(order.cascade.phase)) continue;
    const trip = trips.get(order.id);
    const shared = trip && tripSteps.get(trip);
    const step = shared ?? tripStep(decide(order, snapshot, working, { now, today, nameOf }, { due: due.has(order.id), trip }), trip, numberOf);
    if (trip && step && !shared) tripSteps.set(trip, step);
    const state = step?.state ?? order.cascade ?? INITIAL_CASCADE;
    if (step) {
      const change = changeFor(step.actions);
      if (order.cascade?.phase === 'single' && order.courierId != null) working.offered.delete(order.courierId);
      if (change?.courierId != null && !shared) {
        give(working, change.courierId, step.candidates, trip?.orderIds.length ?? 1);
        if (change.to === 'assigned') working.offered.add(change.courierId);
      }
      const lapsed =
        order.cascade?.phase === 'single' && state.courierId !== order.cascade.courierId && order.status === 'assigned' ? order.cascade.courierId : null;
      const alert = step.actions.find((action) => action.type === 'alert_dispatcher');
      decisions.push({
        orderId: order.id,
        read: { status: order.status, courierId: order.courierId },
        change,
        cascade: state,
        history: step.history,
        lapsedCourierId: lapsed,
        alert: alert?.type === 'alert_dispatcher' ? alert.reason : null,
      });
    }
    if (state.expiresAt != null && (state.phase === 'single' || state.phase === 'zone')) wakeAt = Math.min(wakeAt, state.expiresAt);
    else if (state.phase === 'waiting' && order.job && order.status === 'new')
      wakeAt = Math.min(wakeAt, orderDueAt(order.job, snapshot.settings, working.couriers));
  }
  return { decisions, wakeAt: Number.isFinite(wakeAt) ? Math.max(wakeAt, now + MINUTE / 60) : null };
}
