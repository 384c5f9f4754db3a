import { describe, expect, it, vi } from 'vitest';
import { KeyedCache } from './keyed-cache';

/** A load whose answer the test releases, to put writes in the middle of it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const cache = (clock = { now: 0 }, maxEntries = 100) => new KeyedCache<string>({ maxEntries, ttlMs: 1_000, now: () => clock.now });

describe('KeyedCache', () => {
  it('loads a key once and answers it from memory afterwards', async () => {
    const c = cache();
    const load = vi.fn(async () => 'v1');
    expect(await c.get('a', load)).toBe('v1');
    expect(await c.get('a', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const c = cache();
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const both = Promise.all([c.get('a', load), c.get('a', load)]);
    pending.resolve('v1');
    expect(await both).toEqual(['v1', 'v1']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after an invalidation', async () => {
    const c = cache();
    let value = 'v1';
    const load = async () => value;
    await c.get('a', load);
    value = 'v2';
    c.invalidate('a');
    expect(await c.get('a', load)).toBe('v2');
  });

  it('never keeps a value whose load was under way when the key was invalidated (it may predate the write)', async () => {
    const c = cache();
    const before = deferred<string>();
    const started = c.get('a', () => before.promise);
    c.invalidate('a'); // a write lands while the old value is being read
    before.resolve('old');
    expect(await started).toBe('old'); // the request that raced the write gets what it read…
    expect(await c.get('a', async () => 'new')).toBe('new'); // …and nobody after it
  });

  it('starts a fresh load for a miss after an invalidation instead of joining the stale one', async () => {
    const c = cache();
    const stale = deferred<string>();
    void c.get('a', () => stale.promise);
    c.invalidate('a');
    expect(await c.get('a', async () => 'new')).toBe('new');
    stale.resolve('old');
  });

  it('forgets everything on clear, loads under way included', async () => {
    const c = cache();
    await c.get('a', async () => 'a1');
    const running = deferred<string>();
    const b = c.get('b', () => running.promise);
    c.clear();
    running.resolve('b-old');
    await b;
    expect(await c.get('a', async () => 'a2')).toBe('a2');
    expect(await c.get('b', async () => 'b2')).toBe('b2');
  });

  it('does not keep a failed load', async () => {
    const c = cache();
    await expect(c.get('a', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await c.get('a', async () => 'v')).toBe('v');
  });

  it('loads again once an entry is older than its TTL', async () => {
    const clock = { now: 0 };
    const c = cache(clock);
    await c.get('a', async () => 'v1');
    clock.now = 999;
    expect(await c.get('a', async () => 'v2')).toBe('v1');
    clock.now = 1_000;
    expect(await c.get('a', async () => 'v2')).toBe('v2');
  });

  it('peeks at a kept value without ever loading: nothing before a load, nothing after an invalidation or the TTL', async () => {
    const clock = { now: 0 };
    const c = cache(clock);
    expect(c.peek('a')).toBeUndefined();
    const pending = deferred<string>();
    const running = c.get('a', () => pending.promise);
    // A load under way is not a kept value.
    expect(c.peek('a')).toBeUndefined();
    pending.resolve('v1');
    await running;
    expect(c.peek('a')).toBe('v1');
    c.invalidate('a');
    expect(c.peek('a')).toBeUndefined();
    await c.get('a', async () => 'v2');
    clock.now = 999;
    expect(c.peek('a')).toBe('v2');
    clock.now = 1_000;
    expect(c.peek('a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the least recently read', async () => {
    const c = cache({ now: 0 }, 2);
    await c.get('a', async () => 'a');
    await c.get('b', async () => 'b');
    await c.get('a', async () => 'unused'); // a read more recently than b
    await c.get('c', async () => 'c');
    expect(c.size).toBe(2);
    const loads = vi.fn(async () => 'again');
    await c.get('a', loads);
    await c.get('c', loads);
    expect(loads).not.toHaveBeenCalled();
    expect(await c.get('b', loads)).toBe('again');
  });
});
