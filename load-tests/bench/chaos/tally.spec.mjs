import { describe, expect, it } from 'vitest';
import { attemptLedger, paymentLedger, percentile, phaseOf, sectionOf, summarizePhases, withSection } from './tally.mjs';

const phases = [
  { name: 'steady', startedAt: 0 },
  { name: 'kill gateway', startedAt: 100 },
  { name: 'kill nats', startedAt: 200 },
];
const seen = (at, ms, status, extra = {}) => ({ at, ms, name: 'x', status, retries: 0, expected: status < 400, ...extra });

describe('chaos tally', () => {
  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([5], 99)).toBe(5);
    expect(percentile([], 99)).toBe(0);
  });

  it('puts a request in the phase it started in', () => {
    expect(phaseOf(phases, 0)).toBe('steady');
    expect(phaseOf(phases, 99)).toBe('steady');
    expect(phaseOf(phases, 100)).toBe('kill gateway');
    expect(phaseOf(phases, 5000)).toBe('kill nats');
  });

  it('names the slowest requests of a phase, slowest first, at most three', () => {
    const [row] = summarizePhases([{ name: 'steady', startedAt: 0 }], [
      seen(1, 40, 200, { name: 'dashboard' }),
      seen(2, 2500, 200, { name: 'sign in' }),
      seen(3, 10, 200, { name: 'result' }),
      seen(4, 900, 201, { name: 'submit' }),
      seen(5, 300, 200, { name: 'feedback' }),
    ]);
    expect(row?.slowest).toEqual([
      { name: 'sign in', ms: 2500 },
      { name: 'submit', ms: 900 },
      { name: 'feedback', ms: 300 },
    ]);
  });

  it('counts per phase the requests, the errors learners saw by status, the retried ones and the waits', () => {
    const rows = summarizePhases(phases, [
      seen(1, 10, 200),
      seen(2, 30, 201),
      seen(150, 900, 200, { retries: 2 }),
      seen(160, 20, 503),
      seen(250, 15_000, 503, { retries: 4 }),
      seen(260, 5, 502),
    ]);
    expect(rows).toEqual([
      { phase: 'steady', requests: 2, errors: 0, errorStatuses: {}, retried: 0, p95: 30, p99: 30, slowest: [{ name: 'x', ms: 30 }, { name: 'x', ms: 10 }] },
      { phase: 'kill gateway', requests: 2, errors: 1, errorStatuses: { 'x 503': 1 }, retried: 1, p95: 900, p99: 900, slowest: [{ name: 'x', ms: 900 }, { name: 'x', ms: 20 }] },
      { phase: 'kill nats', requests: 2, errors: 2, errorStatuses: { 'x 502': 1, 'x 503': 1 }, retried: 1, p95: 15_000, p99: 15_000, slowest: [{ name: 'x', ms: 15_000 }, { name: 'x', ms: 5 }] },
    ]);
  });

  it('finds acknowledged attempts that were lost, attempts stored twice, and stored ones the learner was not told of', () => {
    expect(attemptLedger(['a', 'b', 'c'], ['a', 'b', 'c', 'd', 'e'], ['a', 'b', 'b', 'd'])).toEqual({
      sent: 5,
      acknowledged: 3,
      stored: 3,
      lost: 1,
      duplicated: 1,
      unacknowledged: 1,
    });
  });

  it('finds charged learners whose payment was not recorded or did not unlock, and learners charged twice', () => {
    expect(paymentLedger(['u1', 'u2', 'u3'], ['u1', 'u2', 'u2'], ['u1', 'u2'])).toEqual({ charged: 3, recorded: 2, lost: 1, twice: 1 });
    // Recorded but not unlocked is lost to the learner too.
    expect(paymentLedger(['u1'], ['u1'], [])).toMatchObject({ lost: 1 });
  });
});

describe('the Resilience section of the report', () => {
  const report = '# Bench report\n\n## 1. Hot\n\nfast\n\n## Resilience\n\nold figures\n\n## Resident memory\n\nsmall\n';
  it('replaces the section in place and leaves the rest as it was', () => {
    expect(withSection(report, '## Resilience', '## Resilience: new\n\nnew figures\n')).toBe('# Bench report\n\n## 1. Hot\n\nfast\n\n## Resilience: new\n\nnew figures\n\n## Resident memory\n\nsmall\n');
  });
  it('adds it at the end of a report without one, and reads it back', () => {
    const added = withSection('# Bench report\n\n## 1. Hot\n\nfast\n', '## Resilience', '## Resilience\n\nfigures');
    expect(added).toBe('# Bench report\n\n## 1. Hot\n\nfast\n\n## Resilience\n\nfigures\n');
    expect(sectionOf(added, '## Resilience')).toBe('## Resilience\n\nfigures');
    expect(sectionOf(report, '## Resilience')).toBe('## Resilience\n\nold figures');
    expect(sectionOf('# Bench report\n', '## Resilience')).toBeUndefined();
  });
});
