/**
 * Trips (issue 30, decision W11): orders from the same pickup, ready within a few minutes of
 * each other, whose deliver-by times can all be met on one drive go to one courier as one job,
 * their drops in the best order (the route optimizer, src/domain/routeOptimizer.ts).
 */
import { estimatedMatrix } from '../routePlan';
import { optimizeRoute, STOP_SERVICE_MINUTES } from '../routeOptimizer';
import type { DispatchJob } from './ranking';
import type { RouteStop } from './route';

const MINUTE = 60_000;

/** Orders ready further apart than this are not held for each other: the first one's food would wait. */
export const BATCH_READY_WINDOW_MINUTES = 10;

/** A single-order job with one drop, nobody missed, may join a trip; others go alone. */
const batchable = (job: DispatchJob) => job.orderIds.length === 1 && job.stops.length === 2 && job.missedBy == null;

const pickupKey = (job: DispatchJob) => `${job.stops[0].point.lat},${job.stops[0].point.lng}|${[...job.requiredVehicleTypes].sort().join(',')}`;

/** The trip of these single-order jobs from one pickup in its best order, or null when a drop would be late. */
export function tripOf(jobs: readonly DispatchJob[]): DispatchJob | null {
  const pickup = jobs[0].stops[0];
  const readyAt = Math.max(...jobs.map((job) => job.stops[0].at));
  const drops = jobs.map((job) => job.stops[1]);
  const leavesAt = readyAt + STOP_SERVICE_MINUTES * MINUTE;
  const best = optimizeRoute({
    matrix: estimatedMatrix([pickup.point, ...drops.map((drop) => drop.point)]),
    deadlines: drops.map((drop) => (drop.at - leavesAt) / MINUTE),
  });
  if (best.lateMinutes > 0) return null;
  const orderIds = jobs.flatMap((job) => job.orderIds);
  const pickupStop: RouteStop = { orderIds, kind: 'pickup', point: pickup.point, at: readyAt };
  return {
    orderIds,
    stops: [pickupStop, ...best.order.map((index) => drops[index])],
    requiredVehicleTypes: jobs[0].requiredVehicleTypes,
    missedBy: null,
    declinedBy: [...new Set(jobs.flatMap((job) => job.declinedBy))],
  };
}

/** Orders from a due order's pickup that fall due within this long may join its trip. */
export const TRIP_LOOKAHEAD_MINUTES = 10;

/**
 * What to dispatch now (issue 30): the due orders' jobs and, with trips on, the trips they make
 * with orders from their pickups due within TRIP_LOOKAHEAD_MINUTES; an order not yet due is
 * dispatched early only inside such a trip.
 */
export function dueJobs(open: ReadonlyArray<{ job: DispatchJob; dueAt: number }>, now: number, maxLoad: number, trips: boolean): DispatchJob[] {
  const due = open.filter(({ dueAt }) => dueAt <= now);
  if (!trips) return due.map(({ job }) => job);
  const pickups = new Set(due.map(({ job }) => pickupKey(job)));
  const soon = open.filter(({ job, dueAt }) => dueAt > now && dueAt <= now + TRIP_LOOKAHEAD_MINUTES * MINUTE && pickups.has(pickupKey(job)));
  const dueIds = new Set(due.flatMap(({ job }) => job.orderIds));
  return batchTrips(
    [...due, ...soon].map(({ job }) => job),
    maxLoad,
  ).filter((job) => job.orderIds.some((id) => dueIds.has(id)));
}

/**
 * The jobs with orders from one pickup joined into trips of at most `maxLoad` orders, earliest
 * ready first: each order joins the first trip it keeps on time, or starts one. Deterministic.
 */
export function batchTrips(jobs: readonly DispatchJob[], maxLoad: number): DispatchJob[] {
  const alone = jobs.filter((job) => !batchable(job));
  const groups = new Map<string, DispatchJob[]>();
  for (const job of jobs.filter(batchable).sort((a, b) => a.stops[0].at - b.stops[0].at || a.orderIds[0] - b.orderIds[0])) {
    const key = pickupKey(job);
    groups.set(key, [...(groups.get(key) ?? []), job]);
  }
  const trips: Array<{ members: DispatchJob[]; job: DispatchJob }> = [];
  for (const group of groups.values()) {
    const open: typeof trips = [];
    for (const job of group) {
      const joined = open.find((entry) => {
        if (entry.members.length >= maxLoad || job.stops[0].at - entry.members[0].stops[0].at > BATCH_READY_WINDOW_MINUTES * MINUTE) return false;
        const trip = tripOf([...entry.members, job]);
        if (!trip) return false;
        entry.members.push(job);
        entry.job = trip;
        return true;
      });
      if (!joined) open.push({ members: [job], job });
    }
    trips.push(...open);
  }
  return [...alone, ...trips.map(({ job }) => job)];
}
