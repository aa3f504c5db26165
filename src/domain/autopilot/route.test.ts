import { describe, expect, it } from 'vitest';
import { MINUTE, NOW, PICKUP, milesFrom, orderJob } from '../../../tests/support/autopilot';
import { estimatedLeg } from '../routePlan';
import { STOP_SERVICE_MINUTES } from '../routeOptimizer';
import { bestInsertion, costScore, LATE_WEIGHT, routeCost } from './route';

describe('routeCost', () => {
  it('drives the legs at the estimate, waits for a pickup to be ready, and splits the miles loaded and empty', () => {
    const start = milesFrom(-2);
    const [pickup, drop] = orderJob(1, milesFrom(3), 20, 60).stops;
    const cost = routeCost(start, NOW, [pickup, drop]);
    const toPickup = estimatedLeg(start, PICKUP);
    const toDrop = estimatedLeg(PICKUP, drop.point);
    expect(cost.emptyMiles).toBeCloseTo(toPickup.miles);
    expect(cost.loadedMiles).toBeCloseTo(toDrop.miles);
    expect(cost.workMinutes).toBeCloseTo(toPickup.minutes + toDrop.minutes + 2 * STOP_SERVICE_MINUTES);
    expect(cost.endsAt).toBe(NOW + (20 + STOP_SERVICE_MINUTES + toDrop.minutes + STOP_SERVICE_MINUTES) * MINUTE);
    expect(cost.lateMinutes).toBe(0);
    expect(cost.pickupWaitMinutes).toBe(0);
  });

  it('counts the minutes a ready order waits for its courier and a drop is late', () => {
    const [pickup, drop] = orderJob(1, milesFrom(3), 0, 5).stops;
    const cost = routeCost(milesFrom(-5), NOW, [pickup, drop]);
    expect(cost.pickupWaitMinutes).toBeGreaterThan(10);
    expect(cost.lateMinutes).toBeGreaterThan(cost.pickupWaitMinutes);
    expect(costScore(cost)).toBeCloseTo(cost.workMinutes + cost.pickupWaitMinutes + LATE_WEIGHT * cost.lateMinutes);
  });

  it('keeps a pharmacy order aboard until its last drop, and an order picked up before the start aboard', () => {
    const pickup = { orderIds: [7], kind: 'pickup' as const, point: PICKUP, at: NOW };
    const drops = [milesFrom(1), milesFrom(2)].map((point) => ({ orderIds: [7], kind: 'drop' as const, point, at: NOW + 90 * MINUTE }));
    expect(routeCost(PICKUP, NOW, [pickup, ...drops]).emptyMiles).toBe(0);
    expect(routeCost(milesFrom(-1), NOW, drops).emptyMiles).toBe(0);
  });
});

describe('bestInsertion', () => {
  it('puts a job on the way between the stops a courier already has', () => {
    const held = orderJob(1, milesFrom(6), 0, 90).stops;
    const onTheWay = orderJob(2, milesFrom(4), 5, 90, milesFrom(2)).stops;
    const { route } = bestInsertion(PICKUP, NOW, [held[1]], onTheWay);
    expect(route.map((stop) => `${stop.kind} ${stop.orderIds[0]}`)).toEqual(['pickup 2', 'drop 2', 'drop 1']);
  });

  it('only appends when asked to, as a dispatcher who does not look at the route', () => {
    const held = orderJob(1, milesFrom(6), 0, 90).stops;
    const onTheWay = orderJob(2, milesFrom(4), 5, 90, milesFrom(2)).stops;
    const appended = bestInsertion(PICKUP, NOW, [held[1]], onTheWay, 'end');
    expect(appended.route.map((stop) => `${stop.kind} ${stop.orderIds[0]}`)).toEqual(['drop 1', 'pickup 2', 'drop 2']);
    expect(costScore(appended.after)).toBeGreaterThan(costScore(bestInsertion(PICKUP, NOW, [held[1]], onTheWay).after));
  });

  it('says how far the pickup is along the new route', () => {
    const insertion = bestInsertion(milesFrom(-3), NOW, [], orderJob(1, milesFrom(2)).stops);
    expect(insertion.minutesToPickup).toBeCloseTo(estimatedLeg(milesFrom(-3), PICKUP).minutes);
    expect(insertion.before.workMinutes).toBe(0);
  });
});
