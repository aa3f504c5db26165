import { describe, expect, it } from 'vitest';
import { NOW, TODAY, idleCourier, milesFrom, orderJob } from '../../../tests/support/autopilot';
import { planZone } from './plan';

const context = { now: NOW, today: TODAY, maxLoad: 2, batching: false };

describe('planZone', () => {
  it('gives every job a courier, the most urgent first, and adds up the lateness and the miles', () => {
    const couriers = [idleCourier(1, milesFrom(0.5)), idleCourier(2, milesFrom(-3))];
    const relaxed = orderJob(1, milesFrom(3), 60, 150);
    const urgent = orderJob(2, milesFrom(-2), 5, 35);
    const plan = planZone([relaxed, urgent], couriers, context);
    expect(plan.assignments.map(({ job, courierId }) => `${job.orderIds[0]} → ${courierId}`)).toEqual(['2 → 1', '1 → 1']);
    expect(plan.unplanned).toEqual([]);
    expect(plan.totals.lateMinutes).toBe(0);
    expect(plan.totals.loadedMiles).toBeGreaterThan(0);
    expect(plan.totals.emptyMiles).toBeGreaterThan(0);
    expect(planZone([relaxed, urgent], couriers, context)).toEqual(plan);
  });

  it('respects the max load, batches trips when asked, and says what it could not place', () => {
    const couriers = [idleCourier(1, milesFrom(0.5))];
    const jobs = [1, 2, 3].map((id) => orderJob(id, milesFrom(3 + id * 0.2), 20, 120));
    const unbatched = planZone(jobs, couriers, context);
    expect(unbatched.assignments).toHaveLength(2);
    expect(unbatched.unplanned).toEqual([{ job: jobs[2], why: 'no courier could take it (Courier 1: holds 2 orders (max 2))' }]);
    expect(planZone(jobs.slice(0, 1), [], context).unplanned[0].why).toBe('no courier in the zone');
    const batched = planZone(jobs, couriers, { ...context, maxLoad: 3, batching: true });
    expect(batched.assignments.map(({ job }) => job.orderIds)).toEqual([[1, 2, 3]]);
  });
});
