import { HttpException } from '@nestjs/common';
import type { NatsKv } from '@fluent/server-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { contendedKv, memoryKv, unreachableKv } from './kv.testing';
import { PASSWORD_THROTTLER } from './password-routes';
import { RATE_LIMIT_UNAVAILABLE_MESSAGE, RateLimitStorage } from './rate-limit-storage';

const opened: RateLimitStorage[] = [];
const storage = (kv: NatsKv) => {
  const s = new RateLimitStorage(kv, { syncMs: 1_000, flushFraction: 0.05, exactFraction: 0.1, answerTimeoutMs: 200, now: () => 120_000 });
  opened.push(s);
  return s;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.onModuleDestroy().catch(() => undefined)));
});

const burst = (s: RateLimitStorage, n: number, limit: number, throttler: string) =>
  Promise.all(Array.from({ length: n }, () => s.increment('k', 60_000, limit, 60_000, throttler)));

describe('RateLimitStorage: the API limit (decided locally)', () => {
  it('refuses none of a 64-request concurrent burst under the limit, even while the store hangs', async () => {
    // A store that never answers: the hits that wait for it are decided by the local count in time.
    const hanging = { use: () => new Promise(() => undefined) } as unknown as NatsKv;
    const records = await burst(storage(hanging), 64, 100, 'default');
    expect(records.filter((r) => r.isBlocked)).toEqual([]);
    expect(records.map((r) => r.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  it('refuses exactly the requests past the limit, with the seconds left in the window', async () => {
    const records = await burst(storage(memoryKv().kv), 25, 20, 'default');
    expect(records.filter((r) => r.isBlocked)).toHaveLength(5);
    expect(records.at(-1)).toMatchObject({ isBlocked: true, timeToExpire: 60, timeToBlockExpire: 60 });
  });

  it('never refuses because the store is contended or away', async () => {
    for (const kv of [contendedKv(), unreachableKv()]) {
      const s = storage(kv);
      expect((await burst(s, 20, 20, 'default')).filter((r) => r.isBlocked)).toEqual([]);
    }
  });

  it('hands its hits to the shared store, and learns the other replicas\' hits at its next flush', async () => {
    const shared = memoryKv();
    const first = storage(shared.kv);
    await burst(first, 15, 20, 'default');
    await first.onModuleDestroy();
    expect(shared.total('default.k.')).toBe(15);

    const second = storage(shared.kv);
    expect((await second.increment('k', 60_000, 20, 60_000, 'default')).totalHits).toBe(1);
    await second.onModuleDestroy(); // a sync tick: the store answers 16
    // Near the limit the hits are decided by the store's answers, which may come back in any order.
    const records = (await burst(second, 5, 20, 'default')).sort((a, b) => a.totalHits - b.totalHits);
    expect(records.map((r) => r.totalHits)).toEqual([17, 18, 19, 20, 21]);
    expect(records.map((r) => r.isBlocked)).toEqual([false, false, false, false, true]);
  });
});

describe('RateLimitStorage: password routes (counted exactly in the shared store)', () => {
  it('counts a 100-request parallel burst exactly: the limit passes, the rest is refused', async () => {
    const records = await burst(storage(memoryKv().kv), 100, 20, PASSWORD_THROTTLER);
    expect(records.filter((r) => !r.isBlocked)).toHaveLength(20);
    expect(records.map((r) => r.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('fails closed with 503 and a message when the store cannot be reached', async () => {
    const refusal = await storage(unreachableKv()).increment('k', 60_000, 20, 60_000, PASSWORD_THROTTLER).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpException);
    expect((refusal as HttpException).getStatus()).toBe(503);
    expect((refusal as HttpException).getResponse()).toEqual({ statusCode: 503, message: RATE_LIMIT_UNAVAILABLE_MESSAGE });
  });

  it('refuses (as over the limit, 429) a check its counter is too contended to count', async () => {
    expect(await storage(contendedKv()).increment('k', 60_000, 20, 60_000, PASSWORD_THROTTLER)).toMatchObject({ isBlocked: true, totalHits: 21 });
  });

  it('lets no more than the limit through a burst when some of its hits find the counter contended', async () => {
    // Every third call loses every compare-and-set (a crowd of replicas on the key); the rest count.
    const shared = memoryKv();
    let calls = 0;
    const flaky = { use: (name: string, ttl: number, work: never) => (++calls % 3 === 0 ? contendedKv() : shared.kv).use(name, ttl, work) } as unknown as NatsKv;
    const records = await burst(storage(flaky), 60, 20, PASSWORD_THROTTLER);
    expect(records.filter((r) => !r.isBlocked)).toHaveLength(20);
    expect(records.filter((r) => r.isBlocked)).toHaveLength(40);
  });
});
