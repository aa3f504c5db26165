import { describe, expect, it } from 'vitest';
import { vitestOutcomes } from './testReport';

const ROOT = '/repo';

describe('vitestOutcomes', () => {
  it('names each failed and each retried test with its file and the first line of its error, and skips what passed', () => {
    const report = {
      testResults: [
        {
          name: '/repo/tests/integration/orders.test.ts',
          assertionResults: [
            { status: 'passed', fullName: 'orders lists', failureMessages: [] },
            { status: 'failed', fullName: 'orders creates one', failureMessages: ['\nAssertionError: expected 503 to be 201\n    at file.ts:3'] },
            { status: 'passed', fullName: 'orders edits one', failureMessages: ['AssertionError: expected 409 to be 200\n    at file.ts:9'] },
          ],
        },
        { name: '/repo/tests/integration/zones.test.ts', assertionResults: [{ status: 'passed', fullName: 'zones', failureMessages: [] }] },
      ],
    };
    expect(vitestOutcomes(JSON.stringify(report), ROOT)).toEqual({
      failed: ['tests/integration/orders.test.ts › orders creates one: AssertionError: expected 503 to be 201'],
      flaky: ['tests/integration/orders.test.ts › orders edits one: AssertionError: expected 409 to be 200'],
    });
  });

  it('names a file that failed before its tests ran', () => {
    const report = { testResults: [{ name: '/repo/src/a.test.ts', message: 'Failed to load url ./missing', assertionResults: [] }] };
    expect(vitestOutcomes(JSON.stringify(report), ROOT)).toEqual({ failed: ['src/a.test.ts: Failed to load url ./missing'], flaky: [] });
  });

  it('names a file that failed outside its tests, such as in a beforeAll', () => {
    const report = {
      testResults: [{ name: '/repo/tests/a.test.ts', status: 'failed', assertionResults: [{ status: 'skipped', fullName: 'a', failureMessages: [] }] }],
    };
    expect(vitestOutcomes(JSON.stringify(report), ROOT).failed).toEqual([
      'tests/a.test.ts: failed outside its tests (a hook or an unhandled error); see its output above',
    ]);
  });

  it('says so when there is no report', () => {
    expect(vitestOutcomes(undefined, ROOT).failed).toEqual(['(no report: vitest stopped before writing it; see its output above)']);
  });
});
