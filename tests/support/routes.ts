/** Random routes around Tampa and the brute-force reference the route optimizer is held to (issue 18). */
import { roundCoordinate, SERVICE_CENTER, type LatLng } from '../../src/domain/geo';
import { LATE_TOLERANCE_MINUTES, STOP_SERVICE_MINUTES, type RouteProblem } from '../../src/domain/routeOptimizer';

/** Points within about 12 miles of downtown Tampa, from a seeded generator, at the stored scale. */
export function tampaPoints(random: () => number, count: number): LatLng[] {
  const near = (center: number) => roundCoordinate(center + (random() - 0.5) * 0.35);
  return Array.from({ length: count }, () => ({ lat: near(SERVICE_CENTER.lat), lng: near(SERVICE_CENTER.lng) }));
}

/**
 * Every order, tried one by one and measured as it is built: the least late, then the
 * fewest miles, with the order that achieves it.
 */
export function bruteForce(problem: RouteProblem): { miles: number; lateMinutes: number; order: number[] } {
  const { size, miles, minutes } = problem.matrix;
  const n = size - 1;
  const service = problem.serviceMinutes ?? STOP_SERVICE_MINUTES;
  const deadline = (stop: number) => (problem.deadlines?.[stop] ?? Infinity) + LATE_TOLERANCE_MINUTES;
  let best = { miles: Infinity, lateMinutes: Infinity, order: [] as number[] };
  const used = new Array<boolean>(n).fill(false);
  const order: number[] = [];
  const visit = (from: number, total: number, late: number, time: number) => {
    if (order.length === n) {
      if (late < best.lateMinutes - 1e-9 || (late <= best.lateMinutes + 1e-9 && total < best.miles - 1e-9))
        best = { miles: total, lateMinutes: late, order: [...order] };
      return;
    }
    for (let stop = 0; stop < n; stop++) {
      if (used[stop]) continue;
      used[stop] = true;
      order.push(stop);
      const arrival = time + minutes[from * size + stop + 1];
      visit(stop + 1, total + miles[from * size + stop + 1], late + Math.max(0, arrival - deadline(stop)), arrival + service);
      order.pop();
      used[stop] = false;
    }
  };
  visit(0, 0, 0, 0);
  return best;
}
