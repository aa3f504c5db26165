/**
 * npm run bench:live — load test of live positions (issue 6).
 *
 * Starts a private stack, creates COURIERS couriers (300) with sessions, connects an
 * admin WebSocket, and has every courier report a position every INTERVAL_MS (5 s) for
 * DURATION_MS (60 s), spread evenly. Then it checks:
 * - no accepted update is lost: each courier's Durable Object holds exactly the last
 *   position that courier sent, and the admin socket received every accepted report;
 * - the database row of each courier catches up (the throttled write-through);
 * - how long an accepted report takes to reach the admin socket (p50/p95/p99).
 * Results go to bench/live.json and the "Live positions" section of bench/RESULTS.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { createDb } from '../src/db/client';
import { couriers, users, zones } from '../src/db/schema';
import { insertSession } from '../tests/support/factories';
import { startTestStack } from '../tests/support/stack';
import { ROOT } from './lib/stack';

const COURIERS = Number(process.env.COURIERS ?? 300);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 5000);
const DURATION_MS = Number(process.env.DURATION_MS ?? 60_000);

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const round = (value: number) => Math.round(value * 10) / 10;

console.log(`Live positions load test: ${COURIERS} couriers, a report every ${INTERVAL_MS / 1000} s each, for ${DURATION_MS / 1000} s`);
const stack = await startTestStack();
try {
  const db = createDb(stack.databaseUrl, undefined, 60_000);
  const [zone] = await db.select().from(zones).limit(1);

  // Couriers and their sessions straight in the database: this measures reporting, not sign-in.
  const prefix = `load${Date.now().toString(36)}`;
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: COURIERS }, (_, i) => ({
        username: `${prefix}-${i}`,
        passwordHash: 'x',
        role: 'courier' as const,
        name: `Load Courier ${i}`,
        zoneId: zone.id,
      })),
    )
    .returning({ id: users.id });
  const courierRows = await db
    .insert(couriers)
    .values(
      created.map((user) => ({
        userId: user.id,
        zoneId: zone.id,
        address: 'Tampa',
        email: `${user.id}@load.test`,
        vehicleMake: 'Load',
        vehicleModel: 'Test',
        vehicleYear: '2024',
        driversLicense: 'L',
        driversLicenseExpiry: '2099-01-01',
        insurance: 'I',
        insuranceExpiry: '2099-01-01',
      })),
    )
    .returning({ id: couriers.id, userId: couriers.userId });
  const cookies = new Map<number, string>();
  for (const courier of courierRows) cookies.set(courier.id, `sid=${await insertSession(db, courier.userId)}`);

  const adminLogin = await fetch(`${stack.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
  });
  const adminCookie = adminLogin.headers.get('set-cookie')!.split(';')[0];

  const received = new Map<string, number>();
  const socket = new WebSocket(`${stack.baseUrl.replace(/^http/, 'ws')}/api/couriers/live`, { headers: { Cookie: adminCookie } } as unknown as string[]);
  socket.addEventListener('message', (event) => {
    if (event.data === 'pong') return;
    const message = JSON.parse(String(event.data)) as { courierId: number; recordedAt: number };
    received.set(`${message.courierId}:${message.recordedAt}`, performance.now());
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });

  const sentAt = new Map<string, number>();
  const lastAccepted = new Map<number, { latitude: number; longitude: number; recordedAt: number }>();
  const httpLatencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  let failed = 0;
  const failures = new Map<string, number>();

  async function report(courierId: number, step: number): Promise<void> {
    // A random walk around Tampa; recordedAt strictly increases per courier.
    const latitude = 27.9506 + Math.sin(courierId + step / 7) * 0.08;
    const longitude = -82.4572 + Math.cos(courierId * 1.3 + step / 5) * 0.08;
    const recordedAt = Date.now();
    const key = `${courierId}:${recordedAt}`;
    const started = performance.now();
    sentAt.set(key, started);
    try {
      const response = await fetch(`${stack.baseUrl}/api/couriers/location`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookies.get(courierId)! },
        body: JSON.stringify({ latitude, longitude, recordedAt }),
      });
      httpLatencies.push(performance.now() - started);
      const outcome = (await response.json()) as { accepted?: boolean };
      if (response.ok && outcome.accepted) {
        accepted++;
        lastAccepted.set(courierId, { latitude, longitude, recordedAt });
      } else {
        refused++;
        sentAt.delete(key);
      }
    } catch (error) {
      failed++;
      sentAt.delete(key);
      const cause = String((error as { cause?: { code?: string; message?: string } }).cause?.code ?? (error as Error).message);
      failures.set(cause, (failures.get(cause) ?? 0) + 1);
    }
  }

  const reportsEach = Math.floor(DURATION_MS / INTERVAL_MS);
  const startedAt = performance.now();
  const runs: Array<Promise<void>> = [];
  courierRows.forEach((courier, index) => {
    const offset = (index / COURIERS) * INTERVAL_MS;
    for (let step = 0; step < reportsEach; step++) {
      runs.push(new Promise((resolve) => setTimeout(() => void report(courier.id, step).then(resolve), offset + step * INTERVAL_MS)));
    }
  });
  await Promise.all(runs);
  const elapsed = performance.now() - startedAt;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  socket.close();

  const deliveries: number[] = [];
  let lost = 0;
  for (const [key, sent] of sentAt) {
    const arrived = received.get(key);
    if (arrived == null) lost++;
    else deliveries.push(arrived - sent);
  }
  deliveries.sort((a, b) => a - b);
  httpLatencies.sort((a, b) => a - b);

  // Each Durable Object must hold exactly the last position its courier sent.
  let objectsMatching = 0;
  for (const courier of courierRows) {
    const track = (await (await fetch(`${stack.baseUrl}/api/couriers/${courier.id}/track`, { headers: { Cookie: adminCookie } })).json()) as Array<{
      latitude: number;
      longitude: number;
      recordedAt: string;
    }>;
    const latest = track.at(-1);
    const expected = lastAccepted.get(courier.id);
    if (
      latest &&
      expected &&
      latest.latitude === expected.latitude &&
      latest.longitude === expected.longitude &&
      Date.parse(latest.recordedAt) === expected.recordedAt
    )
      objectsMatching++;
  }

  // The database catches up within one write-through interval.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const rows = await db
    .select()
    .from(couriers)
    .where(
      inArray(
        couriers.id,
        courierRows.map((courier) => courier.id),
      ),
    );
  const rowsMatching = rows.filter((row) => row.lastLocationUpdateTime === lastAccepted.get(row.id)?.recordedAt).length;

  const results = {
    measuredAt: new Date().toISOString(),
    couriers: COURIERS,
    intervalSeconds: INTERVAL_MS / 1000,
    durationSeconds: round(elapsed / 1000),
    reportsSent: accepted + refused + failed,
    accepted,
    refused,
    failed,
    failureCauses: Object.fromEntries(failures),
    throughputPerSecond: round((accepted + refused + failed) / (elapsed / 1000)),
    acceptedButNotDelivered: lost,
    durableObjectsHoldingLastSent: `${objectsMatching} of ${COURIERS}`,
    databaseRowsCaughtUp: `${rowsMatching} of ${COURIERS}`,
    reportHttpMs: { p50: round(percentile(httpLatencies, 50)), p95: round(percentile(httpLatencies, 95)), p99: round(percentile(httpLatencies, 99)) },
    socketDeliveryMs: {
      p50: round(percentile(deliveries, 50)),
      p95: round(percentile(deliveries, 95)),
      p99: round(percentile(deliveries, 99)),
      max: round(deliveries.at(-1) ?? NaN),
    },
  };
  console.log(JSON.stringify(results, null, 2));

  const bench = join(ROOT, 'bench');
  mkdirSync(bench, { recursive: true });
  writeFileSync(join(bench, 'live.json'), `${JSON.stringify(results, null, 2)}\n`);
  const section = [
    '## Live positions (issue 6)',
    '',
    `Run with \`npm run bench:live\` on ${results.measuredAt.slice(0, 10)}: ${COURIERS} couriers, one report every ${INTERVAL_MS / 1000} s each, ${results.durationSeconds} s, on this 2-core machine against \`wrangler dev\` and sqld. Raw figures: \`bench/live.json\`.`,
    '',
    '| Measure | Result | Target |',
    '|---|---|---|',
    `| Reports sent / accepted / refused / failed | ${results.reportsSent} / ${accepted} / ${refused} / ${failed} | all accepted |`,
    `| Accepted reports missing on the admin socket | ${lost} | 0 |`,
    `| Durable Objects holding the last position sent | ${results.durableObjectsHoldingLastSent} | all |`,
    `| Courier rows caught up after one write-through interval | ${results.databaseRowsCaughtUp} | all |`,
    `| Report → admin socket, p50 / p95 / p99 / max | ${results.socketDeliveryMs.p50} / ${results.socketDeliveryMs.p95} / ${results.socketDeliveryMs.p99} / ${results.socketDeliveryMs.max} ms | p95 < 1000 ms |`,
    `| POST /api/couriers/location, p50 / p95 / p99 | ${results.reportHttpMs.p50} / ${results.reportHttpMs.p95} / ${results.reportHttpMs.p99} ms | |`,
    `| Throughput | ${results.throughputPerSecond} reports/s | ${COURIERS / (INTERVAL_MS / 1000)} reports/s offered |`,
    '',
  ].join('\n');
  const resultsFile = join(bench, 'RESULTS.md');
  let existing = '';
  try {
    existing = readFileSync(resultsFile, 'utf8');
  } catch {
    existing = '# Benchmark results\n\n';
  }
  const updated = existing.includes('## Live positions (issue 6)')
    ? existing.replace(/## Live positions \(issue 6\)[\s\S]*?(?=\n## |$)/, `${section}`)
    : `${existing.trimEnd()}\n\n${section}`;
  writeFileSync(resultsFile, updated.endsWith('\n') ? updated : `${updated}\n`);
  const passed = lost === 0 && failed === 0 && refused === 0 && objectsMatching === COURIERS && results.socketDeliveryMs.p95 < 1000;
  console.log(passed ? '✓ Live positions: every target met' : '✗ Live positions: a target was missed (see above)');
  process.exitCode = passed ? 0 : 1;
} finally {
  await stack.stop();
}
