import { describe, expect, it } from 'vitest';
import { pollUntil, PollTimeoutError } from './poll-until';

/** A clock that only moves when the poller sleeps. */
function fakeTime() {
  const clock = { now: 0, pauses: [] as number[] };
  return { clock, now: () => clock.now, sleep: async (ms: number) => void (clock.pauses.push(ms), (clock.now += ms)) };
}

describe('pollUntil', () => {
  it('asks until the answer is accepted, pausing longer each time up to the cap', async () => {
    const { clock, now, sleep } = fakeTime();
    let calls = 0;
    const value = await pollUntil(async () => ++calls, (n) => n === 6, { initialDelayMs: 500, factor: 2, maxDelayMs: 3000, now, sleep });
    expect(value).toBe(6);
    expect(clock.pauses).toEqual([500, 1000, 2000, 3000, 3000]);
  });

  it('treats a failing probe as "not yet"', async () => {
    const { now, sleep } = fakeTime();
    let calls = 0;
    const probe = async () => {
      calls += 1;
      if (calls < 3) throw new Error('503');
      return { paidTests: true };
    };
    await expect(pollUntil(probe, (u) => u.paidTests, { now, sleep })).resolves.toEqual({ paidTests: true });
  });

  it('gives up with PollTimeoutError once the time is up, never sleeping past it', async () => {
    const { clock, now, sleep } = fakeTime();
    const error = await pollUntil(async () => false, Boolean, { initialDelayMs: 1000, factor: 2, maxDelayMs: 8000, timeoutMs: 10_000, now, sleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect(clock.now).toBe(10_000);
    expect(clock.pauses).toEqual([1000, 2000, 4000, 3000]);
  });
});
