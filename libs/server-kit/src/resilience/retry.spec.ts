import { describe, expect, it } from 'vitest';
import { backoffDelay, retryWithBackoff } from './retry';

function recorder() {
  const warnings: string[] = [];
  const infos: string[] = [];
  const delays: number[] = [];
  return {
    warnings,
    infos,
    delays,
    log: { warn: (m: string) => warnings.push(m), log: (m: string) => infos.push(m) },
    sleep: async (ms: number) => void delays.push(ms),
  };
}

/** An attempt that fails `failures` times, then answers `value`. */
function failingTimes<T>(failures: number, value: T) {
  let calls = 0;
  const attempt = async () => {
    calls += 1;
    if (calls <= failures) throw new Error(`ECONNREFUSED (${calls})`);
    return value;
  };
  return { attempt, calls: () => calls };
}

describe('retryWithBackoff', () => {
  it('keeps trying a connection that fails N times, with doubling delays, and returns it once it answers', async () => {
    const r = recorder();
    const target = failingTimes(4, 'connected');
    const value = await retryWithBackoff(target.attempt, { what: 'NATS', log: r.log, sleep: r.sleep });
    expect(value).toBe('connected');
    expect(target.calls()).toBe(5);
    expect(r.delays).toEqual([500, 1000, 2000, 4000]);
  });

  it('logs every failure with the attempt, the reason and the next delay, and the success after failures', async () => {
    const r = recorder();
    await retryWithBackoff(failingTimes(2, true).attempt, { what: 'the database', log: r.log, sleep: r.sleep });
    expect(r.warnings).toEqual([
      'Cannot reach the database (attempt 1: ECONNREFUSED (1)); retrying in 500 ms',
      'Cannot reach the database (attempt 2: ECONNREFUSED (2)); retrying in 1000 ms',
    ]);
    expect(r.infos).toEqual(['Reached the database after 3 attempts']);
  });

  it('caps the delay', async () => {
    const r = recorder();
    await retryWithBackoff(failingTimes(8, true).attempt, { what: 'x', log: r.log, sleep: r.sleep, maxDelayMs: 3000 });
    expect(r.delays).toEqual([500, 1000, 2000, 3000, 3000, 3000, 3000, 3000]);
    expect(backoffDelay(30, 500, 10_000)).toBe(10_000);
  });

  it('gives up after maxAttempts with the last error', async () => {
    const r = recorder();
    await expect(
      retryWithBackoff(failingTimes(10, true).attempt, { what: 'x', log: r.log, sleep: r.sleep, maxAttempts: 3 }),
    ).rejects.toThrow('ECONNREFUSED (3)');
  });

  it('stops waiting when aborted (a shutdown during start-up)', async () => {
    const r = recorder();
    const controller = new AbortController();
    const target = failingTimes(100, true);
    const sleep = async (ms: number) => {
      r.delays.push(ms);
      if (r.delays.length === 2) controller.abort();
    };
    await expect(
      retryWithBackoff(target.attempt, { what: 'x', log: r.log, sleep, signal: controller.signal }),
    ).rejects.toThrow('ECONNREFUSED (2)');
    expect(target.calls()).toBe(2);
  });
});
