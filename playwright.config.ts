import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium (Playwright cannot download browsers here), kept off the closed network. */
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/chromium';

/**
 * Under `npm run test:at` (a fake clock through libfaketime) Chromium is started without it:
 * preloaded, it made opening a page take over 45 s. The pages get the fake time from
 * Playwright's clock instead (tests/e2e/fixtures.ts).
 */
const { LD_PRELOAD: _preload, FAKETIME: _faketime, ...browserEnv } = process.env;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/support/playwright-setup.ts',
  // One shared server and database on a 2-core machine: one worker keeps runs deterministic.
  workers: 1,
  fullyParallel: false,
  timeout: 45_000,
  // wrangler dev now and then never answers one static asset request under the suite's load
  // (a trace showed an island chunk pending for 45 s, so the page never loaded; upstream
  // workers-sdk#3942). A test that fails once is run again and reported as flaky in the list.
  retries: 1,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    // The service area's zone, whatever the machine's: the browser reports it to the server (tz cookie), so
    // "today" and "this month" mean the same in the browser, on the server and in the tests (tests/support/clock.ts).
    timezoneId: 'America/New_York',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, ...(process.env.FAKETIME ? { env: browserEnv } : {}) },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', testIgnore: /\.phone\.spec\.ts$/, use: { viewport: { width: 1280, height: 800 } } },
    // Courier pages are tried as on a phone (Pixel 7 size, touch), in the same Chromium,
    // with location allowed as couriers allow it (in Tampa, away from every pickup).
    {
      name: 'phone',
      testMatch: /\.phone\.spec\.ts$/,
      use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium', permissions: ['geolocation'], geolocation: { latitude: 27.9, longitude: -82.53 } },
    },
  ],
});
