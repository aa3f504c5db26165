import { describe, expect, it, vi } from 'vitest';
import { bruteForce, shortestPath, tampaPoints } from '../../tests/support/routes';
import { readTsplib } from '../../tests/support/tsplib';
import { evaluateOrder, exactRoute, EXACT_STOP_LIMIT, heuristicRoute, optimizeRoute, seededRandom, travelMatrix, type RouteProblem } from './routeOptimizer';
import { estimatedMatrix } from './routePlan';

/** A random route around Tampa: the pickup and `stops` stops, measured by the server's estimate. */
function tampaRoute(random: () => number, stops: number): RouteProblem {
  return { matrix: estimatedMatrix(tampaPoints(random, stops + 1)) };
}

const isPermutation = (order: number[], n: number) => [...order].sort((a, b) => a - b).every((stop, index) => stop === index) && order.length === n;

// Brute force and Held–Karp on 13 stops take seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

describe('the exact search (up to 10 stops)', () => {
  it('finds the shortest order on random routes around Tampa with 5–10 stops, as brute force does', () => {
    const random = seededRandom(18);
    for (let stops = 5; stops <= EXACT_STOP_LIMIT; stops++) {
      const instances = stops <= 8 ? 10 : 2;
      for (let instance = 0; instance < instances; instance++) {
        const problem = tampaRoute(random, stops);
        const found = optimizeRoute(problem);
        const reference = bruteForce(problem);
        expect(found.exact).toBe(true);
        expect(isPermutation(found.order, stops)).toBe(true);
        expect(found.miles).toBeCloseTo(reference.miles, 9);
        // The miles it reports are those of the order it gives.
        expect(evaluateOrder(problem, found.order).miles).toBeCloseTo(found.miles, 9);
      }
    }
  });

  it('handles directions that differ each way (one-way streets), as brute force does', () => {
    const random = seededRandom(7);
    for (let instance = 0; instance < 10; instance++) {
      const stops = 5 + (instance % 4);
      const symmetric = tampaRoute(random, stops).matrix;
      const detour = Array.from({ length: symmetric.size ** 2 }, () => 1 + random() * 0.6);
      const problem = {
        matrix: travelMatrix(symmetric.size, (from, to) => ({
          miles: symmetric.miles[from * symmetric.size + to] * detour[from * symmetric.size + to],
          minutes: symmetric.minutes[from * symmetric.size + to],
        })),
      };
      expect(optimizeRoute(problem).miles).toBeCloseTo(bruteForce(problem).miles, 9);
    }
  });

  it('meets deliver-by times when it can, at the fewest miles that do, as brute force does', () => {
    const random = seededRandom(42);
    let tested = 0;
    let allMet = 0;
    for (let instance = 0; instance < 40; instance++) {
      const stops = 5 + (instance % 4);
      const problem = tampaRoute(random, stops);
      // Some stops must be reached early: within 15–60 minutes of departure.
      const deadlines = Array.from({ length: stops }, () => (random() < 0.4 ? 15 + Math.round(random() * 45) : null));
      const timed = { ...problem, deadlines };
      const found = optimizeRoute(timed);
      const reference = bruteForce(timed);
      expect(found.lateMinutes).toBeCloseTo(reference.lateMinutes, 6);
      expect(found.miles).toBeCloseTo(reference.miles, 6);
      if (reference.lateMinutes === 0) {
        allMet++;
        expect(found.late).toEqual([]);
      } else {
        expect(found.late.length).toBeGreaterThan(0);
        for (const stop of found.late) expect(found.arrivals[stop]).toBeGreaterThan(deadlines[stop]!);
      }
      tested++;
    }
    // Both kinds of instance were exercised.
    expect(allMet).toBeGreaterThan(5);
    expect(tested - allMet).toBeGreaterThan(5);
  });

  it('gives up miles to meet a deadline, and names the stop it cannot meet', () => {
    // Start at 0; stop A is 1 mile east, B 10 miles west: shortest is A then B.
    const positions = [0, 1, -10];
    const matrix = travelMatrix(3, (from, to) => {
      const miles = Math.abs(positions[from] - positions[to]);
      return { miles, minutes: miles * 2 };
    });
    expect(optimizeRoute({ matrix }).order).toEqual([0, 1]);
    // B must be reached within 20 minutes: B first (20 min), then A.
    expect(optimizeRoute({ matrix, deadlines: [null, 20] })).toMatchObject({ order: [1, 0], late: [], lateMinutes: 0 });
    // Both by 10 minutes: impossible. A is on time going first; B is late whatever happens.
    const both = optimizeRoute({ matrix, deadlines: [10, 10], serviceMinutes: 0 });
    expect(both.order).toEqual([0, 1]);
    expect(both.late).toEqual([1]);
    expect(both.arrivals).toEqual([2, 24]);
  });

  it("waits for a stop's earliest time, spends each stop's own minutes, and meets time windows as brute force does", () => {
    const random = seededRandom(3232);
    let waited = 0;
    for (let instance = 0; instance < 30; instance++) {
      const stops = 5 + (instance % 4);
      const problem = {
        ...tampaRoute(random, stops),
        // Some stops not before 20–80 minutes (a customer home later), some due within 30–120, each its own minutes.
        earliest: Array.from({ length: stops }, () => (random() < 0.4 ? 20 + Math.round(random() * 60) : null)),
        deadlines: Array.from({ length: stops }, () => (random() < 0.4 ? 30 + Math.round(random() * 90) : null)),
        stopServiceMinutes: Array.from({ length: stops }, () => (random() < 0.5 ? Math.round(random() * 15) : null)),
      };
      const found = optimizeRoute(problem);
      const reference = bruteForce(problem);
      expect(found.lateMinutes).toBeCloseTo(reference.lateMinutes, 6);
      expect(found.miles).toBeCloseTo(reference.miles, 6);
      if (found.order.some((stop) => found.arrivals[stop] < (problem.earliest[stop] ?? 0))) waited++;
    }
    expect(waited).toBeGreaterThan(3);
  });

  it('waits when early and names the stop whose window it cannot meet', () => {
    // Start at 0; A is 1 mile east, B 2 miles east, 2 minutes a mile, no minutes at a stop.
    const positions = [0, 1, 2];
    const matrix = travelMatrix(3, (from, to) => {
      const miles = Math.abs(positions[from] - positions[to]);
      return { miles, minutes: miles * 2 };
    });
    // A not before 30, B due by 10: B first (reached at 4), then A, reached at 6 and waited for until 30.
    expect(optimizeRoute({ matrix, earliest: [30, null], deadlines: [null, 10], serviceMinutes: 0 })).toMatchObject({
      order: [1, 0],
      late: [],
      arrivals: [6, 4],
    });
    // A between 3 and 5, B by 4: A first is reached at 2 and waited for, so B comes at 5, late; B first makes A late
    // as much, and is longer. A then B, and B is named.
    const tight = optimizeRoute({ matrix, earliest: [3, null], deadlines: [5, 4], serviceMinutes: 0 });
    expect(tight).toMatchObject({ order: [0, 1], late: [1], arrivals: [2, 5], lateMinutes: 0.5 });
  });

  it('keeps the given order when nothing is better, and handles one stop and none', () => {
    const random = seededRandom(3);
    const problem = tampaRoute(random, 6);
    const best = optimizeRoute(problem);
    // Renumber the stops so that the best order is 0, 1, 2…: the answer is then the given order.
    const points = [0, ...best.order.map((stop) => stop + 1)];
    const renumbered = {
      matrix: travelMatrix(problem.matrix.size, (from, to) => ({
        miles: problem.matrix.miles[points[from] * problem.matrix.size + points[to]],
        minutes: problem.matrix.minutes[points[from] * problem.matrix.size + points[to]],
      })),
    };
    expect(optimizeRoute(renumbered).order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(optimizeRoute(tampaRoute(random, 1)).order).toEqual([0]);
    expect(optimizeRoute({ matrix: travelMatrix(1, () => ({ miles: 0, minutes: 0 })) }).order).toEqual([]);
  });
});

describe('the heuristic (11–100 stops)', () => {
  it('stays within a few percent of optimal on 11–13 stops (Held–Karp as the reference)', () => {
    const random = seededRandom(1318);
    const gaps: number[] = [];
    for (let stops = 11; stops <= 13; stops++) {
      for (let instance = 0; instance < (stops === 13 ? 4 : 8); instance++) {
        const problem = tampaRoute(random, stops);
        const found = heuristicRoute(problem);
        const optimal = exactRoute(problem);
        expect(isPermutation(found.order, stops)).toBe(true);
        gaps.push(found.miles / optimal.miles - 1);
      }
    }
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
    expect(Math.max(...gaps)).toBeLessThan(0.02);
    expect(mean).toBeLessThan(0.005);
  });

  it('finds the shortest order on random routes of 14–25 stops, as branch and bound proves', () => {
    const random = seededRandom(3225);
    for (let instance = 0; instance < 12; instance++) {
      const stops = 14 + instance;
      const problem = tampaRoute(random, stops);
      const found = optimizeRoute(problem);
      // Nothing shorter than the answer exists: the bound search, told the answer, finds no better path.
      expect(shortestPath(problem.matrix, found.miles + 1e-6)).toBeCloseTo(found.miles, 6);
    }
  });

  it('swaps two long stretches to change the first stop (20 stops, two groups the wrong way round)', () => {
    // Found by the random check (issue 32): the kicks once moved stretches too short to swap the two groups.
    const random = seededRandom(11);
    let problem = tampaRoute(random, 11);
    for (let instance = 1; instance <= 24; instance++) problem = tampaRoute(random, 11 + (instance % 15));
    const found = optimizeRoute(problem);
    expect(found.order[0]).toBe(0);
    expect(found.miles).toBeCloseTo(shortestPath(problem.matrix), 6);
  });

  it('is within half a percent of the proven optimum on public instances of 70–100 cities (TSPLIB)', () => {
    const gaps = ['st70', 'rat99', 'kroD100', 'rd100'].map((name) => {
      const instance = readTsplib(name);
      return optimizeRoute({ matrix: instance.matrix }).miles / instance.optimum - 1;
    });
    for (const gap of gaps) expect(gap).toBeLessThan(0.005);
    expect(gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length).toBeLessThan(0.002);
  });

  it('is deterministic, never worse than the given order or nearest neighbour', () => {
    const random = seededRandom(25);
    const problem = tampaRoute(random, 100);
    const first = optimizeRoute(problem);
    expect(first.exact).toBe(false);
    expect(optimizeRoute(problem)).toEqual(first);
    expect(isPermutation(first.order, 100)).toBe(true);
    const given = evaluateOrder(
      problem,
      Array.from({ length: 100 }, (_, stop) => stop),
    );
    expect(first.miles).toBeLessThan(given.miles);
  });

  it('meets deliver-by times on a long route when they can be met', () => {
    const random = seededRandom(99);
    const problem = tampaRoute(random, 18);
    // Deadlines taken from a feasible order (the optimum without deadlines) are met.
    const free = optimizeRoute(problem);
    const deadlines = new Array<number | null>(18).fill(null);
    for (const stop of free.order.slice(-4)) deadlines[stop] = Math.ceil(free.arrivals[stop]);
    for (const stop of free.order.slice(0, 2)) deadlines[stop] = Math.ceil(free.arrivals[stop]);
    const timed = optimizeRoute({ ...problem, deadlines });
    expect(timed.late).toEqual([]);
    expect(timed.miles).toBeLessThanOrEqual(free.miles + 1e-9);
  });

  it('meets time windows on a long route when they can be met, waiting where the windows say', () => {
    const random = seededRandom(1632);
    const problem = tampaRoute(random, 40);
    const free = optimizeRoute(problem);
    // Windows around the arrivals of a feasible order: not before 10 minutes ahead of it, due 10 minutes after.
    const earliest = free.arrivals.map((arrival, stop) => (stop % 3 === 0 ? Math.max(0, Math.floor(arrival) - 10) : null));
    const deadlines = free.arrivals.map((arrival, stop) => (stop % 4 === 0 ? Math.ceil(arrival) + 10 : null));
    const timed = optimizeRoute({ ...problem, earliest, deadlines });
    expect(timed.late).toEqual([]);
    expect(timed.miles).toBeLessThanOrEqual(free.miles + 1e-9);
  });

  it('orders 100 stops within the time a request has', () => {
    const random = seededRandom(2525);
    const problems = Array.from({ length: 3 }, () => tampaRoute(random, 100));
    const times = problems.map((problem) => {
      const started = performance.now();
      optimizeRoute(problem);
      return performance.now() - started;
    });
    // 1 s of CPU is the request's budget (the Worker's own measure: tests/workers/routeOptimizer.test.ts).
    expect(Math.min(...times)).toBeLessThan(500);
  });
});
