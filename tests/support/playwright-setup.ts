/**
 * Playwright global setup: uses the stack `npm test` started (TEST_BASE_URL,
 * TEST_DATABASE_URL) or starts a private one; workers read both from the environment.
 */
import { assertChromium } from './chromium';
import { startTestStack } from './stack';

export default async function globalSetup() {
  assertChromium();
  if (process.env.TEST_BASE_URL && process.env.TEST_DATABASE_URL) return;
  const stack = await startTestStack({ crowded: true });
  process.env.TEST_BASE_URL = stack.baseUrl;
  process.env.TEST_DATABASE_URL = stack.databaseUrl;
  return () => stack.stop();
}
