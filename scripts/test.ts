/**
 * npm test: everything, in order of cost.
 * 1. type checking, lint (ESLint, knip) and unit tests (domain rules and the page
 *    runtime, next to the code);
 * 2. one private stack (sqld + wrangler dev on free ports, fresh seeded database);
 * 3. integration tests of the Worker over HTTP against it;
 * 4. Playwright tests in Chromium against it.
 * Suites that need their own stack (an outage, for instance) start one themselves.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { assertChromium } from '../tests/support/chromium';
import { startTestStack, testSources } from '../tests/support/stack';
import { ROOT } from './lib/stack';

const BIN = join(ROOT, 'node_modules/.bin');

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(join(BIN, command), args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${BIN}:${process.env.PATH}`, ...env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const step = (name: string) => console.log(`\n▶ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);

try {
  assertChromium();
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  process.exit(1);
}

step('Building assets and taking a snapshot of the sources');
// Every stack of this run (and of the test processes it starts) serves this one version.
await testSources();

step('Type checking');
if ((await run('tsc', ['--noEmit', '-p', '.'])) !== 0 || (await run('tsc', ['--noEmit', '-p', 'islands'])) !== 0) process.exit(1);

step('Lint (ESLint, knip)');
if ((await run('eslint', ['.'])) !== 0 || (await run('knip', [])) !== 0) process.exit(1);

step('Unit tests');
if ((await run('vitest', ['run', '--project', 'unit'])) !== 0) process.exit(1);

step('Starting the test stack (sqld + wrangler dev)');
const stack = await startTestStack();
const env = { TEST_BASE_URL: stack.baseUrl, TEST_DATABASE_URL: stack.databaseUrl };
let failed = false;
try {
  step('Integration tests (Worker in workerd against sqld)');
  failed = (await run('vitest', ['run', '--project', 'integration'], env)) !== 0;
  step('Browser tests (Playwright, Chromium)');
  failed = (await run('playwright', ['test'], env)) !== 0 || failed;
} finally {
  await stack.stop();
}
console.log(`\n${failed ? '✗ Some tests failed' : '✓ All tests passed'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
