import { describe, expect, it } from 'vitest';
import { phasesNotRun, suiteCounts, summaryLine } from './test-report.mjs';

const report = (testResults, counts = {}) => ({ numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults, ...counts });
const file = (name, status, tests, message = '') => ({ name, status, message, assertionResults: tests.map((s) => ({ status: s })) });

describe('suiteCounts', () => {
  it('counts passed, failed and skipped tests from the report', () => {
    const counts = suiteCounts('unit', report([file('/a.spec.ts', 'failed', ['passed', 'failed', 'skipped'])], { numPassedTests: 1, numFailedTests: 1, numPendingTests: 1 }), true);
    expect(counts).toEqual({ name: 'unit', passed: 1, failed: 1, skipped: 1, errors: [] });
  });

  it('counts a file that failed outside any test (import error, failing hook) as a failure', () => {
    const counts = suiteCounts(
      'integration',
      report([file('/a.spec.ts', 'passed', ['passed']), file('/b.spec.ts', 'failed', ['skipped', 'skipped'], 'Cannot find module ./nope')], { numPassedTests: 1, numPendingTests: 2 }),
      true,
    );
    expect(counts.failed).toBe(1);
    expect(counts.errors).toEqual(['/b.spec.ts: Cannot find module ./nope']);
  });

  it('counts an unhandled error (vitest failed, nothing marked) as a failure', () => {
    const counts = suiteCounts('e2e', report([file('/a.spec.ts', 'passed', ['passed'])], { numPassedTests: 1 }), true);
    expect(counts.failed).toBe(1);
    expect(counts.errors[0]).toMatch(/unhandled error/);
  });

  it('counts no failure for a clean run', () => {
    expect(suiteCounts('unit', report([file('/a.spec.ts', 'passed', ['passed'])], { numPassedTests: 1 }), false)).toMatchObject({ failed: 0, errors: [] });
  });

  it('counts a run that wrote no report as one failure', () => {
    expect(suiteCounts('unit', undefined, true)).toMatchObject({ passed: 0, failed: 1 });
  });
});

describe('phasesNotRun', () => {
  it('names the planned phases that did not start, in order', () => {
    expect(phasesNotRun(['build', 'unit tests', 'integration tests', 'browser e2e tests'], ['build', 'unit tests'])).toEqual(['integration tests', 'browser e2e tests']);
  });
});

describe('summaryLine', () => {
  const COUNTED = ['unit tests', 'integration tests', 'stop stack'];
  const green = { passed: 1620, failed: 0, skipped: 0 };

  it('counts a failed phase that is not a vitest run (the short fuzz) as a failure', () => {
    const timings = [{ name: 'unit tests', ok: true }, { name: 'integration tests', ok: true }, { name: 'API fuzz (short)', ok: false }];
    expect(summaryLine(green, timings, COUNTED, 0)).toBe('1620 passed, 1 failed, 0 skipped');
  });

  it('does not count a failed vitest phase twice: its failures are in the totals', () => {
    const timings = [{ name: 'unit tests', ok: false }];
    expect(summaryLine({ passed: 10, failed: 2, skipped: 1 }, timings, COUNTED, 0)).toBe('10 passed, 2 failed, 1 skipped');
  });

  it('reads green when every phase passed, and names phases that never started', () => {
    expect(summaryLine(green, [{ name: 'unit tests', ok: true }, { name: 'stop stack', ok: false }], COUNTED, 0)).toBe('1620 passed, 0 failed, 0 skipped');
    expect(summaryLine(green, [{ name: 'build', ok: false }], COUNTED, 3)).toBe('1620 passed, 1 failed, 0 skipped; 3 phase(s) not run');
  });
});
