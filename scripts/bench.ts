/**
 * npm run bench — speed and scale at 100,000 orders (issues 8 and 19).
 *
 *   npm run bench                    no added latency: 4 connections (BENCH_CONNECTIONS)
 *   npm run bench -- --latency 20    20 ms added each way between the Worker and the database,
 *                                    one connection: each page as "RTT + X ms"
 *   --only <text>[,<text>…]          only the targets whose name contains one of the texts (a dev run)
 *   --sections timing,webhooks,...   only these sections (a dev run); partial runs print, and
 *                                    write neither bench/RESULTS.md nor the JSON
 *   --orders 1000000                 on the dataset of that many orders (npm run seed:scale)
 *   BENCH_SECONDS (8), BENCH_IDLE_SECONDS (60)
 *
 * 1. Builds (or reuses) the scale dataset in bench/.data (npm run seed:scale).
 * 2. Runs the production build of the Worker (minified, React's production build) under
 *    wrangler dev, its DATABASE_URL pointing at a proxy in front of sqld that adds the
 *    latency (none by default) and counts round trips (scripts/bench/latencyProxy.ts).
 * 3. timing: each page and call, p50/p95/p99 and throughput with autocannon, a static asset
 *    of the same Worker as the floor; and each one's database round trips, counted at the
 *    proxy for one request made alone, streamed regions and work after the answer included.
 * 4. weights: what a browser downloads per page (HTML, CSS, JS, gzip).
 * 5. polling: the bytes per minute one admin orders tab costs, the spec's naive polling
 *    against our partial with an ETag.
 * 6. memory: the Worker's heap growth per request, read over the V8 inspector.
 *    (profile, asked for alone: each target's CPU per request in the Worker and the functions that spend it;
 *    BENCH_PROFILE_DIR=dir keeps each raw profile for Chrome DevTools.)
 * 7. idle: requests, socket frames and database round trips per minute of screens left open
 *    in Chromium (courier dashboard, admin orders tab, tracking page).
 * 8. webhooks: events per second delivered to a local receiver.
 * 9. burst: 200 orders of 10 businesses cancelled at once, each change timed to its webhook
 *    and its customer's text (scripts/bench/deliveryBurst.ts).
 * Writes bench/results.json (or bench/results-latency.json) and its block of bench/RESULTS.md.
 */
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { createDb, type Db } from '../src/db/client';
import { completedIn } from '../src/db/completedOrders';
import { apiKeys, couriers, orders, restaurants, users } from '../src/db/schema';
import { dayIn, dayRange, monthIn } from '../src/domain/time';
import { singleOrderBody } from '../tests/support/business';
import { startFakeMessaging, type FakeMessaging } from '../tests/support/fakeMessaging';
import { insertSession } from '../tests/support/factories';
import { buildAssets } from './build-assets';
import { idleCost, launchChromium, type IdleCost } from './bench/idleCost';
import { startLatencyProxy, type LatencyProxy } from './bench/latencyProxy';
import { deliveryBurst, type DeliveryBurst } from './bench/deliveryBurst';
import { webhookFanOut, type FanOut } from './bench/webhookFanOut';
import { connectWorkerHeap, type HeapGrowth } from './bench/workerHeap';
import { profileRequests } from './bench/workerProfile';
import { ROOT, snapshotSources, startWorker } from './lib/stack';
import { restartScaleDatabase, scaleOf, startScaleDatabase } from './seed-scale';

const { values: flags } = parseArgs({
  options: { latency: { type: 'string', default: '0' }, only: { type: 'string' }, sections: { type: 'string' }, orders: { type: 'string' } },
});
/** The dataset measured: 100,000 orders unless --orders says (npm run seed:scale -- --orders N builds it). */
const SCALE = scaleOf(flags.orders ? Number(flags.orders) : undefined);
if (!Number.isSafeInteger(SCALE.orders) || SCALE.orders <= 0) throw new Error(`--orders takes a number of orders, not "${flags.orders}"`);
/** Added each way between the Worker and the database, ms. */
const LATENCY_MS = Number(flags.latency);
if (!Number.isFinite(LATENCY_MS) || LATENCY_MS < 0) throw new Error(`--latency takes milliseconds, not "${flags.latency}"`);
const WITH_LATENCY = LATENCY_MS > 0;
// With latency, one request at a time: on 2 shared cores more connections measure queueing, not latency.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (WITH_LATENCY ? 1 : 4));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const ALL_SECTIONS = WITH_LATENCY ? ['timing', 'webhooks', 'burst'] : ['timing', 'weights', 'polling', 'memory', 'idle', 'webhooks', 'burst'];
const SECTIONS = new Set(flags.sections ? flags.sections.split(',') : ALL_SECTIONS);
/** A partial run (some targets or sections) prints its figures and writes no results. */
const PARTIAL = Boolean(flags.only || flags.sections);
/** The issue's goal with latency: p50 at most the round trips' network time plus this. */
const X_TARGET_MS = 15;
const ZONE = 'America/New_York';
const DAY = 86_400_000;

/** A page or call the benchmark times. */
interface Target {
  name: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Each request's own path or headers (the next order to move, the next API key). */
  vary?: () => { path?: string; headers?: Record<string, string> };
  /** Database round trips allowed (issue 19): a read makes one, a write two. */
  budget: number;
  /** A download (the CSV), judged by its first bytes. */
  download?: boolean;
}

interface RoundTrips {
  /** Counted at the proxy: trips answered before the answer's last byte reached the client. */
  whole: number;
  /** Of those, how many came one after another (trips made together count once): what the network costs in time. */
  inSequence: number;
  /** Counted at the proxy after the answer (waitUntil work: events, pushes). */
  after: number;
  /** What the Worker's Server-Timing header said: what happened before the first byte. */
  header: number | null;
  status: number;
  /** The trips' time beyond the added latency: sqld's work (and the proxy's hop). */
  databaseMs: number;
}

