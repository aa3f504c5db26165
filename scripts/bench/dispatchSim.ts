/**
 * One simulated day in virtual time (issue 30): couriers drive their routes leg by leg at the
 * app's estimate, answer offers by their habits, go offline and come back; a policy dispatches
 * the orders through the autopilot's engine (src/domain/autopilot) or as a dispatcher would.
 */
import { weigh, type AutopilotCourier, type DispatchJob } from '../../src/domain/autopilot/ranking';
import { bestInsertion, type RouteStop } from '../../src/domain/autopilot/route';
import { dueAt, type AutopilotSettings } from '../../src/domain/autopilot/settings';
import { haversineMeters, type LatLng } from '../../src/domain/geo';
import { LATE_TOLERANCE_MINUTES, STOP_SERVICE_MINUTES, seededRandom } from '../../src/domain/routeOptimizer';
import { estimatedLeg } from '../../src/domain/routePlan';
import { DAY_HOURS, DAY_START, type SimCourier, type SimDay, type SimOrder } from './dispatchDay';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
export const TICK = 15 * SECOND;
export const TODAY = '2026-11-27';

interface CourierState {
  profile: SimCourier;
  position: LatLng;
  route: RouteStop[];
  /** The leg being driven to route[0], or null at a stop or idle. */
  leg: { from: LatLng; startsAt: number; arrivesAt: number; miles: number } | null;
  /** When they are done at the stop they are at. */
  freeAt: number;
  held: Set<number>;
  aboard: Set<number>;
  delivered: number;
  /** Offers (or assignments) awaiting their answer: never offered another meanwhile. */
  pending: number;
  wasOnline: boolean;
}

export interface OrderState {
  order: SimOrder;
  /** open: nobody dispatched it yet; then in the hands of a policy, then delivered. */
  status: 'open' | 'dispatching' | 'taken' | 'delivered';
  declinedBy: number[];
  offers: number;
  needsPerson: boolean;
  pickupWaitMinutes: number | null;
  late: boolean;
  dropsLeft: number;
}

export interface DayMetrics {
  orders: number;
  delivered: number;
  onTime: number;
  pickupWaits: number[];
  loadedMiles: number;
  emptyMiles: number;
  courierHours: number;
  offers: number;
  neededPerson: number;
}

/** How one policy dispatches during one simulated day. */
export interface Dispatcher {
  /** Called every tick with the open orders placed by now and when each is due. */
  dispatch(open: ReadonlyArray<{ state: OrderState; dueAt: number }>, now: number): void;
  wentOffline?(courierId: number, now: number): void;
}

export interface Policy {
  name: string;
  create(simulation: Simulation): Dispatcher;
}

const draw = (...keys: number[]) => seededRandom(keys.reduce((hash, key) => Math.imul(hash ^ key, 0x9e3779b1) >>> 0, 2166136261))();

export class Simulation {
  readonly couriers: CourierState[];
  readonly orders: OrderState[];
  private readonly events: Array<{ at: number; run: (now: number) => void }> = [];
  now = DAY_START;

  constructor(
    day: SimDay,
    readonly settings: AutopilotSettings,
  ) {
    this.couriers = day.couriers.map((profile) => ({
      profile,
      position: profile.home,
      route: [],
      leg: null,
      freeAt: 0,
      held: new Set(),
      aboard: new Set(),
      delivered: 0,
      pending: 0,
      wasOnline: false,
    }));
    this.orders = day.orders.map((order) => ({
      order,
      status: 'open',
      declinedBy: [],
      offers: 0,
      needsPerson: false,
      pickupWaitMinutes: null,
      late: false,
      dropsLeft: order.stops.length - 1,
    }));
  }

  isOnline(courier: CourierState, now: number): boolean {
    const { shift, offlineBreak } = courier.profile;
    return now >= shift.from && now < shift.to && !(offlineBreak && now >= offlineBreak.from && now < offlineBreak.to);
  }

  /** Where the courier is now, along the leg they drive. */
  positionOf(courier: CourierState, now: number): LatLng {
    if (!courier.leg) return courier.position;
    const { from, startsAt, arrivesAt } = courier.leg;
    const to = courier.route[0].point;
    const done = Math.min(1, Math.max(0, (now - startsAt) / Math.max(1, arrivesAt - startsAt)));
    return { lat: from.lat + (to.lat - from.lat) * done, lng: from.lng + (to.lng - from.lng) * done };
  }

