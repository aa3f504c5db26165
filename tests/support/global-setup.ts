/**
 * vitest global setup for the integration project: uses the stack `npm test` started
 * (TEST_BASE_URL, TEST_DATABASE_URL), or starts a private one for a direct
 * `npx vitest run --project integration`.
 */
import type { TestProject } from 'vitest/node';
import { startTestStack, type TestStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

let stack: TestStack | undefined;

export async function setup(project: TestProject) {
  let baseUrl = process.env.TEST_BASE_URL;
  let databaseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl || !databaseUrl) {
    stack = await startTestStack({ crowded: true });
    baseUrl = stack.baseUrl;
    databaseUrl = stack.databaseUrl;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', databaseUrl);
}

export async function teardown() {
  await stack?.stop();
}
