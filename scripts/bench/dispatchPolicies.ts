/**
 * The policies the simulated day compares (issue 30): a dispatcher who gives each order to the
 * nearest online courier; the autopilot's offer cascade, with and without trips; plan-all every
 * five minutes. Where the autopilot gives up, the dispatcher steps in as in the baseline.
 */
import { dueJobs } from '../../src/domain/autopilot/batching';
import { INITIAL_CASCADE, nextCascade, type CascadeAction, type CascadeEvent, type CascadeState } from '../../src/domain/autopilot/cascade';
import { planZone } from '../../src/domain/autopilot/plan';
import { rankForJob, type DispatchJob } from '../../src/domain/autopilot/ranking';
import { haversineMeters } from '../../src/domain/geo';
import { answerOf, TODAY, type OrderState, type Policy, type Simulation } from './dispatchSim';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** How often plan-all is run. */
const PLAN_EVERY_MINUTES = 5;

const statesOf = (simulation: Simulation, job: DispatchJob) => job.orderIds.map((id) => simulation.orderState(id));

function declinedBy(simulation: Simulation, job: DispatchJob, courierId: number): void {
  for (const state of statesOf(simulation, job)) state.declinedBy.push(courierId);
}

function countOffer(simulation: Simulation, job: DispatchJob): number {
  const states = statesOf(simulation, job);
  for (const state of states) state.offers++;
  return states[0].offers;
}

/**
 * The dispatcher at the console: 2–4 minutes after the order needs them, the nearest online
 * courier with room who has not declined it; the job appended to that courier's route.
 */
export function personAssigns(simulation: Simulation, job: DispatchJob, now: number): void {
  const states = statesOf(simulation, job);
  for (const state of states) [state.needsPerson, state.status] = [true, 'dispatching'];
  const reaction = (2 + ((states[0].order.id * 7 + states[0].offers * 13) % 21) / 10) * MINUTE;
  simulation.schedule(now + reaction, (at) => {
    const refused = new Set(states.flatMap((state) => state.declinedBy));
    const pickup = job.stops[0].point;
    const nearest = simulation.couriers
      .filter((courier) => simulation.isOnline(courier, at) && courier.pending === 0 && !refused.has(courier.profile.id))
      .filter((courier) => courier.held.size + job.orderIds.length <= simulation.settings.maxLoad)
      .sort((a, b) => haversineMeters(simulation.positionOf(a, at), pickup) - haversineMeters(simulation.positionOf(b, at), pickup))[0];
    if (!nearest) return personAssigns(simulation, job, at - reaction + MINUTE);
    const { answer, afterSeconds } = answerOf(nearest.profile, job.orderIds[0], countOffer(simulation, job));
    nearest.pending++;
    simulation.schedule(at + (answer === 'ignore' ? simulation.settings.offerSeconds : afterSeconds) * SECOND, (answeredAt) => {
      nearest.pending--;
      if (answer === 'accept') return simulation.take(nearest, job, answeredAt, 'end');
      declinedBy(simulation, job, nearest.profile.id);
      personAssigns(simulation, job, answeredAt);
    });
  });
}

export const nearestCourierBaseline: Policy = {
  name: 'Dispatcher, nearest online courier (baseline)',
  create: (simulation) => ({
    dispatch(open, now) {
      for (const { state, dueAt } of open) if (dueAt <= now) personAssigns(simulation, simulation.jobOf([state]), now);
    },
  }),
};

/** The autopilot's offer cascade for each job, driven by its events as the zone's Durable Object would. */
class Cascades {
  private readonly jobs: Array<{ job: DispatchJob; state: CascadeState }> = [];

  constructor(private readonly simulation: Simulation) {}

  start(job: DispatchJob, now: number): void {
    for (const state of statesOf(this.simulation, job)) state.status = 'dispatching';
    const entry = { job, state: INITIAL_CASCADE };
    this.jobs.push(entry);
    this.step(entry, { type: 'due' }, now);
  }

  /** Couriers who went offline with an offer pending. */
  wentOffline(courierId: number, now: number): void {
    for (const entry of this.jobs)
      if (entry.state.phase === 'single' && entry.state.courierId === courierId) this.step(entry, { type: 'courier_unavailable', courierId }, now);
  }

  private step(entry: { job: DispatchJob; state: CascadeState }, event: CascadeEvent, now: number): void {
    const { simulation } = this;
    const job = { ...entry.job, declinedBy: [...new Set(statesOf(simulation, entry.job).flatMap((state) => state.declinedBy))] };
    const candidates = rankForJob(simulation.views(now), job, { now, today: TODAY, maxLoad: simulation.settings.maxLoad }).ranked;
    const step = nextCascade(entry.state, event, { now, settings: simulation.settings, candidates, nameOf: (id) => simulation.courier(id).profile.name });
    entry.state = step.state;
    if (event.type === 'accepted' && step.state.phase === 'assigned') simulation.take(simulation.courier(event.courierId), entry.job, now, 'best');
    for (const action of step.actions)
      this.perform(
        entry,
        action,
        candidates.map((candidate) => candidate.courierId),
      );
  }