interface Timing {
  name: string;
  requests: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
  ratioP50?: number;
  ratioP95?: number;
  /** For downloads (the CSV): the time to the first bytes, which is what the person waits for. */
  firstByte?: { p50: number; p95: number; ratioP50?: number; ratioP95?: number };
  roundTrips?: RoundTrips;
  budget?: number;
  /** With latency: what the round trips cost on the network (2 × latency × round trips in sequence), and the rest. */
  rttMs?: number;
  xP50?: number;
  xP95?: number;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const kb = (bytes: number) => round(bytes / 1024, 1);

/** One request of a target, its body read to the end. */
async function requestOnce(base: string, target: Target): Promise<Response> {
  const varied = target.vary?.() ?? {};
  const response = await fetch(`${base}${varied.path ?? target.path}`, {
    method: target.method ?? 'GET',
    headers: { ...target.headers, ...varied.headers },
    body: target.body,
  });
  await readAll(response);
  return response;
}

/**
 * The target's round trips, on a request made alone after one to warm up (the issue counted
 * the second request too). The proxy sees every trip, the Worker's background work's (a
 * queue consumer, an alarm) included: the fewest of three requests is the request's own.
 */
async function countRoundTrips(base: string, target: Target, proxy: LatencyProxy): Promise<RoundTrips> {
  await requestOnce(base, target);
  let fewest: RoundTrips | undefined;
  for (let i = 0; i < 3; i++) {
    let response: Response | undefined;
    const { during, inSequence, after, databaseMs } = await proxy.roundTripsOf(async () => (response = await requestOnce(base, target)));
    const header = /desc="(\d+) round trips?"/.exec(response!.headers.get('server-timing') ?? '')?.[1];
    const counted = {
      whole: during,
      inSequence,
      after,
      header: header == null ? null : Number(header),
      status: response!.status,
      databaseMs: round(databaseMs),
    };
    if (!fewest || counted.whole + counted.after < fewest.whole + fewest.after) fewest = counted;
  }
  return fewest!;
}

/** Runs autocannon against one target, keeping every response time. */
async function measure(base: string, target: Target): Promise<Timing> {
  // A download (the month's CSV) takes seconds each under load: a longer window and timeout, so some finish.
  const seconds = target.download ? SECONDS * 3 : SECONDS;
  const options: autocannon.Options = {
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: target.download ? 60 : 10,
    requests: [
      {
        path: target.path,
        method: (target.method ?? 'GET') as autocannon.Request['method'],
        headers: target.headers,
        body: target.body,
        ...(target.vary
          ? {
              setupRequest: (request: autocannon.Request) => {
                const varied = target.vary!();
                return { ...request, path: varied.path ?? request.path, headers: { ...request.headers, ...varied.headers } };
              },
            }
          : {}),
      },
    ],
  };
  // Warm up (JIT, caches, connections) before measuring.
  await autocannon({ ...options, duration: 1 });
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      times.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  times.sort((a, b) => a - b);
  const timing = {
    name: target.name,
    requests: times.length,
    throughput: round(times.length / seconds),
    p50: round(percentile(times, 50), 2),
    p95: round(percentile(times, 95), 2),
    p99: round(percentile(times, 99), 2),
    statuses,
  };
  console.log(
    `  ${target.name.padEnd(44)} p50 ${String(timing.p50).padStart(7)} ms  p95 ${String(timing.p95).padStart(7)} ms  ${timing.throughput} req/s  ${JSON.stringify(statuses)}${result.errors ? `  errors ${result.errors}` : ''}`,
  );
  return timing;
}

/** Order numbers of the orders the status-change run creates (the dataset's are plain numbers). */
const STATUS_CHANGE_PREFIX = 'B';
const KEY_NAME = 'Benchmark';

/**
 * Removes orders the benchmark made, with every row that names them (found by their
 * order_id column, so a table added later is covered), so every run measures the same
 * 100,000 orders.
 */
async function removeOrders(db: Db, made: ReturnType<typeof sql>): Promise<void> {
  const ids = (await db.all<{ id: number }>(sql`select id from orders where ${made}`)).map((row) => row.id);
  if (ids.length === 0) return;
  const tables = await db.all<{ name: string }>(
    sql`select m.name from sqlite_master m where m.type = 'table' and m.name <> 'orders' and exists (select 1 from pragma_table_info(m.name) where name = 'order_id')`,
  );
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.batch([
    db.run(sql`delete from webhook_attempts where delivery_id in (select id from webhook_deliveries where order_id in (${list}))`),
    ...tables.map((table) => db.run(sql`delete from ${sql.identifier(table.name)} where order_id in (${list})`)),
    db.run(sql`delete from orders where id in (${list})`),
  ] as unknown as Parameters<Db['batch']>[0]);
}
async function signIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`sign in ${username}: ${response.status}`);
  // Every cookie a browser would keep: the session, its hint (which lets a read check the session in its own round trip), the device.
  return cookiesOf(response);
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** A session made in the database, with the cookies its first request gets (the session hint), as a browser holds them after one page. */
async function browserSession(base: string, db: Db, userId: number): Promise<string> {
  const sessionId = await insertSession(db, userId);
  const first = await fetch(`${base}/api/user`, { headers: { Cookie: `sid=${sessionId}` } });
  await readAll(first);
  const given = cookiesOf(first);
  return [`sid=${sessionId}`, given].filter(Boolean).join('; ');
}

/** The JS a page makes the browser download: its runtime and islands, and every module they import. */
async function pageWeight(base: string, path: string, cookie: string) {
  const html = await (await fetch(`${base}${path}`, { headers: { Cookie: cookie } })).text();
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]);
  const roots = [
    ...html.matchAll(/<script type="module" src="([^"]+)"/g),
    ...html.matchAll(/data-src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
  ].map((match) => match[1]);
  const seen = new Map<string, string>();
  const queue = [...new Set(roots)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const source = await (await fetch(`${base}${file}`)).text();
    seen.set(file, source);
    for (const match of source.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g)) queue.push(new URL(match[1], `http://x${file}`).pathname);
  }
  const gz = (text: string) => gzipSync(text).length;
  const js = [...seen.values()].reduce((sum, source) => sum + gz(source), 0);
  // React's production build links its errors to react.dev: a module with that text carries React.
  const react = [...seen.values()].filter((source) => source.includes('react.dev/errors')).reduce((sum, source) => sum + gz(source), 0);
  let cssBytes = 0;
  for (const file of css) cssBytes += gz(await (await fetch(`${base}${file}`)).text());
  return {
    path,
    htmlKB: kb(gz(html)),
    cssKB: kb(cssBytes),
    jsKB: kb(js),
    reactKB: kb(react),
    islands: [...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]),
  };
}

/** Time to the first chunk of the body, over sequential requests: how soon a download starts. */
async function firstByte(url: string, cookie: string, samples = 20): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { Cookie: cookie } });
    const reader = response.body!.getReader();
    await reader.read();
    times.push(performance.now() - started);
    await reader.cancel();
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2) };
}

async function readAll(response: Response): Promise<number> {
  let bytes = 0;
  if (!response.body) return 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.length;
  }
}

/** A response's size on the wire: status line, headers and body. */
function wireBytes(response: Response, body: number): number {
  let headers = `HTTP/1.1 ${response.status} ${response.statusText}\r\n`.length + 2;
  response.headers.forEach((value, name) => (headers += name.length + value.length + 4));
  return headers + body;
}

