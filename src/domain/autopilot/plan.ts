/**
 * Plan all (issue 30, decision W11): every open job of a zone to a courier at once, for the
 * dispatcher to review and confirm in one click. Greedy on the same ranking: the job whose best
 * option leaves the least slack goes first, to its best courier, whose route then holds it; the
 * jobs that courier was best for are weighed again. Deterministic: ties go to the lower order id.
 */
import { batchTrips } from './batching';
import { rankForJob, type AutopilotCourier, type DispatchJob, type RankedCourier, type RankingContext } from './ranking';
import { routeCost, type RouteStop } from './route';

const MINUTE = 60_000;

export interface PlannedJob {
  job: DispatchJob;
  courierId: number;
  name: string;
  reason: string;
  /** The courier's route with the job in it. */
  route: RouteStop[];
}

export interface ZonePlan {
  assignments: PlannedJob[];
  unplanned: Array<{ job: DispatchJob; why: string }>;
  /** Over the routes of the couriers the plan gives work to, as they would be driven. */
  totals: { lateMinutes: number; loadedMiles: number; emptyMiles: number };
}

/** Minutes to spare between reaching the pickup and the job being ready; the least is the most urgent. */
const slack = (job: DispatchJob, best: RankedCourier, now: number) => (job.stops[0].at - now) / MINUTE - best.minutesToPickup;

/** Couriers named with why they could not take a job nobody could. */
const WHY_NOT_SHOWN = 3;

/** Why nobody could take a job: each courier's reason, the first few ("Marcus R.: offline; …"). */
function whyUnplaced(notEligible: ReadonlyArray<{ name: string; why: string }>): string {
  if (!notEligible.length) return 'no courier in the zone';
  const shown = notEligible.slice(0, WHY_NOT_SHOWN).map((courier) => `${courier.name}: ${courier.why}`);
  const more = notEligible.length - shown.length;
  return `no courier could take it (${shown.join('; ')}${more > 0 ? `; ${more} more` : ''})`;
}

export function planZone(jobs: readonly DispatchJob[], couriers: readonly AutopilotCourier[], context: RankingContext & { batching: boolean }): ZonePlan {
  const open = context.batching ? batchTrips(jobs, context.maxLoad) : [...jobs];
  const working = couriers.map((courier) => ({ ...courier, route: [...courier.route] }));
  const bestFor = new Map<DispatchJob, RankedCourier | undefined>(open.map((job) => [job, rankForJob(working, job, context).ranked[0]]));
  const assignments: PlannedJob[] = [];
  const unplanned: ZonePlan['unplanned'] = [];
  while (bestFor.size) {
    let next: DispatchJob | null = null;
    let nextSlack = Infinity;
    for (const [job, best] of bestFor) {
      const jobSlack = best ? slack(job, best, context.now) : Infinity;
      if (!next || jobSlack < nextSlack || (jobSlack === nextSlack && job.orderIds[0] < next.orderIds[0])) [next, nextSlack] = [job, jobSlack];
    }
    const job = next!;
    const best = bestFor.get(job);
    bestFor.delete(job);
    if (!best) {
      unplanned.push({ job, why: whyUnplaced(rankForJob(working, job, context).notEligible) });
      continue;
    }
    const courier = working.find((candidate) => candidate.id === best.courierId)!;
    courier.route = best.insertion.route;
    courier.heldOrders += job.orderIds.length;
    assignments.push({ job, courierId: courier.id, name: courier.name, reason: best.reason, route: courier.route });
    for (const [other, otherBest] of bestFor) if (otherBest?.courierId === courier.id) bestFor.set(other, rankForJob(working, other, context).ranked[0]);
  }
  const planned = working.filter((courier) => assignments.some((assignment) => assignment.courierId === courier.id));
  const totals = { lateMinutes: 0, loadedMiles: 0, emptyMiles: 0 };
  for (const courier of planned) {
    const cost = routeCost(courier.position!, context.now, courier.route);
    totals.lateMinutes += cost.lateMinutes;
    totals.loadedMiles += cost.loadedMiles;
    totals.emptyMiles += cost.emptyMiles;
  }
  return { assignments, unplanned, totals };
}
