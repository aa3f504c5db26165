import { describe, expect, it } from 'vitest';
import { failedVitestTests } from './testReport';

const ROOT = '/repo';

describe('failedVitestTests', () => {
  it('names each failed test with its file and the first line of its error, and skips what passed', () => {
    const report = {
      testResults: [
        {
          name: '/repo/tests/integration/orders.test.ts',
          assertionResults: [
            { status: 'passed', fullName: 'orders lists', failureMessages: [] },
            { status: 'failed', fullName: 'orders creates one', failureMessages: ['\nAssertionError: expected 503 to be 201\n    at file.ts:3'] },
          ],
        },
        { name: '/repo/tests/integration/zones.test.ts', assertionResults: [{ status: 'passed', fullName: 'zones', failureMessages: [] }] },
      ],
    };
    expect(failedVitestTests(JSON.stringify(report), ROOT)).toEqual([
      'tests/integration/orders.test.ts › orders creates one: AssertionError: expected 503 to be 201',
    ]);
  });

  it('names a file that failed before its tests ran', () => {
    const report = { testResults: [{ name: '/repo/src/a.test.ts', message: 'Failed to load url ./missing', assertionResults: [] }] };
    expect(failedVitestTests(JSON.stringify(report), ROOT)).toEqual(['src/a.test.ts: Failed to load url ./missing']);
  });

  it('says so when there is no report', () => {
    expect(failedVitestTests(undefined, ROOT)).toEqual(['(no report: vitest stopped before writing it; see its output above)']);
  });
});
