/**
 * npm test: everything, cheapest first, overlapping what does not depend on each other.
 * 1. the built assets and a snapshot of the sources;
 * 2. side by side: type checking (both projects), lint (ESLint, Prettier, knip), the unit tests
 *    (domain rules and the page runtime, next to the code), then the Durable Objects' tests
 *    inside workerd, and one private stack (sqld + wrangler dev on free
 *    ports, a fresh seeded database, crowded: tests/support/crowd.ts);
 * 3. integration tests of the Worker over HTTP against the stack;
 * 4. Playwright tests in Chromium against it.
 * Suites that need their own stack (an outage, for instance) start one themselves. Each
 * stage says how long it took, and the run ends with what failed in each, so the last lines
 * of a CI log name the failing tests.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertChromium } from '../tests/support/chromium';
import { startTestStack, testSources } from '../tests/support/stack';
import { ROOT } from './lib/stack';
import { vitestOutcomes } from './lib/testReport';
import { writeBuildFigures, writeSecurityFigures } from './doc-figures';

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

/** What each stage left to say at the end: the checks and tests that failed, and the tests that passed only when run again. */
const failures: Array<{ stage: string; failed: string[] }> = [];
const retried: Array<{ stage: string; flaky: string[] }> = [];
const reports = mkdtempSync(join(tmpdir(), 'dispatch-test-reports-'));

/** Runs a vitest project, noting the tests it failed or retried (from its JSON report) for the summary. */
async function vitest(stageName: string, project: string, env: Record<string, string> = {}): Promise<boolean> {
  const report = join(reports, `${project}.json`);
  const passed = await run('vitest', ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  const { failed, flaky } = vitestOutcomes(readIfThere(report), ROOT);
  if (!passed)
    failures.push({
      stage: stageName,
      failed: failed.length ? failed : ['(vitest failed outside any test: an unhandled error or a setup; see its output above)'],
    });
  if (flaky.length) retried.push({ stage: stageName, flaky });
  return passed;
}

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Runs a check, noting its name for the summary when it fails. */
async function check(stageName: string, command: string, args: string[]): Promise<boolean> {
  const passed = await run(command, args);
  if (!passed) failures.push({ stage: stageName, failed: [`${command} ${args.join(' ')}`] });
  return passed;
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
const LINT = 'Type checking and lint (tsc, ESLint, Prettier, knip)';
const typesChecked = stage(LINT, async () =>
  (
    await Promise.all([
      check(LINT, 'tsc', ['--noEmit', '-p', '.']),
      check(LINT, 'tsc', ['--noEmit', '-p', 'islands']),
      check(LINT, 'eslint', ['.']).then(
        async (linted) => (await check(LINT, 'prettier', ['--check', '--log-level', 'warn', '.'])) && (await check(LINT, 'knip', [])) && linted,
      ),
    ])
  ).every(Boolean),
);
const DURABLE_OBJECTS = 'Durable Object tests (inside workerd)';
const unitsPassed = stage('Unit tests', () => vitest('Unit tests', 'unit')).then(
  async (units) => (await stage(DURABLE_OBJECTS, () => vitest(DURABLE_OBJECTS, 'workers'))) && units,
);
const stackStarted = stage('Starting the test stack (sqld + wrangler dev)', () => startTestStack({ crowded: true, keepDir: true })).catch((error: Error) => {
  console.error(`\nThe test stack did not start: ${error.message}`);
  return undefined;
});

const [types, units, stack] = await Promise.all([typesChecked, unitsPassed, stackStarted]);
let failed = !types || !units || !stack;
if (stack && !failed) {
  const figures = join(reports, 'figures');
  const env = {
    TEST_BASE_URL: stack.baseUrl,
    TEST_DATABASE_URL: stack.databaseUrl,
    TEST_WORKER_LOG: join(stack.dir, 'wrangler.log'),
    TEST_FIGURES_DIR: figures,
  };
  const INTEGRATION = 'Integration tests (Worker in workerd against sqld)';
  failed = !(await stage(INTEGRATION, () => vitest(INTEGRATION, 'integration', env)));
  // The security suites' own counts go into docs/security.md, so it says what this run did.
  if (!failed && writeSecurityFigures(figures)) console.log('\ndocs/security.md: its numbers were updated from this run (commit them)');
  for (const changed of writeBuildFigures()) console.log(`\n${changed.slice(ROOT.length + 1)}: its figures were updated from this build (commit them)`);
  const BROWSER = 'Browser tests (Playwright, Chromium)';
  const browsed = await stage(BROWSER, () => run('playwright', ['test'], env));
  // Playwright's list reporter names its failures at the end of its own output.
  if (!browsed) failures.push({ stage: BROWSER, failed: ["(named at the end of Playwright's output, above this summary)"] });
  failed = !browsed || failed;
}
if (!stack) failures.push({ stage: 'Starting the test stack', failed: ['(its error is above)'] });
await stack?.stop();
// The stack's logs (wrangler.log, sqld.log) tell what the server did when a test failed.
if (stack && failed) console.log(`\nThe test stack's logs are kept in ${stack.dir}`);
else if (stack) rmSync(stack.dir, { recursive: true, force: true });
rmSync(reports, { recursive: true, force: true });
for (const { stage: stageName, flaky } of retried) console.log(`\n⚠ ${stageName}, passed when run again:\n${flaky.map((line) => `  - ${line}`).join('\n')}`);
for (const { stage: stageName, failed: what } of failures) console.log(`\n✗ ${stageName}:\n${what.map((line) => `  - ${line}`).join('\n')}`);
console.log(`\n${failed ? '✗ Some tests failed' : '✓ All tests passed'} in ${seconds(started)} s`);
process.exit(failed ? 1 : 0);