/** One minute of an admin orders tab: our partial polled with its ETag, while one order changes. */
async function ourPollingMinute(base: string, cookie: string, db: Db): Promise<{ bytes: number; responses: Record<string, number> }> {
  const path = '/admin/orders';
  let etag: string | undefined;
  let bytes = 0;
  const responses: Record<string, number> = {};
  for (let tick = 0; tick < 12; tick++) {
    if (tick === 6) {
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'new')).limit(1);
      await db
        .update(orders)
        .set({ customerName: `Changed ${Date.now()}`, updatedAt: Date.now() })
        .where(eq(orders.id, order.id));
    }
    const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie, 'X-Partial': 'orders', ...(etag ? { 'If-None-Match': etag } : {}) } });
    const body = await readAll(response);
    etag = response.headers.get('etag') ?? etag;
    bytes += wireBytes(response, body);
    responses[response.status] = (responses[response.status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  return { bytes, responses };
}
async function main() {
  const started = Date.now();
  console.log(`▶ Scale dataset${PARTIAL ? ' (a partial run: results are printed, not written)' : ''}`);
  let sqld = await startScaleDatabase(SCALE);
  const db = createDb(sqld.url, undefined, 120_000);
  const [{ orderCount }] = await db.select({ orderCount: sql<number>`count(*)` }).from(orders);

  console.log('▶ Production build of the Worker');
  await buildAssets();
  const sourceDir = snapshotSources(mkdtempSync(join(tmpdir(), 'dispatch-bench-')));
  const persistDir = mkdtempSync(join(tmpdir(), 'dispatch-bench-state-'));
  const madeByApi = { restaurantId: 0 };
  let apiWasEnabled = false;
  let proxy: LatencyProxy | undefined;
  let messaging: FakeMessaging | undefined;
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  try {
    const { business, courier, mover, template, pool } = await prepareDataset(db);
    madeByApi.restaurantId = business.restaurantId;
    apiWasEnabled = business.apiEnabled;
    let next = 0;
    // What this run wrote (and the cleanup of the last) is folded into the database file, so
    // the pages read below read it rather than a long WAL (P19-6).
    sqld = await restartScaleDatabase(sqld, SCALE);

    // The Worker reaches sqld through the proxy in both modes, so round trips are counted the same way.
    proxy = await startLatencyProxy(sqld.url, LATENCY_MS);
    messaging = await startFakeMessaging();
    worker = await startBenchWorker({ persistDir, sourceDir, databaseUrl: proxy.url, messagingUrl: messaging.url });
    const base = worker.url;
    const admin = await signIn(base, 'admin');
    const businessCookie = await signIn(base, business.username);
    const courierCookie = await browserSession(base, db, courier.userId);
    const moverCookie = await browserSession(base, db, mover.userId);

    const keys = await makeApiKeys(base, businessCookie);
    let nextKey = 0;
    const apiHeaders = () => ({ Authorization: `Bearer ${keys[nextKey++ % keys.length]}` });

    // A customer's tracking link: an order on its way, with a courier, as a customer most often opens it.
    const [tracked] = await db
      .select({ token: orders.trackingToken })
      .from(orders)
      .where(and(eq(orders.status, 'on_way_to_customer'), isNotNull(orders.courierId), isNotNull(orders.trackingToken)))
      .limit(1);
    const trackingToken = tracked.token!;

    const today = dayIn(ZONE);
    const thirtyDaysAgo = dayIn(ZONE, Date.now() - 29 * DAY);
    // Created through the API by the timing run and the webhook run; removed afterwards.
    const apiOrderBody = (name: string) => JSON.stringify(singleOrderBody({ customerName: name, internalOrderNumber: `API-BENCH-${name}` }));

    const allTargets = benchTargets({
      admin,
      businessCookie,
      courierCookie,
      moverCookie,
      trackingToken,
      templateId: template.id,
      apiHeaders,
      nextPooled: () => pool[next++ % pool.length],
      apiOrderBody,
    });
    const wanted = flags.only?.toLowerCase().split(',');
    const targets = allTargets.filter((target) => !wanted || wanted.some((text) => target.name.toLowerCase().includes(text)));

    const run: BenchRun = {
      base,
      db,
      proxy,
      workerInspectorPort: worker.inspectorPort,
      admin,
      businessCookie,
      courierCookie,
      trackingToken,
      orderCount,
      targets,
      thirtyDaysAgo,
      today,
    };
    if (SECTIONS.has('profile')) await printProfiles(run);
    const memory = SECTIONS.has('memory') ? await measureMemory(run) : undefined;
    const { floor, floorFirstByte, timings } = SECTIONS.has('timing')
      ? await measureTimings(run)
      : { floor: undefined, floorFirstByte: undefined, timings: [] };
    const pages = SECTIONS.has('weights') ? await measurePageWeights(run) : [];
    const polling = SECTIONS.has('polling') ? await measurePolling(run) : undefined;
    const idle = SECTIONS.has('idle') ? await measureIdle(run) : [];

    const webhooks = SECTIONS.has('webhooks') ? await measureWebhooks(run, apiHeaders, apiOrderBody) : undefined;
    const burst = SECTIONS.has('burst') ? await measureBurst(run, messaging) : undefined;

    const results: Results = {
      measuredAt: new Date().toISOString(),
      machine: '2 cores (shared), wrangler dev (workerd) + sqld on loopback through the latency proxy, production build',
      orders: orderCount,
      latencyMs: LATENCY_MS,
      connections: CONNECTIONS,
      secondsPerTarget: SECONDS,
      floor,
      floorFirstByte,
      timings,
      pages,
      polling,
      memory,
      idle,
      webhooks,
      burst,
      durationSeconds: Math.round((Date.now() - started) / 1000),
    };
    publishResults(results);
  } catch (error) {
    // Printed now: the cleanup below can fail too (a stuck database) and would hide it.
    console.error('The benchmark stopped:', error);
    throw error;
  } finally {
    await worker?.stop();
    await proxy?.stop();
    await messaging?.stop();
    await removeOrders(db, sql`order_number like ${`${STATUS_CHANGE_PREFIX}%`}`);
    if (madeByApi.restaurantId) {
      await removeOrders(db, sql`restaurant_id = ${madeByApi.restaurantId} and internal_order_number like 'API-BENCH%'`);
      await db.delete(apiKeys).where(and(eq(apiKeys.restaurantId, madeByApi.restaurantId), eq(apiKeys.name, KEY_NAME)));
      await db.update(restaurants).set({ apiEnabled: apiWasEnabled }).where(eq(restaurants.id, madeByApi.restaurantId));
    }
    await sqld.stop();
    rmSync(sourceDir, { recursive: true, force: true });
    rmSync(persistDir, { recursive: true, force: true });
  }
}

/** The production build under wrangler dev: webhooks go to the benchmark's receivers on loopback, texts to its fake provider; no geocoder is reachable here. */
function startBenchWorker(options: { persistDir: string; sourceDir: string; databaseUrl: string; messagingUrl: string }) {
  return startWorker({
    persistDir: options.persistDir,
    sourceDir: options.sourceDir,
    production: true,
    // BENCH_WORKER_LOG=file keeps what the Worker logs (a dev run's tracing).
    logFile: process.env.BENCH_WORKER_LOG,
    // A CPU profile needs the functions' names.
    minify: !SECTIONS.has('profile'),
    vars: {
      DATABASE_URL: options.databaseUrl,
      PROXIMITY_CHECK: 'off',
      ALLOW_LOCAL_WEBHOOKS: 'on',
      CENSUS_GEOCODER_URL: 'off',
      TWILIO_ACCOUNT_SID: 'AC-bench',
      TWILIO_AUTH_TOKEN: 'bench',
      TWILIO_FROM_NUMBER: '+18135550100',
      TWILIO_API_URL: options.messagingUrl,
    },
  });
}

/**
 * The dataset's busiest business, a courier whose dashboard is measured and one whose orders
 * the status changes move, and the pool of orders those changes move (removed afterwards,
 * so every run measures the same orders).
 */
async function prepareDataset(db: Db) {
  // The busiest business and courier of the dataset, and one admin.
  const [business] = await db
    .select({ username: users.username, restaurantId: restaurants.id, apiEnabled: restaurants.apiEnabled, count: sql<number>`count(${orders.id})` })
    .from(restaurants)
    .innerJoin(users, eq(users.id, restaurants.userId))
    .innerJoin(orders, eq(orders.restaurantId, restaurants.id))
    .where(eq(restaurants.customerType, 'restaurant'))
    .groupBy(restaurants.id)
    .orderBy(desc(sql`count(${orders.id})`))
    .limit(1);
  // Two couriers: one whose dashboard is measured, one whose orders the status changes move
  // (so the thousands of orders those need do not crowd the first one's lists).
  const [courier, mover] = await db
    .select({ username: users.username, courierId: couriers.id, userId: users.id, zoneId: couriers.zoneId })
    .from(couriers)
    .innerJoin(users, eq(users.id, couriers.userId))
    .where(sql`${users.username} like 'driver%'`)
    .orderBy(couriers.id)
    .limit(2);

  // The business's system gets API access (its keys are made below, through the API).
  await removeOrders(db, sql`restaurant_id = ${business.restaurantId} and internal_order_number like 'API-BENCH%'`);
  await db.delete(apiKeys).where(and(eq(apiKeys.restaurantId, business.restaurantId), eq(apiKeys.name, KEY_NAME)));
  await db.update(restaurants).set({ apiEnabled: true }).where(eq(restaurants.id, business.restaurantId));

  // Orders for the status-change run: each request moves a different order one step.
  // They are removed afterwards, so every run measures the same 100,000 orders.
  await removeOrders(db, sql`order_number like ${`${STATUS_CHANGE_PREFIX}%`}`);
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, business.restaurantId));
  const template = (await db.select().from(orders).where(eq(orders.restaurantId, restaurant.id)).limit(1))[0];
  const { id: _id, trackingToken: _token, ...fields } = template;
  const pool: number[] = [];
  for (let i = 0; i < (SECTIONS.has('timing') ? 8 : 0); i++) {
    const rows = await db
      .insert(orders)
      .values(
        Array.from({ length: 500 }, (_, j) => ({
          ...fields,
          orderNumber: `${STATUS_CHANGE_PREFIX}${i}-${j}`,
          status: 'courier_on_way_to_pickup' as const,
          courierId: mover.courierId,
          pickupTime: Date.now() + DAY,
          deliveryTime: Date.now() + DAY + 3_600_000,
          completedAt: null,
        })),
      )
      .returning({ id: orders.id });
    pool.push(...rows.map((row) => row.id));
  }
  return { business, courier, mover, template, pool };
}

