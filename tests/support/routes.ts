/** Random routes around Tampa and the brute-force reference the route optimizer is held to (issue 18). */
import { roundCoordinate, SERVICE_CENTER, type LatLng } from '../../src/domain/geo';
import { LATE_TOLERANCE_MINUTES, STOP_SERVICE_MINUTES, type RouteProblem, type TravelMatrix } from '../../src/domain/routeOptimizer';

/** Points within about 12 miles of downtown Tampa, from a seeded generator, at the stored scale. */
export function tampaPoints(random: () => number, count: number): LatLng[] {
  const near = (center: number) => roundCoordinate(center + (random() - 0.5) * 0.35);
  return Array.from({ length: count }, () => ({ lat: near(SERVICE_CENTER.lat), lng: near(SERVICE_CENTER.lng) }));
}

/**
 * Every order, tried one by one and measured as it is built (waiting at a stop reached
 * before its earliest time): the least late, then the fewest miles, with the order.
 */
export function bruteForce(problem: RouteProblem): { miles: number; lateMinutes: number; order: number[] } {
  const { size, miles, minutes } = problem.matrix;
  const n = size - 1;
  const service = (stop: number) => problem.stopServiceMinutes?.[stop] ?? problem.serviceMinutes ?? STOP_SERVICE_MINUTES;
  const deadline = (stop: number) => (problem.deadlines?.[stop] ?? Infinity) + LATE_TOLERANCE_MINUTES;
  const earliest = (stop: number) => problem.earliest?.[stop] ?? 0;
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
      visit(stop + 1, total + miles[from * size + stop + 1], late + Math.max(0, arrival - deadline(stop)), Math.max(arrival, earliest(stop)) + service(stop));
      order.pop();
      used[stop] = false;
    }
  };
  visit(0, 0, 0, 0);
  return best;
}

/**
 * The shortest open path through every stop (miles only; the matrix must be the same
 * each way), proven by branch and bound, for the routes of up to 25 stops the optimizer is
 * checked on (issue 32). The path is closed into a tour through a dummy point, 0 miles
 * from every point; Held and Karp's 1-tree bound, its point weights raised by
 * subgradient steps, bounds every partial path: a tree spanning its last point, the
 * points left and the start, weighed the same way, never costs more than any way to
 * finish. The dummy comes last, so each tour is met once. `upper` (a known length) lets
 * it prune from the start; it answers the shortest path, or `upper` when none is shorter.
 */
export function shortestPath(matrix: TravelMatrix, upper = Infinity): number {
  const stops = matrix.size - 1;
  const count = stops + 2;
  const dummy = stops + 1;
  const cost = new Float64Array(count * count);
  for (let a = 0; a <= stops; a++) {
    for (let b = 0; b <= stops; b++) {
      if (Math.abs(matrix.miles[a * matrix.size + b] - matrix.miles[b * matrix.size + a]) > 1e-9) throw new Error('shortestPath needs the same miles each way');
      cost[a * count + b] = matrix.miles[a * matrix.size + b];
    }
  }
  const weight = heldKarpWeights(cost, count, upper);
  const weighed = new Float64Array(count * count);
  for (let a = 0; a < count; a++) for (let b = 0; b < count; b++) weighed[a * count + b] = cost[a * count + b] + weight[a] + weight[b];
  const visited = new Uint8Array(count);
  const reach = new Float64Array(count);
  /**
   * What finishing from `last` costs at least (with a point besides the dummy left): a
   * tree spanning the points left, `last`'s cheapest edge into them and the dummy's to
   * the start, weighed, less the weights every finish adds.
   */
  const finishing = (last: number): number => {
    let total = weighed[dummy * count] - weight[last] - weight[0];
    let toRest = Infinity;
    let first = -1;
    for (let point = 1; point < count; point++) {
      if (visited[point]) continue;
      total -= 2 * weight[point];
      if (point !== dummy) toRest = Math.min(toRest, weighed[last * count + point]);
      reach[point] = Infinity;
      if (first < 0) first = point;
    }
    // Prim over the points left, `visited` marking those taken (undone below).
    const taken: number[] = [];
    for (let next = first; next >= 0;) {
      visited[next] = 1;
      taken.push(next);
      let following = -1;
      for (let point = 1; point < count; point++) {
        if (visited[point]) continue;
        reach[point] = Math.min(reach[point], weighed[next * count + point]);
        if (following < 0 || reach[point] < reach[following]) following = point;
      }
      if (following >= 0) total += reach[following];
      next = following;
    }
    for (const point of taken) visited[point] = 0;
    return total + toRest;
  };
  let best = upper;
  visited[0] = 1;
  const extend = (last: number, length: number, left: number) => {
    if (left === 1) {
      best = Math.min(best, length);
      return;
    }
    if (length + finishing(last) >= best - 1e-9) return;
    const next: number[] = [];
    for (let point = 1; point < count; point++) if (!visited[point] && point !== dummy) next.push(point);
    next.sort((a, b) => cost[last * count + a] - cost[last * count + b]);
    for (const point of next) {
      visited[point] = 1;
      extend(point, length + cost[last * count + point], left - 1);
      visited[point] = 0;
    }
  };
  extend(0, 0, count - 1);
  return best;
}

