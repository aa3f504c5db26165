/**
 * How good and how fast the route optimizer is (issues 18 and 32):
 *   - public instances with proven optimal tours (TSPLIB's symmetric ones of 14–100
 *     cities, bench/tsplib/): the length found, the optimum, the gap and the CPU time;
 *   - 100 random routes of 11–25 stops around Tampa, each checked against the proven
 *     shortest order (branch and bound, tests/support/routes.ts);
 *   - deliver-by times and time windows on 11–12 stops against Held–Karp's optimum, and
 *     up to 10 stops the exact search against brute force;
 *   - the solve time of 25 and 100 stops in Node, and of 100 stops inside workerd.
 * Prints the tables and writes its section of bench/RESULTS.md.
 *   npm run bench:routes
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { bruteForce, shortestPath, tampaPoints } from '../tests/support/routes';
import { readTsplib, TSPLIB_OPTIMA } from '../tests/support/tsplib';
import { exactRoute, optimizeRoute, seededRandom, type RouteProblem } from '../src/domain/routeOptimizer';
import { estimatedMatrix } from '../src/domain/routePlan';

const ROOT = new URL('../', import.meta.url);
const random = seededRandom(2026);
const percent = (value: number) => `${(value * 100).toFixed(2)} %`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};

function cpuMs(work: () => void): number {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

const route = (stops: number): RouteProblem => ({ matrix: estimatedMatrix(tampaPoints(random, stops + 1)) });

/** Stops due 20–140 minutes after departure (a share of them), and some not before 10–70 minutes. */
const withTimes = (problem: RouteProblem, due: number, notBefore: number): RouteProblem => {
  const stops = problem.matrix.size - 1;
  return {
    ...problem,
    deadlines: Array.from({ length: stops }, () => (random() < due ? 20 + Math.round(random() * 120) : null)),
    earliest: Array.from({ length: stops }, () => (random() < notBefore ? 10 + Math.round(random() * 60) : null)),
  };
};

function publicInstances(): { meanGap: number; worstGap: number } {
  say('### Public instances with proven optima (TSPLIB)');
  say();
  say('| Instance | Cities | Length found | Optimum | Gap | CPU ms |');
  say('|---|---|---|---|---|---|');
  const gaps: number[] = [];
  for (const name of Object.keys(TSPLIB_OPTIMA)) {
    const instance = readTsplib(name);
    let length = 0;
    const ms = cpuMs(() => (length = optimizeRoute({ matrix: instance.matrix }).miles));
    const gap = length / instance.optimum - 1;
    gaps.push(gap);
    say(`| ${name} | ${instance.cities} | ${length} | ${instance.optimum} | ${percent(gap)} | ${ms.toFixed(0)} |`);
  }
  const summary = { meanGap: mean(gaps), worstGap: Math.max(...gaps) };
  say();
  say(
    `Mean gap ${percent(summary.meanGap)} (target ≤ 0.5 % ${summary.meanGap <= 0.005 ? '✓' : '✗'}), worst ${percent(summary.worstGap)} (target ≤ 2 % ${summary.worstGap <= 0.02 ? '✓' : '✗'}), optimal on ${gaps.filter((gap) => gap < 1e-9).length} of ${gaps.length}.`,
  );
  return summary;
}

