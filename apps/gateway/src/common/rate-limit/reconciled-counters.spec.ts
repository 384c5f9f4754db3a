import { describe, expect, it, vi } from 'vitest';
import { ReconciledCounters } from './reconciled-counters';

/** One shared store (as NATS KV is to every replica), answering after a turn of the event loop. */
function sharedStore() {
  const totals = new Map<string, number>();
  let up = true;
  const calls: string[] = [];
  const add = async (counter: string, delta: number) => {
    calls.push(counter);
    await new Promise((resolve) => setImmediate(resolve));
    if (!up) throw new Error('store down');
    const total = (totals.get(counter) ?? 0) + delta;
    totals.set(counter, total);
    return total;
  };
  return { add, totals, calls, setUp: (value: boolean) => (up = value) };
}

const counters = (store: ReturnType<typeof sharedStore>, now = () => 120_000, onSyncError = vi.fn()) =>
  new ReconciledCounters(store.add, { flushFraction: 0.05, now, onSyncError });

describe('ReconciledCounters', () => {
  it('counts a burst of 64 under the limit exactly and decides every hit without waiting on the store', () => {
    const store = sharedStore();
    const local = counters(store);
    const totals = Array.from({ length: 64 }, () => local.hit('k', 60_000, 100).total);
    expect(totals).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
    expect(totals.filter((t) => t > 100)).toEqual([]);
  });

  it('answers limit + 1 for exactly the first hit over the limit', () => {
    const local = counters(sharedStore());
    const totals = Array.from({ length: 21 }, () => local.hit('k', 60_000, 20).total);
    expect(totals.filter((t) => t > 20)).toEqual([21]);
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
      if (replicas[i % 2]!.hit('k', 60_000, limit).total <= limit) allowed += 1;
      if (i % 3 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(allowed).toBeGreaterThanOrEqual(limit * 0.9);
    expect(allowed).toBeLessThanOrEqual(limit * 1.1);
  });

  it('counts on locally while the store is away, and sends the hits when it is back', async () => {
    const store = sharedStore();
    const onSyncError = vi.fn();
    const local = counters(store, () => 120_000, onSyncError);
    store.setUp(false);
    const totals = Array.from({ length: 30 }, () => local.hit('k', 60_000, 20).total);
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
    local.hit('k', 60_000, 1);
    expect(local.hit('k', 60_000, 1).total).toBe(2);
    now = 60_000;
    expect(local.hit('k', 60_000, 1)).toEqual({ total: 1, endsAt: 120_000 });
    now = 120_000;
    await local.sync();
    await local.sync();
    expect(local.size).toBe(0);
    expect([store.totals.get('k.0'), store.totals.get('k.1')]).toEqual([2, 1]);
  });
});