/** Ten API keys of the business (each may make 10 requests a second), used in turn. */
async function makeApiKeys(base: string, businessCookie: string): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < 10; i++) {
    const made = await fetch(`${base}/api/api-keys`, {
      method: 'POST',
      headers: { Cookie: businessCookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: KEY_NAME }),
    });
    if (made.status !== 201) throw new Error(`API key: ${made.status} ${await made.text()}`);
    keys.push(((await made.json()) as { key: string }).key);
  }
  return keys;
}

/** Webhook fan-out: orders created and cancelled through /api/v1, each event timed to its delivery. */
async function measureWebhooks({ base, businessCookie }: BenchRun, apiHeaders: () => Record<string, string>, body: (name: string) => string): Promise<FanOut> {
  console.log('▶ Webhook fan-out: 100 orders created and cancelled through /api/v1');
  const webhooks = await webhookFanOut({ base, businessCookie, apiHeaders, orders: 100, body });
  console.log(
    `  ${webhooks.events} events delivered in ${webhooks.seconds} s: ${webhooks.eventsPerSecond} events/s; change → delivery p50 ${webhooks.lagP50} ms, p95 ${webhooks.lagP95} ms, max ${webhooks.lagMax} ms; ${webhooks.missing} missing`,
  );
  return webhooks;
}

/** The rush: 200 changes of 10 businesses, each timed to its webhook and its customer's text. */
async function measureBurst({ base, db, admin }: BenchRun, messaging: FakeMessaging): Promise<DeliveryBurst> {
  console.log('▶ Delivery burst: 200 orders of 10 businesses cancelled at once; their webhooks and texts');
  const burst = await deliveryBurst({ base, db, adminCookie: admin, messaging, removeOrders: (where) => removeOrders(db, where) });
  for (const line of burstTable(burst)) console.log(`  ${line}`);
  return burst;
}

/** The burst's table: change → delivery for webhooks and texts, against the target. */
function burstTable(burst: DeliveryBurst): string[] {
  const target = WITH_LATENCY ? 3000 : 2000;
  const row = (name: string, lags: DeliveryBurst['webhooks']) =>
    `| ${name} | ${lags.delivered} of ${lags.expected} | ${lags.p50} | ${lags.p95} | ${lags.max} | ${mark(lags.delivered === lags.expected && lags.p95 <= target)} |`;
  return [
    `${burst.changes} changes of ${burst.businesses} businesses sent in ${burst.changeSeconds} s (8 at a time); ${burst.deliveriesPerSecond} deliveries/s from the first change to the last arrival. Target: every one delivered, p95 ≤ ${target} ms.`,
    '',
    '| Delivered | Count | p50 ms | p95 ms | max ms | Target |',
    '|---|---|---|---|---|---|',
    row('Webhooks', burst.webhooks),
    row('Customer texts', burst.messages),
    '',
    `A backlog: ${burst.backlog.changes} more changes of the same businesses committed at once and handed to the queue by one request: ${burst.backlog.delivered} of ${burst.backlog.expected} webhooks and texts in ${burst.backlog.seconds} s, **${burst.backlog.eventsPerSecond} events/s** (${burst.backlog.deliveriesPerSecond} deliveries/s) ${mark(burst.backlog.delivered === burst.backlog.expected && (WITH_LATENCY || burst.backlog.eventsPerSecond >= 100))}. Target without added latency: 100 events/s.`,
  ];
}

/** The raw figures of a run: `results[-latency][-<orders>].json`, the default dataset's without its size. */
const resultsFile = (latency: boolean, orders = SCALE.orders) =>
  join(ROOT, `bench/results${latency ? '-latency' : ''}${orders === scaleOf().orders ? '' : `-${orders}`}.json`);

/**
 * Written to bench/ unless this is a partial run, which only prints. A run on the default
 * dataset writes its block of RESULTS.md; a run on another size writes its figures beside
 * them; with latency, either one writes the block that sets the two sizes side by side.
 */
function publishResults(results: Results): void {
  if (PARTIAL) {
    console.log(`\nA partial run, done in ${results.durationSeconds} s: nothing written.`);
    return;
  }
  const file = resultsFile(WITH_LATENCY);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  if (SCALE.orders === scaleOf().orders)
    writeResultsMarkdown(WITH_LATENCY ? 'bench-latency' : 'bench', WITH_LATENCY ? latencyBlock(results) : plainBlock(results));
  if (WITH_LATENCY) writeSizesBlock();
  console.log(`\nDone in ${results.durationSeconds} s: ${file.slice(ROOT.length + 1)}, bench/RESULTS.md`);
}

/** The growth target of issue 31: a page's p50 at ten times the orders within this factor of its p50 now. */
const GROWTH_TARGET = 1.25;
const LARGE_ORDERS = 1_000_000;

/** The default dataset and ten times it, with latency, page by page (when both runs exist). */
function writeSizesBlock(): void {
  let small: Results;
  let large: Results;
  try {
    small = JSON.parse(readFileSync(resultsFile(true, scaleOf().orders), 'utf8')) as Results;
    large = JSON.parse(readFileSync(resultsFile(true, LARGE_ORDERS), 'utf8')) as Results;
  } catch {
    return;
  }
  const rows = small.timings.flatMap((before) => {
    const after = large.timings.find((timing) => timing.name === before.name);
    if (!after) return [];
    const ratio = after.p50 / before.p50;
    const trips = (timing: Timing) => timing.roundTrips?.whole ?? '–';
    const database = (timing: Timing) => timing.roundTrips?.databaseMs ?? '–';
    return [
      `| ${before.name} | ${trips(before)} → ${trips(after)} | ${before.p50} | ${after.p50} | ${round(ratio, 2)} | ${database(before)} → ${database(after)} | ${mark(ratio <= GROWTH_TARGET)} |`,
    ];
  });
  const count = (results: Results) => results.orders.toLocaleString('en-US');
  writeResultsMarkdown('bench-sizes', [
    `## Ten times the data (issue 31): ${count(small)} and ${count(large)} orders, ${small.latencyMs} ms each way`,
    '',
    `\`npm run bench -- --latency ${small.latencyMs}\` (${small.measuredAt}) and \`npm run bench -- --latency ${large.latencyMs} --orders ${LARGE_ORDERS}\` (${large.measuredAt}), one connection. Target: a page's p50 at ${count(large)} orders within ${GROWTH_TARGET}× of its p50 at ${count(small)}. Database ms: the round trips' time beyond the added latency (sqld running the statements, and the proxy's hop), for one request made alone. Raw figures: \`${resultsFile(true, scaleOf().orders).slice(ROOT.length + 1)}\`, \`${resultsFile(true, LARGE_ORDERS).slice(ROOT.length + 1)}\`.`,
    '',
    `| Page or call | Round trips | p50 ms, ${count(small)} | p50 ms, ${count(large)} | Ratio | Database ms | ≤ ${GROWTH_TARGET}× |`,
    '|---|---|---|---|---|---|---|',
    ...rows,
  ]);
}

