import { describe, expect, it, vi } from 'vitest';
import { ReconciledCounters } from './reconciled-counters';

/**
 * One shared store (as NATS KV is to every replica), answering after a turn of the event loop, or
 * after `delayMs` (a loaded store, while requests keep coming).
 */
function sharedStore(delayMs = 0) {
  const totals = new Map<string, number>();
  let up = true;
  const calls: string[] = [];
  const add = async (counter: string, delta: number) => {
    calls.push(counter);
    await new Promise((resolve) => (delayMs ? setTimeout(resolve, delayMs) : setImmediate(resolve)));
    if (!up) throw new Error('store down');
    const total = (totals.get(counter) ?? 0) + delta;
    totals.set(counter, total);
    return total;
  };
  return { add, totals, calls, setUp: (value: boolean) => (up = value) };
}

const counters = (store: ReturnType<typeof sharedStore>, now = () => 120_000, onSyncError = vi.fn()) =>
  new ReconciledCounters(store.add, { flushFraction: 0.05, exactFraction: 0.1, answerTimeoutMs: 200, now, onSyncError });

/** The total a hit was decided with, whether it was decided locally or by the store. */
const totalOf = async (counters: ReconciledCounters, limit: number, key = 'k') => (await counters.hit(key, 60_000, limit)).total;

describe('ReconciledCounters', () => {
  it('decides hits on the spot, without waiting on the store, while the store keeps up', async () => {
    const store = sharedStore();
    const local = counters(store);
    const answers: (number | 'waited')[] = [];
    for (let i = 0; i < 64; i++) {
      const answer = local.hit('k', 60_000, 100);
      answers.push(answer instanceof Promise ? 'waited' : answer.total);
      if (i % 5 === 4) await new Promise((resolve) => setImmediate(resolve)); // the store answers the last flush
    }
    expect(answers).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  it('counts a burst faster than the store exactly: past 5 % of the limit out of its sight, hits wait for its total, and none is refused', async () => {
    const store = sharedStore(5);
    const local = counters(store);
    const answers = Array.from({ length: 64 }, () => local.hit('k', 60_000, 100));
    expect(answers.slice(0, 5).every((a) => !(a instanceof Promise))).toBe(true);
    expect(answers.slice(5).every((a) => a instanceof Promise)).toBe(true);
    const totals = await Promise.all(answers.map(async (a) => (await a).total));
    expect(totals).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  it('answers limit + 1 for exactly the first hit over the limit', async () => {
    const local = counters(sharedStore());
    const totals: number[] = [];
    for (let i = 0; i < 21; i++) totals.push(await totalOf(local, 20));
    expect(totals.filter((t) => t > 20)).toEqual([21]);
  });

  it('asks the store before answering, while it keeps up, only within the last 10 % of the limit', async () => {
    const store = sharedStore();
    const local = counters(store);
    const waited: number[] = [];
    for (let i = 1; i <= 100; i++) {
      const answer = local.hit('k', 60_000, 100);
      if (answer instanceof Promise) waited.push(i);
      await answer;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(waited).toEqual(Array.from({ length: 10 }, (_, i) => 91 + i));
  });

  it('decides by its own count when the store does not answer in time', async () => {
    const hanging = new ReconciledCounters(() => new Promise<number>(() => undefined), { flushFraction: 0.05, exactFraction: 0.1, answerTimeoutMs: 20, now: () => 120_000, onSyncError: vi.fn() });
    const totals = await Promise.all(Array.from({ length: 25 }, async () => (await hanging.hit('k', 60_000, 20)).total));
    expect(totals).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('sends hits to the store once they reach 5 % of the limit, and on every sync', async () => {
    const store = sharedStore();
    const local = counters(store);
    for (let i = 0; i < 4; i++) local.hit('k', 60_000, 100);
    expect(store.calls).toEqual([]);
    local.hit('k', 60_000, 100);
    expect(store.calls).toHaveLength(1);
    await local.sync();
    expect(store.totals.get('k.2')).toBe(5);
    local.hit('k', 60_000, 100);
    await local.sync();
    expect(store.totals.get('k.2')).toBe(6);
  });

  it('keeps two replicas sharing one store within 10 % of the limit', async () => {
    const store = sharedStore();
    const replicas = [counters(store), counters(store)];
    const limit = 200;
    let allowed = 0;
    // 600 requests spread over both replicas, with the store answering between requests as it would.
    for (let i = 0; i < 600; i++) {
      if ((await totalOf(replicas[i % 2]!, limit)) <= limit) allowed += 1;
      if (i % 3 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(allowed).toBeGreaterThanOrEqual(limit * 0.9);
    expect(allowed).toBeLessThanOrEqual(limit * 1.1);
  });

  it('keeps two replicas within 10 % when the store is slow and requests arrive 8 at a time', async () => {
    // Each flush takes 15 ms while each replica keeps answering: unflushed hits pile up on both.
    const store = sharedStore(15);
    const replicas = [counters(store), counters(store)];
    const limit = 200;
    let allowed = 0;
    for (let i = 0; i < 400; i += 8) {
      const batch = Array.from({ length: 8 }, (_, k) => totalOf(replicas[(i + k) % 2]!, limit));
      allowed += (await Promise.all(batch)).filter((total) => total <= limit).length;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(allowed).toBeGreaterThanOrEqual(limit * 0.9);
    expect(allowed).toBeLessThanOrEqual(limit * 1.1);
  });

  it('counts on locally while the store is away, and sends the hits when it is back', async () => {
    const store = sharedStore();
    const onSyncError = vi.fn();
    const local = counters(store, () => 120_000, onSyncError);
    store.setUp(false);
    const totals: number[] = [];
    for (let i = 0; i < 30; i++) totals.push(await totalOf(local, 20));
    await local.sync();
    expect(onSyncError).toHaveBeenCalled();
    // Still limited, by this replica's own count: the 21st is over, none before it.
    expect(totals.filter((t) => t > 20)).toHaveLength(10);
    store.setUp(true);
    await local.sync();
    expect(store.totals.get('k.2')).toBe(30);
  });

  it('starts a new count in the next window and forgets ended windows after sending them', async () => {
    let now = 0;
    const store = sharedStore();
    const local = counters(store, () => now);
    await local.hit('k', 60_000, 1);
    expect(await totalOf(local, 1)).toBe(2);
    now = 60_000;
    expect(await local.hit('k', 60_000, 1)).toEqual({ total: 1, endsAt: 120_000 });
    now = 120_000;
    await local.sync();
    await local.sync();
    expect(local.size).toBe(0);
    expect([store.totals.get('k.0'), store.totals.get('k.1')]).toEqual([2, 1]);
  });
});
