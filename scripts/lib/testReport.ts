/**
 * Reads vitest's JSON report (`--reporter=json`) for the end of `npm test`: the last lines of
 * a CI log then name the tests that failed, and those that passed only on their retry,
 * wherever their output scrolled to.
 */

interface VitestReport {
  testResults: Array<{
    name: string;
    status?: string;
    message?: string;
    assertionResults: Array<{ status: string; fullName: string; failureMessages: string[] }>;
  }>;
}

export interface TestOutcomes {
  /** "file › test: first line of its error" for each failed test, and each file that failed to run. */
  failed: string[];
  /** The same for each test that failed, then passed when run again (its first error). */
  flaky: string[];
}

const firstLine = (text = '') =>
  text
    .split('\n')
    .find((line) => line.trim())
    ?.trim() ?? '';

export function vitestOutcomes(report: string | undefined, root: string): TestOutcomes {
  let parsed: VitestReport;
  try {
    parsed = JSON.parse(report ?? '') as VitestReport;
  } catch {
    return { failed: ['(no report: vitest stopped before writing it; see its output above)'], flaky: [] };
  }
  const outcomes: TestOutcomes = { failed: [], flaky: [] };
  for (const file of parsed.testResults) {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    // A file can fail outside its tests (a failed beforeAll skips them): say so, with its error when there is one.
    if (!failed.length && (file.message || file.status === 'failed'))
      outcomes.failed.push(
        `${name}: ${file.message ? firstLine(file.message) : 'failed outside its tests (a hook or an unhandled error); see its output above'}`,
      );
    for (const test of file.assertionResults) {
      const line = `${name} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`;
      if (test.status === 'failed') outcomes.failed.push(line);
      // A test that passed with errors to its name passed on a retry.
      else if (test.status === 'passed' && test.failureMessages.length) outcomes.flaky.push(line);
    }
  }
  return outcomes;
}
