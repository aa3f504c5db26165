/**
 * Reads vitest's JSON report (`--reporter=json`) for the end of `npm test`: the last lines of
 * a CI log then name the tests that failed, wherever their output scrolled to.
 */

interface VitestReport {
  testResults: Array<{ name: string; message?: string; assertionResults: Array<{ status: string; fullName: string; failureMessages: string[] }> }>;
}

const firstLine = (text = '') =>
  text
    .split('\n')
    .find((line) => line.trim())
    ?.trim() ?? '';

/** "file › test: first line of its error" for each failed test, and each file that failed to run. */
export function failedVitestTests(report: string | undefined, root: string): string[] {
  let parsed: VitestReport;
  try {
    parsed = JSON.parse(report ?? '') as VitestReport;
  } catch {
    return ['(no report: vitest stopped before writing it; see its output above)'];
  }
  return parsed.testResults.flatMap((file) => {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (!failed.length) return file.message ? [`${name}: ${firstLine(file.message)}`] : [];
    return failed.map((test) => `${name} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
  });
}
