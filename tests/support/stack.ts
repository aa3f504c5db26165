/**
 * A complete, private platform for tests: sqld with a fresh database (migrated and
 * seeded with the demo data), and the Worker under wrangler dev, both on free ports
 * with their state in a temporary folder. A running `npm start` is never touched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAssets } from '../../scripts/build-assets';
import { startSqld, startWorker, type Running } from '../../scripts/lib/stack';
import { migrateDatabase } from '../../scripts/migrate';
import { seedDemo } from '../../scripts/seed';
import { createDb } from '../../src/db/client';

export interface TestStack {
  baseUrl: string;
  databaseUrl: string;
  dir: string;
  sqld: Running;
  worker: Running;
  stop(): Promise<void>;
}

export async function startTestStack(options: { vars?: Record<string, string>; keepDir?: boolean; build?: boolean } = {}): Promise<TestStack> {
  // Always from the current sources (under a second), so a test never runs stale islands.
  // A second stack started while another serves the same assets passes build: false.
  if (options.build !== false) await buildAssets();
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-test-'));
  const sqld = await startSqld({ dataDir: join(dir, 'sqld'), logFile: join(dir, 'sqld.log') });
  try {
    await migrateDatabase(sqld.url);
    await seedDemo(createDb(sqld.url, undefined, 60_000));
    const worker = await startWorker({
      persistDir: join(dir, 'wrangler'),
      vars: { DATABASE_URL: sqld.url, ...options.vars },
      logFile: join(dir, 'wrangler.log'),
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