/** What the timing run requests: each page and API as its caller asks for it, with its round-trip budget. */
function benchTargets({
  admin,
  businessCookie,
  courierCookie,
  moverCookie,
  trackingToken,
  templateId,
  apiHeaders,
  nextPooled,
  apiOrderBody,
}: {
  admin: string;
  businessCookie: string;
  courierCookie: string;
  moverCookie: string;
  trackingToken: string;
  templateId: number;
  apiHeaders: () => Record<string, string>;
  nextPooled: () => number;
  apiOrderBody: (name: string) => string;
}): Target[] {
  const month = monthIn(ZONE);
  const today = dayIn(ZONE);
  const thirtyDaysAgo = dayIn(ZONE, Date.now() - 29 * DAY);
  const csvPath = `/api/reports/earnings.csv?from=${thirtyDaysAgo}&to=${today}`;
  return [
    // The least any signed-in request costs: the session read.
    { name: 'GET /api/user (the session alone)', path: '/api/user', headers: { Cookie: admin }, budget: 1 },
    { name: 'Admin orders page', path: '/admin/orders', headers: { Cookie: admin }, budget: 1 },
    { name: 'Admin orders partial (changed: 200)', path: '/admin/orders', headers: { Cookie: admin, 'X-Partial': 'orders' }, budget: 1 },
    // Its If-None-Match is filled in just before it runs (the ETag includes the minute).
    { name: 'Admin orders partial (unchanged: 304)', path: '/admin/orders', headers: { Cookie: admin, 'X-Partial': 'orders' }, budget: 1 },
    // The page's other regions, each as its poll fetches it: what the whole page adds to its list.
    ...(['queue', 'map', 'board'] as const).map((region) => ({
      name: `Admin orders region: ${region}`,
      path: '/admin/orders',
      headers: { Cookie: admin, 'X-Partial': region },
      budget: 1,
    })),
    {
      name: 'GET /api/orders, a tab of the month, page 1',
      path: `/api/orders?status=completed&month=${month}&page=1&pageSize=50`,
      headers: { Cookie: admin },
      budget: 1,
    },
    { name: 'GET /api/orders, all, page 20', path: '/api/orders?page=20&pageSize=50', headers: { Cookie: admin }, budget: 1 },
    { name: 'Admin dashboard', path: '/admin', headers: { Cookie: admin }, budget: 1 },
    // As the Earnings screen asks for it: the cards and the first 50 rows; each summary tab's first page once it is opened (decision P31-4).
    {
      name: 'Earnings report, 30 days',
      path: `/api/reports/earnings?from=${thirtyDaysAgo}&to=${today}&page=1&pageSize=50`,
      headers: { Cookie: admin },
      budget: 1,
    },
    {
      name: 'Earnings Courier Summary, 30 days, page 1',
      path: `/api/reports/earnings/couriers?from=${thirtyDaysAgo}&to=${today}&page=1`,
      headers: { Cookie: admin },
      budget: 1,
    },
    {
      name: 'Earnings Restaurant Summary, 30 days, page 1',
      path: `/api/reports/earnings/restaurants?from=${thirtyDaysAgo}&to=${today}&page=1`,
      headers: { Cookie: admin },
      budget: 1,
    },
    { name: 'Earnings CSV, 30 days (whole file)', path: csvPath, headers: { Cookie: admin }, budget: 1, download: true },
    { name: 'Courier dashboard', path: '/courier/dashboard', headers: { Cookie: courierCookie }, budget: 1 },
    { name: 'GET /api/orders/courier', path: '/api/orders/courier', headers: { Cookie: courierCookie }, budget: 1 },
    { name: 'Business dashboard', path: '/dashboard', headers: { Cookie: businessCookie }, budget: 1 },
    { name: 'Tracking page /t/<token>', path: `/t/${trackingToken}`, budget: 1 },
    { name: 'GET /api/track/<token>', path: `/api/track/${trackingToken}`, budget: 1 },
    { name: 'GET /api/v1/orders (API key, 50 orders)', path: '/api/v1/orders?limit=50', vary: () => ({ headers: apiHeaders() }), budget: 1 },
    { name: 'GET /api/v1/orders/<id> (API key)', path: `/api/v1/orders/${templateId}`, vary: () => ({ headers: apiHeaders() }), budget: 1 },
    {
      name: 'Courier status change (PATCH)',
      path: '/api/orders/0',
      method: 'PATCH',
      headers: { Cookie: moverCookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'arrived_at_pickup' }),
      vary: () => ({ path: `/api/orders/${nextPooled()}` }),
      budget: 2,
    },
    {
      name: 'POST /api/v1/orders (API key, create)',
      path: '/api/v1/orders',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: apiOrderBody('Timing'),
      vary: () => ({ headers: apiHeaders() }),
      budget: 2,
    },
  ];
}

/** What the measuring sections share: the Worker, the signed-in callers, the dataset's facts. */
interface BenchRun {
  base: string;
  db: Db;
  proxy: LatencyProxy;
  workerInspectorPort: number | undefined;
  admin: string;
  businessCookie: string;
  courierCookie: string;
  trackingToken: string;
  orderCount: number;
  targets: Target[];
  thirtyDaysAgo: string;
  today: string;
}

/** The Worker's heap per request: first, on a Worker that has served only a warm-up request of each (P19-3). */
async function measureMemory({ base, db, targets, thirtyDaysAgo, today, workerInspectorPort }: BenchRun): Promise<Results['memory']> {
  console.log("▶ The Worker's heap per request (V8 inspector)");
  const csvRows = (
    await db
      .select({ count: sql<number>`count(*)` })
      .from(orders)
      .where(completedIn(dayRange(thirtyDaysAgo, ZONE, today)))
  )[0].count;
  const measured = targets.filter((target) => target.method == null && !target.name.includes('(unchanged: 304)'));
  for (const target of measured) await requestOnce(base, target);
  const heap = await connectWorkerHeap(workerInspectorPort!);
  const requests: Array<HeapGrowth & { name: string }> = [];
  try {
    for (const target of measured) {
      const growth = await heap.during(() => requestOnce(base, target));
      requests.push({ name: target.name, ...growth });
      console.log(
        `  ${target.name.padEnd(44)} ${growth.baselineMB} MB → peak ${growth.peakMB} MB (+${round(growth.peakMB - growth.baselineMB, 2)}), ${growth.afterMB} MB a second after (${growth.samples} samples)`,
      );
    }
  } finally {
    heap.close();
  }

  return { csvRows, requests };
}

