/**
 * Runs the tests (or any command) with the clock of every process they start set to
 * another instant, running on from there: Node, sqld, workerd and Chromium alike.
 *
 *   npm run test:at -- 2026-11-30T23:30:00-05:00                 # npm test, 23:30 in New York on a month's last day
 *   npm run test:at -- 2026-12-01T00:30:00Z --tz America/New_York -- npx vitest run --project integration tests/integration/x.test.ts
 *
 * The instant needs its offset (Z or ±hh:mm). --tz sets the processes' time zone (TZ).
 * Needs Debian's faketime package (libfaketime) and a C compiler for the small library
 * that lets workerd start under it (scripts/fake-clock/early-clock.c).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/stack';

const LIBFAKETIME = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
];

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const args = process.argv.slice(2);
const split = args.indexOf('--');
const options = split === -1 ? args : args.slice(0, split);
const command = split === -1 ? ['npm', 'test'] : args.slice(split + 1);
const [instant] = options.filter((arg, index) => !arg.startsWith('--') && options[index - 1] !== '--tz');
const zone = options.includes('--tz') ? options[options.indexOf('--tz') + 1] : undefined;

if (!instant || !/(Z|[+-]\d{2}:\d{2})$/.test(instant) || Number.isNaN(Date.parse(instant))) {
  fail('Usage: npm run test:at -- <instant with offset, e.g. 2026-11-30T23:30:00-05:00> [--tz <zone>] [-- command …]');
}
const libfaketime = LIBFAKETIME.find((path) => existsSync(path)) ?? fail('libfaketime is missing: sudo apt-get install -y faketime');

const shim = join(mkdtempSync(join(tmpdir(), 'fake-clock-')), 'early-clock.so');
const built = spawnSync('cc', ['-shared', '-fPIC', '-O2', '-o', shim, join(ROOT, 'scripts/fake-clock/early-clock.c'), '-ldl'], { stdio: 'inherit' });
if (built.status !== 0) fail('Could not build scripts/fake-clock/early-clock.c (is a C compiler installed? sudo apt-get install -y gcc)');

// An offset rather than an absolute time: every process, whenever it starts, agrees on the clock.
const offsetSeconds = Math.round((Date.parse(instant) - Date.now()) / 1000);
console.log(`Clock: ${new Date(Date.parse(instant)).toISOString()} (offset ${offsetSeconds} s)${zone ? `, TZ=${zone}` : ''}: ${command.join(' ')}`);

const child = spawn(command[0], command.slice(1), {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...(zone ? { TZ: zone } : {}),
    LD_PRELOAD: [shim, libfaketime, process.env.LD_PRELOAD].filter(Boolean).join(':'),
    FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
    // Timers and timeouts keep real time; only the wall clock moves.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
