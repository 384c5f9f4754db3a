import { describe, expect, it, vi } from 'vitest';
import { CachedProbe } from './cached-probe';

describe('CachedProbe', () => {
  it('runs once for concurrent callers and reuses the result inside the window', async () => {
    let clock = 0;
    const run = vi.fn(async () => `result ${run.mock.calls.length}`);
    const probe = new CachedProbe(run, 1000, () => clock);
    expect(await Promise.all([probe.get(), probe.get(), probe.get()])).toEqual(['result 1', 'result 1', 'result 1']);
    clock = 999;
    expect(await probe.get()).toBe('result 1');
    clock = 1000;
    expect(await probe.get()).toBe('result 2');
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed run: the next caller tries again', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce('fine');
    const probe = new CachedProbe<string>(run, 1000, () => 0);
    await expect(probe.get()).rejects.toThrow('boom');
    await expect(probe.get()).resolves.toBe('fine');
  });
});
