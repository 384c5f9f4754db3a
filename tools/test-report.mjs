// @ts-check
/**
 * What one vitest run counts towards `npm test`'s summary line. Vitest's JSON report counts
 * tests; a file that failed outside any test (an import error, a failing beforeAll/afterAll) and
 * an unhandled error leave numFailedTests at 0, so they are counted here as failures of their own.
 */

/**
 * @typedef {{ status: string, message?: string, name: string, assertionResults: { status: string }[] }} FileResult
 * @typedef {{ numPassedTests: number, numFailedTests: number, numPendingTests: number, numTodoTests: number, testResults: FileResult[] }} VitestReport
 * @typedef {{ name: string, passed: number, failed: number, skipped: number, errors: string[] }} SuiteCounts
 */

/**
 * @param {string} name
 * @param {VitestReport | undefined} report the JSON report, or undefined when vitest wrote none
 * @param {boolean} exitedWithFailure whether vitest's own exit code said the run failed
 * @returns {SuiteCounts}
 */
export function suiteCounts(name, report, exitedWithFailure) {
  if (!report) return { name, passed: 0, failed: 1, skipped: 0, errors: ['vitest wrote no report (it failed to start)'] };
  const errors = report.testResults
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
    .map((file) => `${file.name}: ${file.message || 'failed outside a test (hook or import)'}`);
  const failed = report.numFailedTests + errors.length;
  // Vitest fails the run on an unhandled error without marking any file: still a failure.
  if (exitedWithFailure && failed === 0) errors.push('vitest failed without a failing test or file (an unhandled error: see its output above)');
  return {
    name,
    passed: report.numPassedTests,
    failed: report.numFailedTests + errors.length,
    skipped: report.numPendingTests + report.numTodoTests,
    errors,
  };
}

/**
 * @param {readonly string[]} planned the phases in the order `npm test` runs them
 * @param {readonly string[]} ran the phases that started
 */
export const phasesNotRun = (planned, ran) => planned.filter((phase) => !ran.includes(phase));

/**
 * `npm test`'s closing line. A phase that is not a vitest run (build, lint, the short fuzz …) and
 * failed counts as one failure, so a red run never reads "N passed, 0 failed".
 * @param {{ passed: number, failed: number, skipped: number }} totals the vitest suites' counts
 * @param {readonly { name: string, ok: boolean }[]} timings every phase that ran
 * @param {readonly string[]} counted phases whose failures the totals already count (the vitest runs), and those that cannot fail a run
 * @param {number} notRun how many planned phases never started
 */
export function summaryLine(totals, timings, counted, notRun) {
  const failedPhases = timings.filter((t) => !t.ok && !counted.includes(t.name)).length;
  return `${totals.passed} passed, ${totals.failed + failedPhases} failed, ${totals.skipped} skipped${notRun > 0 ? `; ${notRun} phase(s) not run` : ''}`;
}