  private perform(entry: { job: DispatchJob; state: CascadeState }, action: CascadeAction, ranked: number[]): void {
    const { simulation } = this;
    const { job } = entry;
    const now = simulation.now;
    const timeout = (expiresAt: number) =>
      simulation.schedule(expiresAt, (at) => {
        if (entry.state.expiresAt === expiresAt) this.step(entry, { type: 'timed_out' }, at);
      });
    switch (action.type) {
      case 'offer_to': {
        const courier = simulation.courier(action.courierId);
        const { answer, afterSeconds } = answerOf(courier.profile, job.orderIds[0], countOffer(simulation, job));
        courier.pending++;
        if (answer === 'ignore') declinedBy(simulation, job, action.courierId);
        simulation.schedule(answer === 'ignore' ? action.expiresAt : now + afterSeconds * SECOND, (at) => {
          courier.pending--;
          if (answer === 'ignore') return;
          if (answer === 'decline') declinedBy(simulation, job, action.courierId);
          this.step(entry, answer === 'accept' ? { type: 'accepted', courierId: action.courierId } : { type: 'declined', courierId: action.courierId }, at);
        });
        return timeout(action.expiresAt);
      }
      case 'offer_to_zone': {
        countOffer(simulation, job);
        // The zone sees the offer; within 1–4 minutes the first of the ranked couriers willing to take it does.
        const taker = ranked.find((id) => answerOf(simulation.courier(id).profile, job.orderIds[0], 100 + id).answer === 'accept');
        const after = (1 + ((job.orderIds[0] * 11) % 31) / 10) * MINUTE;
        if (taker == null) return timeout(action.expiresAt);
        simulation.schedule(now + after, (at) => {
          const courier = simulation.view(simulation.courier(taker), at);
          if (courier.online && courier.heldOrders + job.orderIds.length <= simulation.settings.maxLoad)
            this.step(entry, { type: 'accepted', courierId: taker }, at);
        });
        return timeout(action.expiresAt);
      }
      case 'alert_dispatcher':
        return personAssigns(simulation, job, now);
      case 'assign_to':
        return simulation.take(simulation.courier(action.courierId), job, now, 'best');
      case 'withdraw_offer':
        return;
    }
  }
}

/** The due orders, and with trips those from the same pickup due soon after, as jobs (the engine's dueJobs). */
function dueJobsOf(simulation: Simulation, open: ReadonlyArray<{ state: OrderState; dueAt: number }>, now: number, trips: boolean): DispatchJob[] {
  const jobs = open.map(({ state, dueAt }) => ({ job: simulation.jobOf([state]), dueAt }));
  return dueJobs(jobs, now, simulation.settings.maxLoad, trips);
}

export const autoOffer = (trips: boolean): Policy => ({
  name: trips ? 'Autopilot: auto-offer with trips' : 'Autopilot: auto-offer',
  create(simulation) {
    const cascades = new Cascades(simulation);
    return {
      dispatch: (open, now) => dueJobsOf(simulation, open, now, trips).forEach((job) => cascades.start(job, now)),
      wentOffline: (courierId, now) => cascades.wentOffline(courierId, now),
    };
  },
});

/**
 * Plan-all every PLAN_EVERY_MINUTES: the due orders planned at once (trips included), each
 * courier asked to accept their part; an order declined by maxSingleOffers couriers, or left
 * unplanned for zoneOfferMinutes, goes to the dispatcher.
 */
export const planAll: Policy = {
  name: 'Plan all, every 5 min',
  create(simulation) {
    const unplannedSince = new Map<number, number>();
    const { settings } = simulation;
    return {
      dispatch(open, now) {
        if ((now / MINUTE) % PLAN_EVERY_MINUTES !== 0) return;
        const jobs = dueJobsOf(simulation, open, now, true);
        const plan = planZone(jobs, simulation.views(now), { now, today: TODAY, maxLoad: settings.maxLoad, batching: false });
        for (const { job } of plan.unplanned) {
          for (const id of job.orderIds) if (!unplannedSince.has(id)) unplannedSince.set(id, now);
          if (now - unplannedSince.get(job.orderIds[0])! >= settings.zoneOfferMinutes * MINUTE) personAssigns(simulation, job, now);
        }
        for (const { job, courierId } of plan.assignments) {
          const courier = simulation.courier(courierId);
          const { answer, afterSeconds } = answerOf(courier.profile, job.orderIds[0], countOffer(simulation, job));
          for (const state of statesOf(simulation, job)) state.status = 'dispatching';
          courier.pending++;
          simulation.schedule(now + (answer === 'ignore' ? settings.offerSeconds : afterSeconds) * SECOND, (at) => {
            courier.pending--;
            if (answer === 'accept') return simulation.take(courier, job, at, 'best');
            declinedBy(simulation, job, courierId);
            const states = statesOf(simulation, job);
            if (states[0].declinedBy.length >= settings.maxSingleOffers) return personAssigns(simulation, job, at);
            for (const state of states) state.status = 'open';
          });
        }
      },
    };
  },
};
