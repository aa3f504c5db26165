/**
 * How good and how fast the route optimizer is (issue 18), on seeded random routes
 * around Tampa measured by the server's estimate:
 *   - up to 10 stops, the exact search against brute force (it must agree);
 *   - 11–13 stops, the heuristic's gap to Held–Karp's optimum, spread out and clustered,
 *     with and without deliver-by times;
 *   - 25 stops, the solve time (CPU, median of several) with none, some and all stops due.
 *   npm run bench:routes
 */
import { bruteForce, tampaPoints } from '../tests/support/routes';
import { SERVICE_CENTER, roundCoordinate, type LatLng } from '../src/domain/geo';
import { exactRoute, heuristicRoute, optimizeRoute, seededRandom, type RouteProblem } from '../src/domain/routeOptimizer';
import { estimatedMatrix } from '../src/domain/routePlan';

const random = seededRandom(2026);
const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Three neighbourhoods a few miles apart, stops within half a mile of their centre. */
function clusteredPoints(count: number): LatLng[] {
  const centres = Array.from({ length: 3 }, () => ({ lat: SERVICE_CENTER.lat + (random() - 0.5) * 0.3, lng: SERVICE_CENTER.lng + (random() - 0.5) * 0.3 }));
  return Array.from({ length: count }, () => {
    const centre = centres[Math.floor(random() * centres.length)];
    return { lat: roundCoordinate(centre.lat + (random() - 0.5) * 0.015), lng: roundCoordinate(centre.lng + (random() - 0.5) * 0.015) };
  });
}

/** Some stops due 20–140 minutes after departure. */
const withDeadlines = (problem: RouteProblem, stops: number, share: number): RouteProblem => ({
  ...problem,
  deadlines: Array.from({ length: stops }, () => (random() < share ? 20 + Math.round(random() * 120) : null)),
});

function cpuMs(work: () => void): number {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

console.log('Exact search (≤ 10 stops) against brute force');
for (let stops = 5; stops <= 10; stops++) {
  const instances = stops <= 8 ? 20 : 3;
  let agree = 0;
  for (let instance = 0; instance < instances; instance++) {
    const problem = withDeadlines({ matrix: estimatedMatrix(tampaPoints(random, stops + 1)) }, stops, instance % 2 ? 0.3 : 0);
    const found = optimizeRoute(problem);
    const reference = bruteForce(problem);
    if (Math.abs(found.lateMinutes - reference.lateMinutes) < 1e-6 && Math.abs(found.miles - reference.miles) < 1e-9) agree++;
  }
  console.log(`  ${stops} stops: ${agree}/${instances} equal to brute force (half of them with deliver-by times)`);
}

console.log('\nHeuristic (11–25 stops) against Held–Karp on 11–13 stops: miles above optimal (lateness never worse unless said)');
for (const layout of ['spread', 'clustered'] as const) {
  for (const share of [0, 0.3]) {
    for (let stops = 11; stops <= 13; stops++) {
      const gaps: number[] = [];
      let later = 0;
      for (let instance = 0; instance < 12; instance++) {
        const points = layout === 'spread' ? tampaPoints(random, stops + 1) : clusteredPoints(stops + 1);
        const problem = withDeadlines({ matrix: estimatedMatrix(points) }, stops, share);
        const found = heuristicRoute(problem);
        const optimal = exactRoute(problem);
        if (found.lateMinutes > optimal.lateMinutes + 1e-6) later++;
        else gaps.push(found.miles / optimal.miles - 1);
      }
      const mean = gaps.reduce((sum, gap) => sum + gap, 0) / Math.max(1, gaps.length);
      console.log(
        `  ${layout}, ${share ? '30% due' : 'no deadlines'}, ${stops} stops: mean ${percent(mean)}, worst ${percent(Math.max(0, ...gaps))}${later ? `, later than optimal on ${later}/12` : ''}`,
      );
    }
  }
}

console.log('\n25 stops: solve time (CPU ms, median of 7 / worst)');
for (const share of [0, 0.2, 1]) {
  const times: number[] = [];
  for (let instance = 0; instance < 7; instance++) {
    const problem = withDeadlines({ matrix: estimatedMatrix(tampaPoints(random, 26)) }, 25, share);
    times.push(cpuMs(() => optimizeRoute(problem)));
  }
  console.log(`  ${share ? `${share * 100}% of stops due` : 'no deadlines'}: ${median(times).toFixed(1)} / ${Math.max(...times).toFixed(1)}`);
}
