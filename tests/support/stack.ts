/**
 * A complete, private platform for tests: sqld with a fresh database (migrated and
 * seeded with the demo data), and the Worker under wrangler dev, both on free ports
 * with their state in a temporary folder. The Worker runs from a snapshot of the
 * sources and built assets taken once per test run, so a running `npm start` is never
 * touched and editing files while tests run does not disturb them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAssets } from '../../scripts/build-assets';
import { freePort, snapshotSources, startSqld, startWorker, type Running } from '../../scripts/lib/stack';
import { migrateDatabase } from '../../scripts/migrate';
import { seedDemo } from '../../scripts/seed';
import { createDb } from '../../src/db/client';
import { crowdSharedAccounts } from './crowd';

export interface TestStack {
  baseUrl: string;
  databaseUrl: string;
  dir: string;
  sqld: Running;
  worker: Running;
  stop(): Promise<void>;
}

/** Where `npm test` (or the first stack of this process) left the snapshot every stack runs. */
export const SNAPSHOT_ENV = 'DISPATCH_TEST_SOURCES';

let building: Promise<string> | undefined;

/**
 * The sources and built assets of this test run: built and copied once, then shared
 * (through the environment, so Playwright's and vitest's workers use the same one).
 */
export function testSources(): Promise<string> {
  const ready = process.env[SNAPSHOT_ENV];
  if (ready) return Promise.resolve(ready);
  building ??= (async () => {
    await buildAssets();
    const dir = snapshotSources(mkdtempSync(join(tmpdir(), 'dispatch-sources-')));
    process.env[SNAPSHOT_ENV] = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return building;
}

/**
 * The services a test stack cannot reach, as on a machine without network (and the same
 * whether CI has network or not): the Census geocoder and the map tiles point at a
 * closed port on loopback, so every call fails at once and the keyless fallbacks (ZIP
 * centres, the schematic maps) are what the tests see. Suites that test those services
 * start fakes and point a Worker at them.
 */
export const UNREACHABLE = 'http://127.0.0.1:9';
export const OFFLINE_VARS = { CENSUS_GEOCODER_URL: `${UNREACHABLE}/geocoder`, MAP_TILES_URL: `${UNREACHABLE}/tiles/{z}/{x}/{y}.png` };

/**
 * `https`: the Worker serves https with a self-signed certificate (clients must accept it).
 * `crowded`: the demo accounts get more orders than any screen lists (crowd.ts), as the
 * stack every suite shares does.
 */
export async function startTestStack(
  options: { vars?: Record<string, string>; keepDir?: boolean; https?: boolean; crowded?: boolean } = {},
): Promise<TestStack> {
  const sourceDir = await testSources();
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-test-'));
  const sqld = await startSqld({ dataDir: join(dir, 'sqld'), logFile: join(dir, 'sqld.log') });
  try {
    await migrateDatabase(sqld.url);
    const db = createDb(sqld.url, undefined, 60_000);
    await seedDemo(db);
    if (options.crowded) await crowdSharedAccounts(db);
    const port = await freePort();
    const worker = await startWorker({
      port,
      persistDir: join(dir, 'wrangler'),
      // Tests receive webhooks on loopback; links in them name this server.
      vars: {
        DATABASE_URL: sqld.url,
        PUBLIC_URL: `${options.https ? 'https' : 'http'}://127.0.0.1:${port}`,
        ALLOW_LOCAL_WEBHOOKS: 'on',
        // Answers with an ETag name the tables they read and version (tests/integration/region-versions.test.ts).
        REPORT_REGION_TABLES: 'on',
        ...OFFLINE_VARS,
        ...options.vars,
      },
      logFile: join(dir, 'wrangler.log'),
      sourceDir,
      https: options.https,
    });
    return {
      baseUrl: worker.url,
      databaseUrl: sqld.url,
      dir,
      sqld,
      worker,
      async stop() {
        await worker.stop();
        await sqld.stop();
        if (!options.keepDir) rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await sqld.stop();
    throw error;
  }
}
