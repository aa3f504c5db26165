/**
 * A courier's work as the autopilot weighs it (issue 30, decision W11): where they are and the
 * stops ahead of them in their order, each leg estimated as the app estimates one (straight line
 * × the road factor at the average urban speed, src/domain/routePlan.ts), and where a new
 * order's pickup and drops fit into it at the least cost.
 */
import type { LatLng } from '../geo';
import { estimatedLeg, estimatedMatrix } from '../routePlan';
import { LATE_TOLERANCE_MINUTES, STOP_SERVICE_MINUTES, type TravelMatrix } from '../routeOptimizer';

const MINUTE = 60_000;

/** One stop ahead of a courier: a pickup (of one order, or of a trip's orders) or one drop of an order. */
export interface RouteStop {
  orderIds: readonly number[];
  kind: 'pickup' | 'drop';
  point: LatLng;
  /** Epoch ms. A pickup's: when the order is ready (the courier waits for it). A drop's: its deliver-by. */
  at: number;
}

/** What driving a route from a start costs. */
export interface RouteCost {
  /** Driving and stop time, without waiting at pickups: the courier's work. */
  workMinutes: number;
  /** When the last stop is done (epoch ms). */
  endsAt: number;
  /** Minutes by which drops miss their deliver-by, beyond the tolerance, summed. */
  lateMinutes: number;
  /** Minutes orders wait ready at their pickups for the courier, summed. */
  pickupWaitMinutes: number;
  loadedMiles: number;
  emptyMiles: number;
}

/** A minute late to a customer weighs as much as this many minutes of a courier's driving. */
export const LATE_WEIGHT = 2;

/** One number to compare costs by: work, the food's wait, and lateness weighted. */
export const costScore = (cost: Pick<RouteCost, 'workMinutes' | 'pickupWaitMinutes' | 'lateMinutes'>) =>
  cost.workMinutes + cost.pickupWaitMinutes + LATE_WEIGHT * cost.lateMinutes;

/** The stops of one walk: per matrix point (0 is the start), its stop and the orders it puts in or takes out of the car. */
interface WalkStops {
  stops: readonly RouteStop[];
  loadChange: Int32Array;
  /** Orders in the car at the start: their pickup is behind. */
  aboard: number;
}

/**
 * The stops of routes made of `stops` without reordering any order's drops: a pickup loads its
 * orders, an order's last drop unloads it (a pharmacy route's order stays aboard to its last stop).
 */
function walkStops(stops: readonly RouteStop[]): WalkStops {
  const loadChange = new Int32Array(stops.length + 1);
  const lastDrop = new Map<number, number>();
  const pickedUpAhead = new Set<number>();
  stops.forEach((stop, index) => {
    if (stop.kind === 'pickup') {
      loadChange[index + 1] = stop.orderIds.length;
      for (const id of stop.orderIds) pickedUpAhead.add(id);
    } else lastDrop.set(stop.orderIds[0], index);
  });
  for (const index of lastDrop.values()) loadChange[index + 1] = -1;
  return { stops, loadChange, aboard: [...lastDrop.keys()].filter((id) => !pickedUpAhead.has(id)).length };
}

/**
 * Walks a route given as matrix points (0 is the start): legs at the matrix's minutes,
 * STOP_SERVICE_MINUTES at every stop, waiting at a pickup until it is ready.
 */
function walk(matrix: TravelMatrix, { stops, loadChange, aboard }: WalkStops, sequence: ArrayLike<number>, length: number, now: number): RouteCost {
  const { size, miles, minutes } = matrix;
  let time = now;
  let previous = 0;
  let load = aboard;
  const cost: RouteCost = { workMinutes: 0, endsAt: now, lateMinutes: 0, pickupWaitMinutes: 0, loadedMiles: 0, emptyMiles: 0 };
  for (let position = 0; position < length; position++) {
    const point = sequence[position];
    const stop = stops[point - 1];
    const leg = previous * size + point;
    if (load > 0) cost.loadedMiles += miles[leg];
    else cost.emptyMiles += miles[leg];
    cost.workMinutes += minutes[leg] + STOP_SERVICE_MINUTES;
    time += minutes[leg] * MINUTE;
    if (stop.kind === 'pickup') {
      cost.pickupWaitMinutes += Math.max(0, time - stop.at) / MINUTE;
      time = Math.max(time, stop.at);
    } else cost.lateMinutes += Math.max(0, (time - stop.at) / MINUTE - LATE_TOLERANCE_MINUTES);
    load += loadChange[point];
    time += STOP_SERVICE_MINUTES * MINUTE;
    previous = point;
  }
  cost.endsAt = time;
  return cost;
}

