/**
 * vitest global setup for the integration project: uses the stack `npm test` started
 * (TEST_BASE_URL, TEST_DATABASE_URL, TEST_WORKER_LOG), or starts a private one for a direct
 * `npx vitest run --project integration`.
 */
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestStack, type TestStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** What the Worker logs (wrangler dev's output): tests that must log nothing read it. */
    workerLog: string;
  }
}

let stack: TestStack | undefined;

export async function setup(project: TestProject) {
  let baseUrl = process.env.TEST_BASE_URL;
  let databaseUrl = process.env.TEST_DATABASE_URL;
  let workerLog = process.env.TEST_WORKER_LOG;
  if (!baseUrl || !databaseUrl || !workerLog) {
    stack = await startTestStack({ crowded: true });
    baseUrl = stack.baseUrl;
    databaseUrl = stack.databaseUrl;
    workerLog = join(stack.dir, 'wrangler.log');
  }
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl);
  project.provide('workerLog', workerLog);
}

export async function teardown() {
  await stack?.stop();
}
