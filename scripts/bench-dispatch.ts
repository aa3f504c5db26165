/**
 * The simulated day (issue 30, decision W11): one seeded day of orders and couriers around Tampa
 * replayed in virtual time under four policies through the autopilot's engine, and the engine's
 * decision time with 500 couriers. Writes its section of bench/RESULTS.md.
 *   npm run bench:dispatch
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rankForJob, type AutopilotCourier } from '../src/domain/autopilot/ranking';
import { DEFAULT_AUTOPILOT_SETTINGS, type AutopilotSettings } from '../src/domain/autopilot/settings';
import { seededRandom } from '../src/domain/routeOptimizer';
import { simulatedDay, type SimDay } from './bench/dispatchDay';
import { autoOffer, nearestCourierBaseline, planAll } from './bench/dispatchPolicies';
import { simulateDay, TODAY, type DayMetrics } from './bench/dispatchSim';

const ROOT = join(import.meta.dirname, '..');
const SEED = 30;
const MINUTE = 60_000;
const settings: AutopilotSettings = { ...DEFAULT_AUTOPILOT_SETTINGS, mode: 'auto_offer' };

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
};
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

/** Every order of the day ranked among 500 couriers, each somewhere on the map with 0–2 orders of the day in their route: ms per decision. */
function decisionTimes(day: SimDay): number[] {
  const random = seededRandom(SEED + 1);
  const fleet = Array.from({ length: 500 }, (_, index): AutopilotCourier => {
    const base = day.couriers[index % day.couriers.length];
    const held = day.orders.filter((order) => order.kind === 'restaurant').slice(index % 400, (index % 400) + Math.floor(random() * 3));
    return {
      id: index + 1,
      name: `Courier ${index + 1}`,
      isActive: true,
      vehicleType: 'sedan',
      driversLicenseExpiry: '2099-01-01',
      insuranceExpiry: '2099-01-01',
      online: true,
      position: { lat: base.home.lat + (random() - 0.5) * 0.05, lng: base.home.lng + (random() - 0.5) * 0.05 },
      route: held.flatMap((order) => order.stops),
      heldOrders: held.length,
      deliveredToday: Math.floor(random() * 10),
    };
  });
  return day.orders.map((order) => {
    const job = { orderIds: [order.id], stops: order.stops, requiredVehicleTypes: [], missedBy: null, declinedBy: [] };
    const started = performance.now();
    rankForJob(fleet, job, { now: order.stops[0].at - 30 * MINUTE, today: TODAY, maxLoad: 5 });
    return performance.now() - started;
  });
}

function row(name: string, metrics: DayMetrics, decisions: string): string {
  const { orders, delivered, onTime, pickupWaits, loadedMiles, emptyMiles, courierHours, offers, neededPerson } = metrics;
  return `| ${name} | ${percent(onTime, orders)} (${onTime} of ${orders}; ${delivered} delivered) | ${quantile(pickupWaits, 0.5).toFixed(1)} / ${quantile(pickupWaits, 0.95).toFixed(1)} | ${Math.round(loadedMiles)} / ${Math.round(emptyMiles)} | ${(delivered / courierHours).toFixed(2)} | ${(offers / orders).toFixed(2)} | ${percent(neededPerson, orders)} | ${decisions} |`;
}

function main(): void {
  const started = performance.now();
  const day = simulatedDay(SEED);
  const policies = [nearestCourierBaseline, autoOffer(false), autoOffer(true), planAll];
  const results = policies.map((policy) => {
    const metrics = simulateDay(day, settings, policy);
    console.log(
      `${policy.name}: ${metrics.onTime}/${metrics.orders} on time, ${Math.round(metrics.emptyMiles)} empty miles, ${metrics.neededPerson} needed a person`,
    );
    return { policy, metrics };
  });
  // The first pass warms the JIT: a zone's Durable Object decides all day long, not once.
  decisionTimes(day);
  const times = decisionTimes(day);
  const decisions = `${quantile(times, 0.5).toFixed(2)} / ${quantile(times, 0.95).toFixed(2)} / ${Math.max(...times).toFixed(2)}`;
  console.log(`Decision at 500 couriers, ms p50 / p95 / max: ${decisions}`);
  const [baseline, ...autopilot] = results.map(({ metrics }) => metrics);
  const seconds = Math.round((performance.now() - started) / 1000);
  writeSection(
    day,
    results.map(({ policy, metrics }, index) => row(policy.name, metrics, index === 0 ? 'a person' : decisions)),
    { baseline, autopilot, times, seconds },
  );
  console.log(`Done in ${seconds} s: bench/RESULTS.md`);
}

