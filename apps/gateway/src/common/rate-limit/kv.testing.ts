import type { NatsKv } from '@fluent/server-kit';

/**
 * A KV bucket in memory with the revision semantics of NATS KV (create fails if present, update
 * needs the revision), each call after a turn of the event loop as over a network. Tests only.
 */
export function memoryKv() {
  const data = new Map<string, { value: Uint8Array; revision: number }>();
  let revision = 0;
  let calls = 0;
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  const bucket = {
    get: async (key: string) => {
      await tick();
      const entry = data.get(key);
      return entry ? { ...entry, operation: 'PUT' } : null;
    },
    create: async (key: string, value: Uint8Array) => {
      await tick();
      if (data.has(key)) throw new Error('wrong last sequence: 1');
      data.set(key, { value, revision: ++revision });
    },
    update: async (key: string, value: Uint8Array, expected: number) => {
      await tick();
      if (data.get(key)?.revision !== expected) throw new Error('wrong last sequence: 2');
      data.set(key, { value, revision: ++revision });
    },
  };
  const kv = {
    use: async (_name: string, _ttl: number, work: (b: typeof bucket) => Promise<unknown>) => {
      calls += 1;
      return work(bucket);
    },
  } as unknown as NatsKv;
  return { kv, calls: () => calls, total: (prefix: string) => [...data].filter(([k]) => k.startsWith(prefix)).reduce((sum, [, e]) => sum + Number(new TextDecoder().decode(e.value)), 0) };
}

/** A store where every compare-and-set loses, as under a large parallel burst on one key. */
export function contendedKv(): NatsKv {
  const losing = {
    get: async () => ({ value: new TextEncoder().encode('1'), revision: 1, operation: 'PUT' }),
    create: async () => Promise.reject(new Error('wrong last sequence: 1')),
    update: async () => Promise.reject(new Error('wrong last sequence: 2')),
  };
  return { use: async (_n: string, _t: number, work: (b: typeof losing) => Promise<unknown>) => work(losing) } as unknown as NatsKv;
}

/** NATS away. */
export const unreachableKv = (): NatsKv => ({ use: () => Promise.reject(new Error('nats down')) }) as unknown as NatsKv;