/** Where each page's time goes inside the Worker (a dev run: printed, not written): its CPU per request and the functions that spend it. */
async function printProfiles({ base, targets, workerInspectorPort }: BenchRun): Promise<void> {
  console.log("▶ The Worker's CPU per request (V8 inspector, unminified production build, 100 requests one at a time)");
  for (const target of targets.filter((candidate) => candidate.method == null && !candidate.name.includes('(unchanged: 304)'))) {
    for (let i = 0; i < 20; i++) await requestOnce(base, target);
    const save = process.env.BENCH_PROFILE_DIR ? join(process.env.BENCH_PROFILE_DIR, `${target.name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`) : undefined;
    const profile = await profileRequests(workerInspectorPort!, () => requestOnce(base, target), 100, save);
    console.log(`  ${target.name}: ${profile.cpuPerRequestMs} ms CPU per request`);
    for (const entry of profile.top)
      console.log(`    ${String(entry.selfMs).padStart(6)} ms own  ${String(entry.totalMs).padStart(6)} ms with callees  ${entry.name}`);
  }
}

/** Latency, throughput and round trips of each target, against the floor of a static asset. */
async function measureTimings({ base, admin, targets, proxy, orderCount }: BenchRun): Promise<Pick<Results, 'floor' | 'floorFirstByte' | 'timings'>> {
  const assets = JSON.parse(readFileSync(join(ROOT, 'src/generated/assets.json'), 'utf8')) as { css: string };
  const timings: Timing[] = [];
  console.log(
    `▶ Latency, throughput and round trips (${CONNECTIONS} connection${CONNECTIONS === 1 ? '' : 's'}, ${SECONDS} s each, ${orderCount.toLocaleString('en-US')} orders, ${LATENCY_MS} ms added each way)`,
  );
  const floor = await measure(base, { name: 'Static asset (the floor)', path: assets.css, budget: 0 });
  const floorFirstByte = await firstByte(`${base}${assets.css}`, admin);
  for (const target of targets) {
    if (target.name.includes('(unchanged: 304)')) {
      // The region's ETag includes the minute (its "Urgent!" badges age), so the run starts in
      // a minute it can finish in, with that minute's ETag.
      const secondsLeft = 60 - ((Date.now() / 1000) % 60);
      if (secondsLeft < SECONDS + 8) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 100));
      const etag = (await fetch(`${base}${target.path}`, { headers: target.headers })).headers.get('etag')!;
      target.headers = { ...target.headers, 'If-None-Match': etag };
    }
    const roundTrips = await countRoundTrips(base, target, proxy);
    const timing = { ...(await measure(base, target)), roundTrips, budget: target.budget };
    if (target.download) timing.firstByte = await firstByte(`${base}${target.path}`, target.headers!.Cookie);
    timing.ratioP50 = round(timing.p50 / floor.p50);
    timing.ratioP95 = round(timing.p95 / floor.p95);
    // Compared with the floor's first bytes measured the same way (one request at a time).
    if (timing.firstByte)
      Object.assign(timing.firstByte, {
        ratioP50: round(timing.firstByte.p50 / floorFirstByte.p50),
        ratioP95: round(timing.firstByte.p95 / floorFirstByte.p95),
      });
    if (WITH_LATENCY) {
      timing.rttMs = 2 * LATENCY_MS * roundTrips.inSequence;
      timing.xP50 = round(timing.p50 - timing.rttMs);
      timing.xP95 = round(timing.p95 - timing.rttMs);
    }
    console.log(
      `    round trips: ${roundTrips.whole} for the whole answer (${roundTrips.status}), ${roundTrips.inSequence} in sequence, ${roundTrips.after} after it; Server-Timing says ${roundTrips.header}${WITH_LATENCY ? `; RTT ${timing.rttMs} ms + ${timing.xP50} ms p50, of which the database ${roundTrips.databaseMs} ms` : ''}`,
    );
    timings.push(timing);
  }
  return { floor, floorFirstByte, timings };
}

/** Bytes per page: HTML, CSS, JS (React apart). */
async function measurePageWeights({ base, admin, businessCookie, courierCookie, trackingToken }: BenchRun): Promise<Results['pages']> {
  const pages = [];
  console.log('▶ Bytes per page');
  const pagesToWeigh: Array<[string, string]> = [
    ['/auth', ''],
    ['/courier/login', ''],
    ['/admin', admin],
    ['/admin/zones', admin],
    ['/admin/orders', admin],
    ['/admin/couriers', admin],
    ['/admin/courier-tracking', admin],
    ['/admin/restaurants', admin],
    ['/admin/earnings', admin],
    ['/dashboard', businessCookie],
    ['/restaurant/orders', businessCookie],
    ['/restaurant/create-order', businessCookie],
    ['/restaurant/profile', businessCookie],
    ['/courier/dashboard', courierCookie],
    ['/courier/tasks', courierCookie],
    ['/courier/profile', courierCookie],
    ['/courier/earnings', courierCookie],
  ];
  for (const [path, cookie] of pagesToWeigh) pages.push(await pageWeight(base, path, cookie));
  const pharmacyCookie = await signIn(base, 'pharmacy');
  pages.push({ ...(await pageWeight(base, '/restaurant/create-order', pharmacyCookie)), path: '/restaurant/create-order (pharmacy)' });
  pages.push({ ...(await pageWeight(base, `/t/${trackingToken}`, '')), path: '/t/<token> (tracking)' });
  for (const page of pages)
    console.log(`  ${page.path.padEnd(38)} HTML ${page.htmlKB} KB  CSS ${page.cssKB} KB  JS ${page.jsKB} KB (React ${page.reactKB} KB)`);
  return pages;
}

/** What polling one admin orders tab for a minute costs, against refetching the list. */
async function measurePolling({ base, admin, db }: BenchRun): Promise<Results['polling']> {
  console.log('▶ Polling cost of one admin orders tab for a minute');
  const naiveResponse = await fetch(`${base}/api/orders`, { headers: { Cookie: admin } });
  const naiveBody = await readAll(naiveResponse);
  const naivePerMinute = 12 * wireBytes(naiveResponse, naiveBody);
  const ours = await ourPollingMinute(base, admin, db);
  const polling = {
    naiveBytesPerMinute: naivePerMinute,
    naiveResponseKB: kb(naiveBody),
    oursBytesPerMinute: ours.bytes,
    oursResponses: ours.responses,
    ratio: Math.round(naivePerMinute / ours.bytes),
  };
  console.log(
    `  naive: 12 × ${kb(naiveBody)} KB = ${kb(naivePerMinute)} KB/min; ours: ${kb(ours.bytes)} KB/min ${JSON.stringify(ours.responses)}; ${polling.ratio}× fewer bytes`,
  );
  return polling;
}

/** Idle screens in Chromium: requests, round trips and socket frames a minute. */
async function measureIdle({ base, admin, courierCookie, trackingToken, proxy }: BenchRun): Promise<IdleCost[]> {
  const idle: IdleCost[] = [];
  console.log(`▶ Idle screens, ${IDLE_SECONDS} s each in Chromium`);
  const browser = await launchChromium();
  try {
    const screens = [
      { name: 'Courier dashboard (phone)', base, path: '/courier/dashboard', cookie: courierCookie, phone: true },
      { name: 'Admin orders tab', base, path: '/admin/orders', cookie: admin },
      { name: 'Tracking page (phone)', base, path: `/t/${trackingToken}`, phone: true },
    ];
    for (const screen of screens) {
      const cost = await idleCost(browser, proxy, screen, IDLE_SECONDS);
      idle.push(cost);
      console.log(
        `  ${cost.name.padEnd(30)} ${cost.requestsPerMinute} requests/min ${JSON.stringify(cost.requests)}, ${cost.roundTripsPerMinute} round trips/min, ${cost.socketsOpen} sockets open, ${cost.socketFramesPerMinute} socket frames/min ${JSON.stringify(cost.polled)}`,
      );
    }
  } finally {
    await browser.close();
  }
  return idle;
}

