import { describe, expect, it } from 'vitest';
import { milesFrom, orderJob } from '../../../tests/support/autopilot';
import { batchTrips } from './batching';

describe('batchTrips', () => {
  it('joins orders from one pickup whose deliver-by times one drive meets, drops in the best order', () => {
    const jobs = [orderJob(1, milesFrom(4), 20, 75), orderJob(2, milesFrom(2), 22, 75), orderJob(3, milesFrom(6), 25, 90)];
    const [trip] = batchTrips(jobs, 3);
    expect(trip.orderIds).toEqual([1, 2, 3]);
    expect(trip.stops.map((stop) => `${stop.kind} ${stop.orderIds.join('+')}`)).toEqual(['pickup 1+2+3', 'drop 2', 'drop 1', 'drop 3']);
    expect(trip.stops[0].at).toBe(jobs[2].stops[0].at);
  });

  it('keeps apart orders one drive would make late, ready too far apart, over the max load, from elsewhere or missed', () => {
    const tight = [orderJob(1, milesFrom(5), 20, 38), orderJob(2, milesFrom(-5), 20, 38)];
    expect(batchTrips(tight, 3)).toHaveLength(2);
    expect(batchTrips([orderJob(1, milesFrom(4), 20, 90), orderJob(2, milesFrom(4), 40, 110)], 3)).toHaveLength(2);
    expect(batchTrips([orderJob(1, milesFrom(4), 20, 90), orderJob(2, milesFrom(4), 20, 90)], 1)).toHaveLength(2);
    expect(batchTrips([orderJob(1, milesFrom(4), 20, 90), orderJob(2, milesFrom(4), 20, 90, milesFrom(-1))], 3)).toHaveLength(2);
    expect(batchTrips([orderJob(1, milesFrom(4), 20, 90), { ...orderJob(2, milesFrom(4), 20, 90), missedBy: 5 }], 3)).toHaveLength(2);
  });

  it('carries the declines of every order of a trip', () => {
    const [trip] = batchTrips(
      [
        { ...orderJob(1, milesFrom(4), 20, 90), declinedBy: [7] },
        { ...orderJob(2, milesFrom(4), 20, 90), declinedBy: [8] },
      ],
      3,
    );
    expect(trip.declinedBy).toEqual([7, 8]);
  });
});