  /** The courier as the engine sees them now. */
  view(courier: CourierState, now: number): AutopilotCourier {
    return {
      id: courier.profile.id,
      name: courier.profile.name,
      isActive: true,
      vehicleType: 'sedan',
      driversLicenseExpiry: '2099-01-01',
      insuranceExpiry: '2099-01-01',
      online: this.isOnline(courier, now) && courier.pending === 0,
      position: this.positionOf(courier, now),
      route: courier.route,
      heldOrders: courier.held.size,
      deliveredToday: courier.delivered,
    };
  }

  views(now: number): AutopilotCourier[] {
    return this.couriers.map((courier) => this.view(courier, now));
  }

  courier(id: number): CourierState {
    return this.couriers[id - 1];
  }

  orderState(id: number): OrderState {
    return this.orders[id - 1];
  }

  schedule(at: number, run: (now: number) => void): void {
    this.events.push({ at, run });
  }

  /** Runs the scheduled events due by `now`, earliest first, including those they schedule. */
  runEvents(now: number): void {
    for (;;) {
      let next = -1;
      for (let index = 0; index < this.events.length; index++)
        if (this.events[index].at <= now && (next < 0 || this.events[index].at < this.events[next].at)) next = index;
      if (next < 0) return;
      // Events happen at the tick's time: answers and timeouts are seconds apart, ticks TICK.
      this.events.splice(next, 1)[0].run(now);
    }
  }

  jobOf(states: readonly OrderState[]): DispatchJob {
    return {
      orderIds: states.map((state) => state.order.id),
      stops: states[0].order.stops,
      requiredVehicleTypes: [],
      missedBy: null,
      declinedBy: [...new Set(states.flatMap((state) => state.declinedBy))],
    };
  }

  /** Gives the courier the job where it fits best in their route ('end' as a dispatcher appends it). */
  take(courier: CourierState, job: DispatchJob, now: number, where: 'best' | 'end'): void {
    this.stopDriving(courier, now);
    const insertion =
      where === 'best' ? weigh(this.view(courier, now), job, now).insertion : bestInsertion(courier.position, now, courier.route, job.stops, 'end');
    courier.route = insertion.route;
    for (const id of job.orderIds) {
      courier.held.add(id);
      this.orderState(id).status = 'taken';
    }
    courier.freeAt = Math.max(courier.freeAt, now);
    this.advance(courier, now);
  }

  /** A route changed under a courier mid-leg: they stop where they are and drive on from there. */
  private stopDriving(courier: CourierState, now: number): void {
    if (!courier.leg) return;
    const position = this.positionOf(courier, now);
    const { startsAt, arrivesAt, miles } = courier.leg;
    this.countMiles(courier, miles * Math.min(1, (now - startsAt) / Math.max(1, arrivesAt - startsAt)));
    courier.position = position;
    courier.leg = null;
    courier.freeAt = now;
  }

  loadedMiles = 0;
  emptyMiles = 0;

  private countMiles(courier: CourierState, miles: number): void {
    if (courier.aboard.size) this.loadedMiles += miles;
    else this.emptyMiles += miles;
  }

  /** Drives the courier on through every stop they reach by `now`. */
  advance(courier: CourierState, now: number): void {
    for (;;) {
      if (courier.freeAt > now) return;
      if (courier.leg) {
        if (courier.leg.arrivesAt > now) return;
        this.arrive(courier);
      } else if (courier.route.length) {
        const leg = estimatedLeg(courier.position, courier.route[0].point);
        courier.leg = { from: courier.position, startsAt: courier.freeAt, arrivesAt: courier.freeAt + leg.minutes * MINUTE, miles: leg.miles };
      } else return;
    }
  }

  private arrive(courier: CourierState): void {
    const stop = courier.route.shift()!;
    let time = courier.leg!.arrivesAt;
    this.countMiles(courier, courier.leg!.miles);
    courier.leg = null;
    courier.position = stop.point;
    for (const id of stop.orderIds) {
      const state = this.orderState(id);
      if (stop.kind === 'pickup') {
        state.pickupWaitMinutes = Math.max(0, time - stop.at) / MINUTE;
        courier.aboard.add(id);
        continue;
      }
      if ((time - stop.at) / MINUTE > LATE_TOLERANCE_MINUTES) state.late = true;
      if (--state.dropsLeft > 0) continue;
      state.status = 'delivered';
      courier.aboard.delete(id);
      courier.held.delete(id);
      courier.delivered++;
    }
    if (stop.kind === 'pickup') time = Math.max(time, stop.at);
    courier.freeAt = time + STOP_SERVICE_MINUTES * MINUTE;
  }