type Results = {
  measuredAt: string;
  machine: string;
  orders: number;
  latencyMs: number;
  connections: number;
  secondsPerTarget: number;
  floor?: Timing;
  floorFirstByte?: { p50: number; p95: number };
  timings: Timing[];
  pages: Array<Awaited<ReturnType<typeof pageWeight>>>;
  polling?: { naiveBytesPerMinute: number; naiveResponseKB: number; oursBytesPerMinute: number; oursResponses: Record<string, number>; ratio: number };
  memory?: { csvRows: number; requests: Array<HeapGrowth & { name: string }> };
  idle: IdleCost[];
  webhooks?: FanOut;
  burst?: DeliveryBurst;
  durationSeconds: number;
};

const mark = (ok: boolean) => (ok ? '✓' : '✗');
const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');

/** The round trips a target made, against its budget. */
function roundTripCell(timing: Timing): string {
  const trips = timing.roundTrips!;
  const together = trips.inSequence < trips.whole ? `, ${trips.inSequence} in sequence` : '';
  const after = trips.after ? `, +${trips.after} after the answer` : '';
  return `${trips.whole}${together}${after} ${mark(trips.whole <= timing.budget!)}`;
}

function roundTripsTable(results: Results): string[] {
  return [
    '### Database round trips per request',
    '',
    `Counted at the proxy between the Worker and sqld for one request made alone (the second of two): the trips whose answers reached the Worker before the client had the answer's last byte, streamed regions included (a trip answered later cannot have been part of the answer). "In sequence" counts trips made together (overlapping in time at the proxy: a Promise.all, streamed regions) once: it is what latency multiplies. "After the answer" counts the others, until the proxy is quiet: work the Worker does once it has answered (events to the queue, pushes to phones), which no one waits for. Budget: a read 1, a write 2. The Server-Timing column is what the Worker's own header says; for a streamed page it counts only what happened before the first byte.`,
    '',
    '| Page or call | Round trips (budget) | Server-Timing says | Status |',
    '|---|---|---|---|',
    ...results.timings.map(
      (timing) => `| ${timing.name} | ${roundTripCell(timing)} (${timing.budget}) | ${timing.roundTrips!.header ?? '—'} | ${timing.roundTrips!.status} |`,
    ),
    '',
    `Over budget: ${
      results.timings
        .filter((timing) => timing.roundTrips!.whole > timing.budget!)
        .map((timing) => `${timing.name} (${timing.roundTrips!.whole})`)
        .join(', ') || 'none'
    }.`,
  ];
}

/** The block written without added latency: issue 8's tables, with round trips, memory per request, idle screens and webhooks. */
function plainBlock(results: Results): string[] {
  const courierPages = results.pages.filter((page) => page.path.startsWith('/courier'));
  const adminPages = results.pages.filter((page) => page.path.startsWith('/admin'));
  const cssKB = Math.max(...results.pages.map((page) => page.cssKB));
  const floor = results.floor!;
  const polling = results.polling!;
  const memory = results.memory!;
  const worst = memory.requests.reduce((a, b) => (b.peakMB - b.baselineMB > a.peakMB - a.baselineMB ? b : a));
  const growth = (request: HeapGrowth) => round(request.peakMB - request.baselineMB, 2);
  const webhooks = results.webhooks!;
  return [
    '## Speed and scale (issues 8 and 19), no added latency',
    '',
    `Measured ${results.measuredAt.slice(0, 16).replace('T', ' ')} UTC with \`npm run bench\` on this 2-core machine: ${results.orders.toLocaleString('en-US')} orders, the production build under wrangler dev against sqld (through the counting proxy, adding nothing), autocannon with ${results.connections} connections for ${results.secondsPerTarget} s per target (the CSV three times as long; after 1 s of warm-up): with 4 connections on 2 shared cores these figures include queueing; the latency table below (one connection) is the one that judges pages by round trips. Raw figures: \`bench/results.json\`. The run took ${results.durationSeconds} s.`,
    '',
    '### Latency against the floor',
    '',
    `The floor is a static asset served by the same Worker: p50 ${floor.p50} ms, p95 ${floor.p95} ms, ${floor.throughput} req/s. Targets: p50 within 5× of the floor, p95 within 10×. The CSV is a download of the whole month, so it is judged by how soon its first bytes arrive, against the floor's first bytes measured the same way (one request at a time: p50 ${results.floorFirstByte!.p50} ms, p95 ${results.floorFirstByte!.p95} ms).`,
    '',
    '| Page or call | p50 ms | p95 ms | p99 ms | req/s | p50 / floor | p95 / floor | Targets | Answers |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.timings.map((timing) =>
      timing.firstByte
        ? `| ${timing.name} | ${timing.p50} | ${timing.p95} | ${timing.p99} | ${timing.throughput} | ${timing.ratioP50}× | ${timing.ratioP95}× | a download: first bytes after ${timing.firstByte.p50} ms p50 (${timing.firstByte.ratioP50}×), ${timing.firstByte.p95} ms p95 (${timing.firstByte.ratioP95}×) ${mark(timing.firstByte.ratioP50! <= 5 && timing.firstByte.ratioP95! <= 10)} | ${statusList(timing.statuses)} |`
        : `| ${timing.name} | ${timing.p50} | ${timing.p95} | ${timing.p99} | ${timing.throughput} | ${timing.ratioP50}× | ${timing.ratioP95}× | ${mark(timing.ratioP50! <= 5 && timing.ratioP95! <= 10)} | ${statusList(timing.statuses)} |`,
    ),
    '',
    ...roundTripsTable(results),
    '',
    '### What a browser downloads (gzip)',
    '',
    '| Page | HTML KB | CSS KB | JS KB | of which React KB | Islands |',
    '|---|---|---|---|---|---|',
    ...results.pages.map((page) => `| ${page.path} | ${page.htmlKB} | ${page.cssKB} | ${page.jsKB} | ${page.reactKB} | ${page.islands.join(', ') || '—'} |`),
    '',
    `- Pages without islands load ${mark(results.pages.filter((page) => page.islands.length === 0).every((page) => page.reactKB === 0))} 0 KB of React.`,
    `- Courier pages: at most ${Math.max(...courierPages.map((page) => page.jsKB))} KB of JS including React (target ≤ 110 KB) ${mark(courierPages.every((page) => page.jsKB <= 110))}.`,
    `- Admin pages: at most ${Math.max(...adminPages.map((page) => page.jsKB))} KB (target ≤ 160 KB) ${mark(adminPages.every((page) => page.jsKB <= 160))}.`,
    `- CSS for the whole app: ${cssKB} KB (target ≤ 25 KB) ${mark(cssKB <= 25)}.`,
    '',
    '### Polling cost of one admin orders tab',
    '',
    `| | Bytes per minute |`,
    '|---|---|',
    `| The spec's way: the whole GET /api/orders every 5 s (${polling.naiveResponseKB.toLocaleString('en-US')} KB each) | ${kb(polling.naiveBytesPerMinute).toLocaleString('en-US')} KB |`,
    `| Ours: the orders partial every 5 s with its ETag, one order changed in the minute (${statusList(polling.oursResponses)}) | ${kb(polling.oursBytesPerMinute)} KB |`,
    `| **Ratio** | **${polling.ratio.toLocaleString('en-US')}× fewer bytes** ${mark(polling.ratio >= 100)} (target ≥ 100×) |`,
    '',
    '### Idle screens',
    '',
    `Each screen open in Chromium, untouched, for ${results.idle[0]?.seconds ?? IDLE_SECONDS} s after 5 s to settle, nothing else running: the HTTP requests the page and its service worker made, the socket frames it received, and the database round trips the Worker made meanwhile (counted at the proxy), per minute.`,
    '',
    '| Screen | Requests / min | Answers | Sockets open | Socket frames / min | DB round trips / min | What it requested |',
    '|---|---|---|---|---|---|---|',
    ...results.idle.map(
      (cost) =>
        `| ${cost.name} | ${cost.requestsPerMinute} | ${statusList(cost.requests) || '—'} | ${cost.socketsOpen} | ${cost.socketFramesPerMinute} | ${cost.roundTripsPerMinute} | ${
          Object.entries(cost.polled)
            .map(([path, count]) => `${path} × ${count}`)
            .join(', ') || '—'
        } |`,
    ),
    '',
    '### Webhook fan-out',
    '',
    `${webhooks.orders} orders created and then cancelled through \`/api/v1\` (2 at a time, 10 keys in turn), each change an event delivered, signed, to a receiver on loopback: ${webhooks.events} of ${webhooks.orders * 2} events arrived ${mark(webhooks.missing === 0)} in ${webhooks.seconds} s from the first call, **${webhooks.eventsPerSecond} events/s**; from a change to its delivery p50 ${webhooks.lagP50} ms, p95 ${webhooks.lagP95} ms, max ${webhooks.lagMax} ms.`,
    ...burstBlock(results),
    '',
    '### Memory per request',
    '',
    `The Worker's JavaScript heap (its V8 isolate, not workerd's resident size) read over the V8 inspector (wrangler dev's \`--inspector-port\`) just before one request made alone and as often as the inspector answers while it runs. Growth = the peak minus the heap just before; it includes garbage not yet collected, so it is an upper bound on what the request needs (garbage cannot be collected on demand in workerd: decision P19-3). The 30-day CSV has ${memory.csvRows.toLocaleString('en-US')} orders.`,
    '',
    '| Request | Heap before MB | Peak MB | Growth MB | A second after MB | Samples |',
    '|---|---|---|---|---|---|',
    ...memory.requests.map(
      (request) => `| ${request.name} | ${request.baselineMB} | ${request.peakMB} | +${growth(request)} | ${request.afterMB} | ${request.samples} |`,
    ),
    '',
    `The worst request, ${worst.name}, grew the heap by ${growth(worst)} MB at its peak: far below the 128 MB isolate limit ${mark(growth(worst) < 32)} (the line: under a quarter of it).`,
  ];
}

