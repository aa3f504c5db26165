/**
 * Routes in a given order and in the best order, as the server answers them (issue 18):
 * the business's route calculation and the courier's "Optimize remaining stops". The
 * best order comes from the solver (src/domain/routeOptimizer.ts) on the maps service's
 * matrix or the estimate; the route in that order is then planned like any other, so
 * its miles and fee are what a plain calculation of the same order gives. Deliver-by
 * times are judged on the planned route's own legs.
 */
import type { LatLng } from '../domain/geo';
import { optimizeRoute, timeAlong } from '../domain/routeOptimizer';
import type { RoutePlan } from '../domain/routePlan';
import { planRoute, travelMatrixBetween } from './routing';
import type { MapsServer } from './service';

const MINUTE_MS = 60_000;

export interface Timing {
  /** When the courier leaves the start (epoch ms). */
  departure: number;
  /** Per stop, its deliver-by (epoch ms), or null. */
  deliverBy: ReadonlyArray<number | null>;
  /** Per stop, the earliest it may be reached (epoch ms), or null: a courier there sooner waits. */
  deliverAfter?: ReadonlyArray<number | null>;
  /** Per stop, the minutes spent there, or null for STOP_SERVICE_MINUTES. */
  serviceMinutes?: ReadonlyArray<number | null>;
}

export interface OrderedRoute {
  /** Stop indexes in visiting order. */
  order: number[];
  plan: RoutePlan;
  /** Per stop index, when the courier is expected there (epoch ms). */
  arrivals: number[];
  /** Stop indexes reached after their deliver-by, in visiting order. */
  late: number[];
  lateMinutes: number;
}

/** A time of the route (epoch ms) in minutes after departure, or null. */
const minutesAfterDeparture = (timing: Timing, time: number | null | undefined) => (time == null ? null : (time - timing.departure) / MINUTE_MS);

/** A stop's window in the optimizer's terms (minutes after departure), and its minutes there. */
const stopTimes = (timing: Timing, stop: number) => ({
  deadline: minutesAfterDeparture(timing, timing.deliverBy[stop]),
  earliest: minutesAfterDeparture(timing, timing.deliverAfter?.[stop]),
  serviceMinutes: timing.serviceMinutes?.[stop] ?? null,
});

/** The route from `start` through the stops in `order`, with when each stop is reached. */
export async function routeInOrder(maps: MapsServer, start: LatLng, stops: readonly LatLng[], order: readonly number[], timing: Timing): Promise<OrderedRoute> {
  const plan = await planRoute(maps, [start, ...order.map((stop) => stops[stop])]);
  const timed = timeAlong(
    plan.legMinutes,
    order.map((stop) => stopTimes(timing, stop)),
  );
  const arrivals = new Array<number>(stops.length).fill(timing.departure);
  order.forEach((stop, position) => (arrivals[stop] = Math.round(timing.departure + timed.arrivals[position] * MINUTE_MS)));
  return { order: [...order], plan, arrivals, late: timed.late.map((position) => order[position]), lateMinutes: timed.lateMinutes };
}

const inGivenOrder = (count: number) => Array.from({ length: count }, (_, stop) => stop);

/** Least late first, then fewest miles (as the solver judges), on the planned routes. */
const isBetter = (a: OrderedRoute, b: OrderedRoute) => a.lateMinutes < b.lateMinutes || (a.lateMinutes === b.lateMinutes && a.plan.miles < b.plan.miles);

/**
 * The route in the given order and in the best order. The given route and the matrix are
 * asked for at once; a best order that is no better once planned (the driven route can
 * disagree a little with the matrix) gives way to the given one.
 */
export async function bestRoute(
  maps: MapsServer,
  start: LatLng,
  stops: readonly LatLng[],
  timing: Timing,
): Promise<{ given: OrderedRoute; best: OrderedRoute }> {
  const givenOrder = inGivenOrder(stops.length);
  const [given, { matrix }] = await Promise.all([routeInOrder(maps, start, stops, givenOrder, timing), travelMatrixBetween(maps, [start, ...stops])]);
  const windows = givenOrder.map((stop) => stopTimes(timing, stop));
  const { order } = optimizeRoute({
    matrix,
    deadlines: windows.map((stop) => stop.deadline),
    earliest: windows.map((stop) => stop.earliest),
    stopServiceMinutes: windows.map((stop) => stop.serviceMinutes),
  });
  if (order.every((stop, position) => stop === position)) return { given, best: given };
  const best = await routeInOrder(maps, start, stops, order, timing);
  return { given, best: isBetter(best, given) ? best : given };
}
