/**
 * The simulated day of npm run bench:dispatch (issue 30): seeded, so every policy and every run
 * sees the same orders and the same couriers. Twelve hours around Tampa from 10:00 (15:00 UTC):
 * restaurant orders with lunch and dinner peaks, catering booked the day before, pharmacy routes
 * of several drops; couriers on staggered shifts, some with a break offline, each with their own
 * habit of declining or ignoring offers.
 */
import { roundCoordinate, SERVICE_CENTER, type LatLng } from '../../src/domain/geo';
import type { RouteStop } from '../../src/domain/autopilot/route';
import { seededRandom } from '../../src/domain/routeOptimizer';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY_START = Date.parse('2026-11-27T15:00:00Z');
export const DAY_HOURS = 12;

export interface SimOrder {
  id: number;
  kind: 'restaurant' | 'catering' | 'pharmacy';
  /** When the order reaches the platform (a catering order the day before). */
  createdAt: number;
  /** The pickup, then the drops in their order; a pickup's `at` is its ready time, a drop's its deliver-by. */
  stops: RouteStop[];
}

export interface SimCourier {
  id: number;
  name: string;
  home: LatLng;
  /** Online from–to, less a break. */
  shift: { from: number; to: number };
  offlineBreak: { from: number; to: number } | null;
  declineRate: number;
  ignoreRate: number;
}

export interface SimDay {
  /** Their ids run from 1 in the order of the list. */
  orders: SimOrder[];
  couriers: SimCourier[];
}

/** A point up to `miles` from a centre, uniformly in the square around it. */
function near(random: () => number, centre: LatLng, miles: number): LatLng {
  const degrees = miles / 69;
  return { lat: roundCoordinate(centre.lat + (random() * 2 - 1) * degrees), lng: roundCoordinate(centre.lng + (random() * 2 - 1) * degrees * 1.13) };
}

/** Minutes after the day's start an on-demand order is placed: a base rate with peaks at 12:30 and 18:45. */
function orderMinute(random: () => number): number {
  const gaussian = () => (random() + random() + random() + random() - 2) * 1.73;
  const pick = random();
  const minute = pick < 0.3 ? random() * DAY_HOURS * 60 : pick < 0.6 ? 150 + gaussian() * 40 : 525 + gaussian() * 55;
  return Math.min(DAY_HOURS * 60 - 40, Math.max(0, minute));
}

function orderOf(id: number, kind: SimOrder['kind'], createdAt: number, pickup: LatLng, readyAt: number, drops: LatLng[], dueAfterMinutes: number): SimOrder {
  return {
    id,
    kind,
    createdAt,
    stops: [
      { orderIds: [id], kind: 'pickup', point: pickup, at: readyAt },
      ...drops.map((point): RouteStop => ({ orderIds: [id], kind: 'drop', point, at: readyAt + dueAfterMinutes * MINUTE })),
    ],
  };
}

export function simulatedDay(seed: number, counts = { restaurant: 530, catering: 40, pharmacy: 30, couriers: 60 }): SimDay {
  const random = seededRandom(seed);
  const restaurants = Array.from({ length: 6 }, () => near(random, SERVICE_CENTER, 5));
  const pharmacies = Array.from({ length: 2 }, () => near(random, SERVICE_CENTER, 4));
  const orders: SimOrder[] = [];
  for (let index = 0; index < counts.restaurant; index++) {
    const createdAt = DAY_START + orderMinute(random) * MINUTE;
    const hub = restaurants[Math.floor(random() * restaurants.length)];
    orders.push(
      orderOf(orders.length + 1, 'restaurant', createdAt, hub, createdAt + (15 + random() * 15) * MINUTE, [near(random, hub, 3)], 30 + random() * 15),
    );
  }
  for (let index = 0; index < counts.catering; index++) {
    const readyAt = DAY_START + (30 + random() * (DAY_HOURS * 60 - 90)) * MINUTE;
    const hub = restaurants[Math.floor(random() * restaurants.length)];
    orders.push(orderOf(orders.length + 1, 'catering', DAY_START - 20 * HOUR, hub, readyAt, [near(random, hub, 5)], 45));
  }
  for (let index = 0; index < counts.pharmacy; index++) {
    const readyAt = DAY_START + (60 + random() * (DAY_HOURS * 60 - 180)) * MINUTE;
    const hub = pharmacies[index % pharmacies.length];
    const drops = Array.from({ length: 3 + Math.floor(random() * 3) }, () => near(random, hub, 3));
    orders.push(orderOf(orders.length + 1, 'pharmacy', readyAt - 90 * MINUTE, hub, readyAt, drops, 150));
  }
  const couriers = Array.from({ length: counts.couriers }, (_, index): SimCourier => {
    const from = DAY_START + (-15 + random() * 360) * MINUTE;
    const to = Math.min(from + (5 + random() * 4) * HOUR, DAY_START + DAY_HOURS * HOUR);
    const breakAt = from + (2 + random() * 2) * HOUR;
    return {
      id: index + 1,
      name: `Courier ${index + 1}`,
      home: near(random, SERVICE_CENTER, 5),
      shift: { from, to },
      offlineBreak: random() < 0.5 ? { from: breakAt, to: breakAt + (20 + random() * 25) * MINUTE } : null,
      declineRate: 0.05 + random() * 0.15,
      ignoreRate: 0.02 + random() * 0.08,
    };
  });
  return { orders, couriers };
}
