/**
 * npm test: everything, cheapest first, overlapping what does not depend on each other.
 * 1. the built assets and a snapshot of the sources;
 * 2. side by side: type checking (both projects), lint (ESLint, Prettier, knip), the unit tests
 *    (domain rules and the page runtime, next to the code) and one private stack (sqld + wrangler dev on free
 *    ports, a fresh seeded database, crowded: tests/support/crowd.ts);
 * 3. integration tests of the Worker over HTTP against the stack;
 * 4. Playwright tests in Chromium against it.
 * Suites that need their own stack (an outage, for instance) start one themselves. Each
 * stage says how long it took.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { assertChromium } from '../tests/support/chromium';
import { startTestStack, testSources } from '../tests/support/stack';
import { ROOT } from './lib/stack';

const BIN = join(ROOT, 'node_modules/.bin');

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(join(BIN, command), args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${BIN}:${process.env.PATH}`, ...env },
    });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

const started = Date.now();
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

/** Runs a stage, saying when it starts and how long it took. */
async function stage<T>(name: string, work: () => Promise<T>): Promise<T> {
  const begun = Date.now();
  console.log(`\n▶ ${name} (at ${seconds(started)} s)`);
  try {
    return await work();
  } finally {
    console.log(`\n■ ${name}: ${seconds(begun)} s`);
  }
}

try {
  assertChromium();
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  process.exit(1);
}

// Every stack of this run (and of the test processes it starts) serves this one version.
await stage('Building assets and taking a snapshot of the sources', () => testSources());
// Type checking reads the island registry the build writes (src/generated), so it follows it.
const typesChecked = stage('Type checking and lint (tsc, ESLint, Prettier, knip)', async () =>
  (
    await Promise.all([
      run('tsc', ['--noEmit', '-p', '.']),
      run('tsc', ['--noEmit', '-p', 'islands']),
      run('eslint', ['.']).then(async (linted) => (await run('prettier', ['--check', '--log-level', 'warn', '.'])) && (await run('knip', [])) && linted),
    ])
  ).every(Boolean),
);
const unitsPassed = stage('Unit tests', () => run('vitest', ['run', '--project', 'unit']));
const stackStarted = stage('Starting the test stack (sqld + wrangler dev)', () => startTestStack({ crowded: true, keepDir: true })).catch((error: Error) => {
  console.error(`\nThe test stack did not start: ${error.message}`);
  return undefined;
});

const [types, units, stack] = await Promise.all([typesChecked, unitsPassed, stackStarted]);
let failed = !types || !units || !stack;
if (stack && !failed) {
  const env = { TEST_BASE_URL: stack.baseUrl, TEST_DATABASE_URL: stack.databaseUrl };
  failed = !(await stage('Integration tests (Worker in workerd against sqld)', () => run('vitest', ['run', '--project', 'integration'], env)));
  failed = !(await stage('Browser tests (Playwright, Chromium)', () => run('playwright', ['test'], env))) || failed;
}
await stack?.stop();
// The stack's logs (wrangler.log, sqld.log) tell what the server did when a test failed.
if (stack && failed) console.log(`\nThe test stack's logs are kept in ${stack.dir}`);
else if (stack) rmSync(stack.dir, { recursive: true, force: true });
console.log(`\n${failed ? '✗ Some tests failed' : '✓ All tests passed'} in ${seconds(started)} s`);
process.exit(failed ? 1 : 0);