/** The cost of driving a route from a position now. */
export function routeCost(start: LatLng, now: number, route: readonly RouteStop[]): RouteCost {
  const matrix = estimatedMatrix([start, ...route.map((stop) => stop.point)]);
  return walk(
    matrix,
    walkStops(route),
    route.map((_, index) => index + 1),
    route.length,
    now,
  );
}

/**
 * The legs an insertion can drive, estimated, and no others (the rest stay 0): along the route,
 * along the job, and between any point of the route (the start included) and any of the job,
 * both ways. A full matrix of a long route would cost most of a decision among 500 couriers.
 */
function insertionMatrix(points: readonly LatLng[], held: number): TravelMatrix {
  const size = points.length;
  const miles = new Float64Array(size * size);
  const minutes = new Float64Array(size * size);
  const estimate = (from: number, to: number) => {
    const leg = estimatedLeg(points[from], points[to]);
    miles[from * size + to] = leg.miles;
    minutes[from * size + to] = leg.minutes;
  };
  for (let point = 1; point < size; point++) if (point !== held + 1) estimate(point - 1, point);
  for (let routePoint = 0; routePoint <= held; routePoint++) {
    for (let jobPoint = held + 1; jobPoint < size; jobPoint++) {
      estimate(routePoint, jobPoint);
      if (routePoint > 0) estimate(jobPoint, routePoint);
    }
  }
  return { size, miles, minutes };
}

export interface Insertion {
  /** The route with the new stops in it. */
  route: RouteStop[];
  before: RouteCost;
  after: RouteCost;
  /** Minutes from the start to the new pickup along the new route, stops before it included. */
  minutesToPickup: number;
}

/**
 * Where a job's pickup and drops (kept together, in their order, after the pickup) fit into a
 * route at the least cost (costScore), the stops already there keeping their order. 'end' only
 * appends them, as a dispatcher who does not look at the route would.
 */
export function bestInsertion(start: LatLng, now: number, route: readonly RouteStop[], job: readonly RouteStop[], where: 'best' | 'end' = 'best'): Insertion {
  const stops = [...route, ...job];
  const matrix = insertionMatrix([start, ...stops.map((stop) => stop.point)], route.length);
  const held = route.length;
  const walking = walkStops(stops);
  const sequence = new Int32Array(stops.length);
  const build = (pickupAt: number, dropsAt: number) => {
    let write = 0;
    for (let index = 0; index <= held; index++) {
      if (index === pickupAt) sequence[write++] = held + 1;
      if (index === dropsAt) for (let drop = 1; drop < job.length; drop++) sequence[write++] = held + 1 + drop;
      if (index < held) sequence[write++] = index + 1;
    }
  };
  const before = walk(
    matrix,
    walking,
    Int32Array.from(route, (_, index) => index + 1),
    held,
    now,
  );
  let best: { pickupAt: number; dropsAt: number; cost: RouteCost } | null = null;
  for (let pickupAt = where === 'end' ? held : 0; pickupAt <= held; pickupAt++) {
    for (let dropsAt = pickupAt; dropsAt <= held; dropsAt++) {
      build(pickupAt, dropsAt);
      const cost = walk(matrix, walking, sequence, stops.length, now);
      if (!best || costScore(cost) < costScore(best.cost)) best = { pickupAt, dropsAt, cost };
    }
  }
  build(best!.pickupAt, best!.dropsAt);
  const order = Array.from(sequence, (point) => stops[point - 1]);
  const toPickup = walk(matrix, walking, sequence, best!.pickupAt + 1, now);
  return { route: order, before, after: best!.cost, minutesToPickup: toPickup.workMinutes - STOP_SERVICE_MINUTES };
}