function smallRoutes(): void {
  say();
  say('### Random routes of 11–25 stops against the proven shortest order');
  say();
  let optimal = 0;
  const gaps: number[] = [];
  for (let instance = 0; instance < 100; instance++) {
    const problem = route(11 + (instance % 15));
    const found = optimizeRoute(problem);
    const shortest = shortestPath(problem.matrix, found.miles + 1e-6);
    if (found.miles <= shortest + 1e-6) optimal++;
    gaps.push(found.miles / shortest - 1);
  }
  say(`- No times: optimal on **${optimal} of 100** (target ≥ 99 ${optimal >= 99 ? '✓' : '✗'}), worst gap ${percent(Math.max(...gaps))}.`);
  for (const [label, due, notBefore] of [
    ['30 % of stops due', 0.3, 0],
    ['Time windows (40 % due, 30 % not before a time)', 0.4, 0.3],
  ] as const) {
    let same = 0;
    let later = 0;
    const windowGaps: number[] = [];
    for (let instance = 0; instance < 24; instance++) {
      const problem = withTimes(route(11 + (instance % 2)), due, notBefore);
      const found = optimizeRoute(problem);
      const best = exactRoute(problem);
      if (found.lateMinutes > best.lateMinutes + 1e-6) later++;
      else windowGaps.push(found.miles / best.miles - 1);
      if (Math.abs(found.lateMinutes - best.lateMinutes) < 1e-6 && Math.abs(found.miles - best.miles) < 1e-6) same++;
    }
    say(
      `- ${label}, 11–12 stops against Held–Karp: optimal on ${same} of 24, later than optimal on ${later}, worst gap in miles ${percent(Math.max(0, ...windowGaps))}.`,
    );
  }
  let agree = 0;
  for (let instance = 0; instance < 40; instance++) {
    const problem = withTimes(route(5 + (instance % 4)), instance % 2 ? 0.3 : 0, instance % 4 === 3 ? 0.3 : 0);
    const found = optimizeRoute(problem);
    const reference = bruteForce(problem);
    if (Math.abs(found.lateMinutes - reference.lateMinutes) < 1e-6 && Math.abs(found.miles - reference.miles) < 1e-9) agree++;
  }
  say(`- Up to 10 stops (the exact search), 5–8 stops with and without times: equal to brute force on ${agree} of 40.`);
}

function solveTimes(): void {
  say();
  say('### Solve time');
  say();
  say('| Stops | Times | CPU ms in Node, median of 5 / worst |');
  say('|---|---|---|');
  for (const stops of [25, 100]) {
    for (const [label, due, notBefore] of [
      ['none', 0, 0],
      ['30 % due', 0.3, 0],
      ['30 % due, 20 % not before a time', 0.3, 0.2],
    ] as const) {
      const times = Array.from({ length: 5 }, () => {
        const problem = withTimes(route(stops), due, notBefore);
        return cpuMs(() => optimizeRoute(problem));
      });
      say(`| ${stops} | ${label} | ${median(times).toFixed(0)} / ${Math.max(...times).toFixed(0)} |`);
    }
  }
  // workerd's clock moves only at I/O: its test times the solve between two timers.
  const output = execFileSync('npx', ['vitest', 'run', '--project', 'workers', 'tests/workers/routeOptimizer.test.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const worker = /100 stops in workerd: ([^\n]*) ms/.exec(output)?.[1] ?? 'not measured';
  say();
  say(
    `Inside workerd (tests/workers/routeOptimizer.test.ts, wall time with nothing else to wait for): 100 stops with no times, 30 % due, and time windows: ${worker} ms (target < 1000 ms).`,
  );
}

function writeResults(seconds: number): void {
  const block = [
    '<!-- bench-routes:start (written by npm run bench:routes) -->',
    '## Route optimizer (issue 32)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench:routes\` (${seconds} s on this shared 2-core machine; decision O9). A closed tour is an open path from city 1 to a copy of it that must come last (tests/support/tsplib.ts); the instances and their optima are in bench/tsplib/.`,
    '',
    ...lines,
    '<!-- bench-routes:end -->',
  ].join('\n');
  const file = new URL('bench/RESULTS.md', ROOT);
  const existing = readFileSync(file, 'utf8');
  const pattern = /<!-- bench-routes:start[\s\S]*?<!-- bench-routes:end -->/;
  writeFileSync(file, pattern.test(existing) ? existing.replace(pattern, () => block) : `${existing.trimEnd()}\n\n${block}\n`);
}

const started = Date.now();
publicInstances();
smallRoutes();
solveTimes();
writeResults(Math.round((Date.now() - started) / 1000));