  /** Minutes to the pickup from the nearest courier online now (the travel time of `dueAt`). */
  private travelMinutes(order: SimOrder, now: number): number {
    let nearest: LatLng | null = null;
    let nearestMeters = Infinity;
    for (const courier of this.couriers) {
      if (!this.isOnline(courier, now)) continue;
      const position = this.positionOf(courier, now);
      const meters = haversineMeters(position, order.stops[0].point);
      if (meters < nearestMeters) [nearest, nearestMeters] = [position, meters];
    }
    return nearest ? estimatedLeg(nearest, order.stops[0].point).minutes : 0;
  }

  /** The open orders placed by now, with when each is due. */
  openOrders(now: number): Array<{ state: OrderState; dueAt: number }> {
    return this.orders
      .filter((state) => state.status === 'open' && state.order.createdAt <= now && state.order.stops[0].at - now < 4 * 60 * MINUTE)
      .map((state) => ({
        state,
        dueAt: Math.max(state.order.createdAt, dueAt({ pickupTime: state.order.stops[0].at }, this.settings, this.travelMinutes(state.order, now))),
      }));
  }
}

/** The courier's answer to an offer of an order: the same for the same courier and order in every policy. */
export function answerOf(courier: SimCourier, orderId: number, attempt: number): { answer: 'accept' | 'decline' | 'ignore'; afterSeconds: number } {
  const roll = draw(courier.id, orderId, attempt);
  const afterSeconds = 5 + Math.round(draw(orderId, courier.id, attempt, 1) * 35);
  if (roll < courier.declineRate) return { answer: 'decline', afterSeconds };
  return { answer: roll < courier.declineRate + courier.ignoreRate ? 'ignore' : 'accept', afterSeconds };
}

/** Online hours within the day, less breaks. */
function courierHours(courier: SimCourier): number {
  const end = DAY_START + DAY_HOURS * 60 * MINUTE;
  const online = Math.min(end, courier.shift.to) - Math.max(DAY_START, courier.shift.from);
  const onBreak = courier.offlineBreak ? Math.max(0, Math.min(courier.shift.to, courier.offlineBreak.to) - courier.offlineBreak.from) : 0;
  return Math.max(0, online - onBreak) / (60 * MINUTE);
}

/** Runs the day under a policy until every order is delivered (or four hours after the day ends). */
export function simulateDay(day: SimDay, settings: AutopilotSettings, policy: Policy): DayMetrics {
  const simulation = new Simulation(day, settings);
  const dispatcher = policy.create(simulation);
  const stopAt = DAY_START + (DAY_HOURS + 4) * 60 * MINUTE;
  for (let now = DAY_START - 15 * MINUTE; now <= stopAt; now += TICK) {
    simulation.now = now;
    simulation.runEvents(now);
    for (const courier of simulation.couriers) {
      simulation.advance(courier, now);
      const online = simulation.isOnline(courier, now);
      if (courier.wasOnline && !online && courier.pending) dispatcher.wentOffline?.(courier.profile.id, now);
      courier.wasOnline = online;
    }
    dispatcher.dispatch(simulation.openOrders(now), now);
    simulation.runEvents(now);
    if (now > DAY_START + DAY_HOURS * 60 * MINUTE && simulation.orders.every((state) => state.status === 'delivered')) break;
  }
  const delivered = simulation.orders.filter((state) => state.status === 'delivered');
  return {
    orders: simulation.orders.length,
    delivered: delivered.length,
    onTime: delivered.filter((state) => !state.late).length,
    pickupWaits: simulation.orders.flatMap((state) => (state.pickupWaitMinutes == null ? [] : [state.pickupWaitMinutes])),
    loadedMiles: simulation.loadedMiles,
    emptyMiles: simulation.emptyMiles,
    courierHours: day.couriers.reduce((sum, courier) => sum + courierHours(courier), 0),
    offers: simulation.orders.reduce((sum, state) => sum + state.offers, 0),
    neededPerson: simulation.orders.filter((state) => state.needsPerson).length,
  };
}