/** Point weights that raise Held and Karp's 1-tree bound on the tour (costs row-major, 0 at the dummy). */
function heldKarpWeights(cost: Float64Array, count: number, upper: number): Float64Array {
  const weight = new Float64Array(count);
  let bestWeight = new Float64Array(count);
  let bestBound = -Infinity;
  let step = 2;
  const scale = Number.isFinite(upper) ? upper : cost.reduce((sum, value) => sum + value, 0) / count;
  for (let round = 0; round < 60 * count && step > 1e-6; round++) {
    const { bound, degree } = oneTree(cost, count, weight);
    if (bound > bestBound + 1e-9) {
      bestBound = bound;
      bestWeight = weight.slice();
    } else if (round % count === 0) step /= 2;
    const squared = degree.reduce((sum, value) => sum + (value - 2) ** 2, 0);
    if (squared === 0) break;
    for (let point = 0; point < count; point++) weight[point] += (step * scale * (degree[point] - 2)) / (squared * count);
  }
  return bestWeight;
}

/** Held and Karp's 1-tree on weighed costs: a tree spanning all but point 0, then 0's two cheapest edges. */
function oneTree(cost: Float64Array, count: number, weight: Float64Array): { bound: number; degree: Int32Array } {
  const weighed = (a: number, b: number) => cost[a * count + b] + weight[a] + weight[b];
  const degree = new Int32Array(count);
  const reach = new Float64Array(count).fill(Infinity);
  const parent = new Int32Array(count).fill(-1);
  const inTree = new Uint8Array(count);
  let total = 0;
  reach[1] = 0;
  for (let added = 1; added < count; added++) {
    let next = -1;
    for (let point = 1; point < count; point++) if (!inTree[point] && (next < 0 || reach[point] < reach[next])) next = point;
    inTree[next] = 1;
    total += reach[next];
    if (parent[next] >= 0) {
      degree[next]++;
      degree[parent[next]]++;
    }
    for (let point = 1; point < count; point++) {
      if (!inTree[point] && weighed(next, point) < reach[point]) {
        reach[point] = weighed(next, point);
        parent[point] = next;
      }
    }
  }
  const fromStart = Array.from({ length: count - 1 }, (_, index) => index + 1).sort((a, b) => weighed(0, a) - weighed(0, b));
  for (const point of fromStart.slice(0, 2)) {
    total += weighed(0, point);
    degree[point]++;
    degree[0]++;
  }
  return { bound: total - 2 * weight.reduce((sum, value) => sum + value, 0), degree };
}