/** Why a target misses its round-trip budget or X, read from what was measured. */
function whyMissed(timing: Timing): string {
  const trips = timing.roundTrips!;
  const reasons: string[] = [];
  if (trips.whole > timing.budget!) {
    const beforeFirstByte = trips.header ?? trips.whole;
    reasons.push(
      beforeFirstByte < trips.whole
        ? `${trips.whole} round trips: ${beforeFirstByte} before the first byte, ${trips.whole - beforeFirstByte} while the body streams`
        : `${trips.whole} round trips before the answer`,
    );
    if (trips.inSequence < trips.whole) reasons.push(`${trips.whole - trips.inSequence + 1} of them made together`);
  }
  if (timing.xP50! > X_TARGET_MS)
    reasons.push(`${timing.xP50} ms beyond the network: the Worker's work (rendering, serializing), sqld's queries and this shared machine`);
  return reasons.join('; ') || '—';
}

/** The block written with added latency: each page as "RTT + X ms", one connection. */
function latencyBlock(results: Results): string[] {
  const misses = results.timings.filter((timing) => timing.roundTrips!.whole > timing.budget! || timing.xP50! > X_TARGET_MS);
  return [
    `## As production sees it: ${results.latencyMs} ms each way to the database (issue 19)`,
    '',
    `Measured ${results.measuredAt.slice(0, 16).replace('T', ' ')} UTC with \`npm run bench -- --latency ${results.latencyMs}\`: ${results.orders.toLocaleString('en-US')} orders, the production build under wrangler dev, its database reached through a proxy that holds every request and every answer ${results.latencyMs} ms (a round trip costs ${2 * results.latencyMs} ms, as one to Turso from the edge may). ${results.connections} connection${results.connections === 1 ? '' : 's'}, ${results.secondsPerTarget} s per target after 1 s of warm-up: one request at a time, so the figures are latency, not queueing on 2 shared cores. RTT = 2 × ${results.latencyMs} ms × the round trips in sequence counted at the proxy for the whole answer (trips made together, overlapping at the proxy, count once); X = p50 − RTT is what the Worker, sqld and this machine add. Goal: at most 1 round trip for a read (2 for a write) and X ≤ ${X_TARGET_MS} ms p50. Raw figures: \`bench/results-latency.json\`. The run took ${results.durationSeconds} s.`,
    '',
    '| Page or call | Round trips (budget) | p50 ms | p95 ms | = RTT + X (p50) | p95 as RTT + X | X ≤ 15 ms | Answers | Why it misses |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.timings.map(
      (timing) =>
        `| ${timing.name} | ${roundTripCell(timing)} (${timing.budget}) | ${timing.p50} | ${timing.p95} | ${timing.rttMs} + ${timing.xP50} | ${timing.rttMs} + ${timing.xP95} | ${mark(timing.xP50! <= X_TARGET_MS)} | ${statusList(timing.statuses)} | ${whyMissed(timing)} |`,
    ),
    ...(results.timings.some((timing) => timing.firstByte)
      ? [
          '',
          ...results.timings
            .filter((timing) => timing.firstByte)
            .map((timing) => `${timing.name}: first bytes after ${timing.firstByte!.p50} ms p50, ${timing.firstByte!.p95} ms p95 (one request at a time).`),
        ]
      : []),
    '',
    `Misses (over budget or X > ${X_TARGET_MS} ms): ${misses.map((timing) => timing.name).join(', ') || 'none'}. The last column is read from the measurements (the proxy's count against Server-Timing's, trips that overlapped); what the code does in those trips is in the notes below the block.`,
    ...(results.webhooks
      ? [
          '',
          `Webhook fan-out at this latency: ${results.webhooks.events} of ${results.webhooks.orders * 2} events in ${results.webhooks.seconds} s, **${results.webhooks.eventsPerSecond} events/s**; change → delivery p50 ${results.webhooks.lagP50} ms, p95 ${results.webhooks.lagP95} ms, max ${results.webhooks.lagMax} ms.`,
        ]
      : []),
    ...burstBlock(results),
  ];
}

/** The rush's table, when it ran. */
const burstBlock = (results: Results): string[] => (results.burst ? ['', '### A rush: 200 changes of 10 businesses', '', ...burstTable(results.burst)] : []);

/** Rewrites this mode's generated block of bench/RESULTS.md, keeping the rest (the other mode's block, live positions, history of changes). */
/** Replaces the block named `marker` in bench/RESULTS.md (or adds it at the top). */
function writeResultsMarkdown(marker: string, lines: string[]): void {
  const block = [`<!-- ${marker}:start (written by npm run bench) -->`, ...lines, `<!-- ${marker}:end -->`].join('\n');
  const file = join(ROOT, 'bench/RESULTS.md');
  let existing = '# Benchmark results\n';
  try {
    existing = readFileSync(file, 'utf8');
  } catch {
    /* first run */
  }
  const pattern = new RegExp(`<!-- ${marker}:start[\\s\\S]*?<!-- ${marker}:end -->`);
  const updated = pattern.test(existing)
    ? existing.replace(pattern, () => block)
    : existing.replace(/^# Benchmark results\n/, `# Benchmark results\n\n${block}\n`);
  writeFileSync(file, updated);
}

await main();