function writeSection(
  day: SimDay,
  rows: string[],
  { baseline, autopilot, times, seconds }: { baseline: DayMetrics; autopilot: DayMetrics[]; times: number[]; seconds: number },
): void {
  const onTimeBeaten = autopilot.every((metrics) => metrics.onTime > baseline.onTime);
  const fewerEmpty = autopilot.every((metrics) => metrics.emptyMiles < baseline.emptyMiles);
  const people = Math.max(...autopilot.map((metrics) => metrics.neededPerson / metrics.orders));
  const block = [
    '<!-- bench-dispatch:start (written by npm run bench:dispatch) -->',
    '## Simulated day (issue 30)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench:dispatch\` (seed ${SEED}, ${seconds} s on this 2-core machine; decision W11). One day in virtual time from 10:00 to 22:00 around Tampa: ${day.orders.length} orders (${day.orders.filter((order) => order.kind === 'restaurant').length} restaurant orders with lunch and dinner peaks from 6 restaurants, ready 15–30 min after they are placed and due 30–45 min after that; ${day.orders.filter((order) => order.kind === 'catering').length} catering orders booked the day before; ${day.orders.filter((order) => order.kind === 'pharmacy').length} pharmacy routes of 3–5 drops from 2 pharmacies) and ${day.couriers.length} couriers on staggered 5–9 h shifts, half with a 20–45 min break offline, each declining 5–20 % and ignoring 2–10 % of offers. Couriers drive at the app's estimate (straight line × 1.3 at 25 mph) with 5 min at every stop; an order is due at its pickup time less the nearest courier's travel and the ${settings.leadMinutes} min lead. The baseline is a dispatcher who, 2–4 min after an order is due (and again after a decline), gives it to the nearest online courier in a straight line with room (at most ${settings.maxLoad} orders), at the end of their route, whatever that route is. Auto-offer runs the cascade (${settings.offerSeconds} s to accept, ${settings.maxSingleOffers} couriers one by one, then the zone for ${settings.zoneOfferMinutes} min, then the dispatcher as in the baseline); with trips, orders from one pickup due within 10 min are offered together when one drive meets every deliver-by; plan-all plans the due orders every 5 min (trips included) and each courier accepts or declines their part. Every autopilot decision is the same ranking (least added time to the courier's route, lateness weighed double, then fewest delivered today). Pickup wait is how long a ready order waited for its courier; the offers of a zone count once.`,
    '',
    '| Policy | On time | Pickup wait p50 / p95 (min) | Miles loaded / empty | Orders per courier-hour | Offers per order | Needed a person | Decision ms p50 / p95 / max at 500 couriers |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Targets: more on time than the baseline with fewer empty miles ${onTimeBeaten && fewerEmpty ? '✓' : '✗'} (every autopilot policy); at most 5 % need a person ${people <= 0.05 ? '✓' : '✗'} (worst ${(people * 100).toFixed(1)} %); each decision under 50 ms at 500 couriers ${Math.max(...times) < 50 ? '✓' : '✗'} (max ${Math.max(...times).toFixed(1)} ms over ${times.length} decisions).`,
    '<!-- bench-dispatch:end -->',
  ].join('\n');
  const file = join(ROOT, 'bench/RESULTS.md');
  const existing = readFileSync(file, 'utf8');
  const pattern = /<!-- bench-dispatch:start[\s\S]*?<!-- bench-dispatch:end -->/;
  writeFileSync(file, pattern.test(existing) ? existing.replace(pattern, () => block) : `${existing.trimEnd()}\n\n${block}\n`);
}

main();
