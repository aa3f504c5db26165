import { describe, expect, it } from 'vitest';
import { NOW, PICKUP, TODAY, idleCourier, milesFrom, orderJob } from '../../../tests/support/autopilot';
import type { CourierSuggestion } from '../dispatch';
import { inAutopilotOrder, rankForJob } from './ranking';

const context = { now: NOW, today: TODAY, maxLoad: 3 };

describe('inAutopilotOrder', () => {
  it('puts the couriers the engine ranks first, in its order and with its reasons, then the others as they were', () => {
    const suggestion = (courierId: number, reason: string): CourierSuggestion => ({
      courierId,
      name: `Courier ${courierId}`,
      zoneName: null,
      sameZone: true,
      freshness: 'online',
      milesAway: 1,
      activeOrders: 0,
      held: [],
      declined: false,
      reason,
    });
    const couriers = [idleCourier(1, milesFrom(3)), idleCourier(2, milesFrom(1))];
    const { ranked } = rankForJob(couriers, orderJob(9, milesFrom(5)), { now: NOW, today: TODAY, maxLoad: 3 });
    const ordered = inAutopilotOrder([suggestion(1, 'a'), suggestion(3, 'offline'), suggestion(2, 'b')], ranked);
    expect(ordered.map((entry) => entry.courierId)).toEqual([2, 1, 3]);
    expect(ordered[0].reason).toBe(ranked[0].reason);
    expect(ordered[2].reason).toBe('offline');
  });
});

describe('rankForJob', () => {
  it('leaves out, with why, who the Assign dialog would and who is offline, declined it or is full', () => {
    const couriers = [
      idleCourier(1, milesFrom(1), { isActive: false }),
      idleCourier(2, milesFrom(1), { insuranceExpiry: '2026-01-01' }),
      idleCourier(3, milesFrom(1), { vehicleType: 'hatchback' }),
      idleCourier(4, milesFrom(1), { online: false }),
      idleCourier(5, null),
      idleCourier(6, milesFrom(1)),
      idleCourier(7, milesFrom(1), { heldOrders: 3 }),
      idleCourier(8, milesFrom(1)),
      idleCourier(9, milesFrom(2)),
    ];
    const job = { ...orderJob(1, milesFrom(3)), requiredVehicleTypes: ['sedan' as const], declinedBy: [6], missedBy: 8 };
    const { ranked, notEligible } = rankForJob(couriers, job, context);
    expect(ranked.map((candidate) => candidate.courierId)).toEqual([9]);
    expect(notEligible.map(({ courierId, why }) => `${courierId}: ${why}`)).toEqual([
      '1: account deactivated',
      '2: documents expired',
      '3: vehicle does not match',
      '4: offline',
      '5: offline',
      '6: declined this order',
      '7: holds 3 orders (max 3)',
      '8: missed this pickup',
    ]);
  });

  it('prefers the courier whose route the job lengthens least over the one nearest in a straight line', () => {
    const nearButHeadingAway = idleCourier(1, milesFrom(0.5), {
      route: orderJob(10, milesFrom(-8), 0, 120).stops.slice(1),
      heldOrders: 1,
    });
    const fartherIdle = idleCourier(2, milesFrom(-1.5));
    const headingThatWay = idleCourier(3, milesFrom(1), { route: orderJob(11, milesFrom(3.2), 0, 120).stops.slice(1), heldOrders: 1 });
    const { ranked } = rankForJob([nearButHeadingAway, fartherIdle, headingThatWay], orderJob(1, milesFrom(3)), context);
    expect(ranked.map((candidate) => candidate.courierId)).toEqual([3, 2, 1]);
    expect(ranked[0].reason).toMatch(/^\+\d+ min to current route, 1 order$/);
    expect(ranked[1].reason).toMatch(/^\d+ min away, idle$/);
  });

  it('weighs the lateness a courier would cause, and spreads near-equal work to whoever delivered least today', () => {
    const late = orderJob(1, milesFrom(3), 0, 12);
    const { ranked } = rankForJob([idleCourier(1, milesFrom(-6)), idleCourier(2, milesFrom(-0.1))], late, context);
    expect(ranked[1].reason).toMatch(/min late$/);
    expect(ranked[0].lateRiskMinutes).toBeLessThan(ranked[1].lateRiskMinutes);

    const busy = idleCourier(3, PICKUP, { deliveredToday: 9 });
    const rested = idleCourier(4, milesFrom(0.05), { deliveredToday: 2 });
    expect(rankForJob([busy, rested], orderJob(2, milesFrom(3)), context).ranked[0].courierId).toBe(4);
  });

  it('decides for one order among 500 couriers in under 50 ms', () => {
    const couriers = Array.from({ length: 500 }, (_, index) => {
      const position = milesFrom(((index % 25) - 12) * 0.6, (Math.floor(index / 25) - 10) * 0.6);
      const held =
        index % 3 === 0
          ? []
          : [...orderJob(1000 + index, milesFrom(2, 1, position), 10, 70, position).stops, orderJob(2000 + index, milesFrom(-1, 2, position), 0, 50).stops[1]];
      return idleCourier(index + 1, position, { route: held, heldOrders: held.length ? 2 : 0 });
    });
    const job = orderJob(1, milesFrom(3));
    const times: number[] = [];
    for (let run = 0; run < 7; run++) {
      const started = performance.now();
      rankForJob(couriers, job, context);
      times.push(performance.now() - started);
    }
    expect(times.sort((a, b) => a - b)[3]).toBeLessThan(50);
  });
});
