import { describe, expect, it } from 'vitest';
import type { NatsKv } from '@fluent/server-kit';
import { NatsThrottlerStorage } from './nats-throttler-storage';
import { parseTrustProxy } from './trust-proxy';

/** A KV bucket in memory with the revision semantics of NATS KV (create fails if present, update needs the revision). */
function memoryKv() {
  const data = new Map<string, { value: Uint8Array; revision: number }>();
  let revision = 0;
  const bucket = {
    get: async (key: string) => {
      const entry = data.get(key);
      return entry ? { ...entry, operation: 'PUT' } : null;
    },
    create: async (key: string, value: Uint8Array) => {
      if (data.has(key)) throw new Error('wrong last sequence: 1');
      data.set(key, { value, revision: ++revision });
    },
    update: async (key: string, value: Uint8Array, expected: number) => {
      if (data.get(key)?.revision !== expected) throw new Error('wrong last sequence: 2');
      data.set(key, { value, revision: ++revision });
    },
  };
  return { use: async (_name: string, _ttl: number, work: (kv: typeof bucket) => Promise<unknown>) => work(bucket) } as unknown as NatsKv;
}

describe('NatsThrottlerStorage', () => {
  it('counts every hit, including concurrent ones, and blocks past the limit', async () => {
    const storage = new NatsThrottlerStorage(memoryKv(), () => 120_000);
    const results = await Promise.all(Array.from({ length: 5 }, () => storage.increment('k', 60_000, 3, 60_000, 'default')));
    expect(results.map((r) => r.totalHits).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(results.filter((r) => r.isBlocked)).toHaveLength(2);
  });

  it('blocks, never lets through, a burst too contended to count', async () => {
    // A store where every compare-and-set loses, as under a large parallel burst on one key.
    const losing = {
      get: async () => ({ value: new TextEncoder().encode('1'), revision: 1, operation: 'PUT' }),
      create: async () => Promise.reject(new Error('wrong last sequence: 1')),
      update: async () => Promise.reject(new Error('wrong last sequence: 2')),
    };
    const kv = { use: async (_n: string, _t: number, work: (b: typeof losing) => Promise<unknown>) => work(losing) } as unknown as NatsKv;
    expect(await new NatsThrottlerStorage(kv).increment('k', 60_000, 20, 60_000, 'default')).toMatchObject({ isBlocked: true });
  });

  it('counts a large parallel burst exactly', async () => {
    const storage = new NatsThrottlerStorage(memoryKv(), () => 120_000);
    const results = await Promise.all(Array.from({ length: 100 }, () => storage.increment('k', 60_000, 20, 60_000, 'default')));
    expect(results.filter((r) => !r.isBlocked)).toHaveLength(20);
  });

  it('starts a new count in the next window', async () => {
    let now = 0;
    const storage = new NatsThrottlerStorage(memoryKv(), () => now);
    await storage.increment('k', 60_000, 1, 60_000, 'default');
    expect((await storage.increment('k', 60_000, 1, 60_000, 'default')).isBlocked).toBe(true);
    now = 60_000;
    expect(await storage.increment('k', 60_000, 1, 60_000, 'default')).toMatchObject({ totalHits: 1, isBlocked: false, timeToExpire: 60 });
  });

  it('lets requests through when the store is unreachable', async () => {
    const broken = { use: () => Promise.reject(new Error('nats down')) } as unknown as NatsKv;
    expect(await new NatsThrottlerStorage(broken).increment('k', 60_000, 1, 60_000, 'default')).toMatchObject({ isBlocked: false });
  });
});

describe('parseTrustProxy', () => {
  it.each([
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.0.0/16', ['10.0.0.0/8', '192.168.0.0/16']],
    ['1', 1],
    ['false', false],
    ['', false],
  ])('reads %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it('refuses "true", which would believe any X-Forwarded-For', () => {
    expect(() => parseTrustProxy('true')).toThrow(/would believe any X-Forwarded-For/);
  });
});
