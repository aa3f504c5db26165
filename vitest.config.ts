import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { fakeDatabase } from './tests/workers/fakeDatabase.ts';

/**
 * Three projects: unit tests sit next to the code they test (src/, islands/) and run in
 * Node; the Durable Objects are tested directly inside workerd (tests/workers), alarms
 * included, as Cloudflare's templates do; integration tests (tests/integration) talk over
 * HTTP to the real Worker in workerd against a real sqld, started once by
 * tests/support/global-setup.ts.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'islands/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            // The objects' writes through to libSQL reach a fake that answers every statement (tests/workers/fakeDatabase.ts).
            miniflare: { bindings: { DATABASE_URL: 'http://database.test' }, outboundService: fakeDatabase },
          }),
        ],
        test: { name: 'workers', include: ['tests/workers/**/*.test.ts'] },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          // One shared server and database: files run one after another so one file's
          // writes never race another's reads.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A failed test runs once more; npm test names every retried one at its end (decision T8).
          retry: 1,
        },
      },
    ],
  },
});
