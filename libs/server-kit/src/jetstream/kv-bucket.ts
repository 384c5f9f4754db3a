import type { KV } from 'nats';
import type { BaseConfig } from '../config/config';
import { credentialsOf, LazyNatsConnection } from '../nats/connection';

export interface NatsKvOptions {
  url: string;
  /** Connection name, shown in NATS monitoring. */
  name: string;
  user?: string;
  pass?: string;
}

/**
 * Key-value buckets on JetStream, for state that every replica of a service must share: rate-limit
 * counters, short-lived caches. One lazy connection per process; a bucket is created on first use
 * with a TTL (its entries expire on their own, so nothing needs sweeping).
 */
export class NatsKv {
  private readonly connection: LazyNatsConnection;
  private readonly buckets = new Map<string, Promise<KV>>();

  /** The KV client of a service, as its config says (NATS_URL, NATS_USER, NATS_PASSWORD). */
  static forService(service: string, config: Pick<BaseConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD'>): NatsKv {
    return new NatsKv({ url: config.NATS_URL, name: service, user: config.NATS_USER, pass: config.NATS_PASSWORD });
  }

  constructor(options: NatsKvOptions) {
    this.connection = new LazyNatsConnection({
      url: options.url,
      name: `${options.name}-kv`,
      // Its own inbox prefix too: the server lets each app read replies only under `_INBOX.<user>`.
      credentials: credentialsOf(options.user, options.pass),
      options: { timeout: 2000 },
    });
  }

  bucket(name: string, ttlMs: number): Promise<KV> {
    let bucket = this.buckets.get(name);
    if (!bucket) {
      bucket = this.connection.get().then((nc) => nc.jetstream().views.kv(name, { ttl: ttlMs, history: 1, timeout: 2000 }));
      // A failed open (NATS down) is retried by the next caller instead of being cached.
      bucket.catch(() => this.buckets.delete(name));
      this.buckets.set(name, bucket);
    }
    return bucket;
  }

  /**
   * Runs `work` on a bucket. A failure drops the cached handle and tries once more with a fresh
   * one: after NATS lost its storage (a restart without its data folder, a new cluster) the
   * bucket is simply created again instead of every later call failing on a stream that is gone.
   */
  async use<T>(name: string, ttlMs: number, work: (kv: KV) => Promise<T>): Promise<T> {
    try {
      return await work(await this.bucket(name, ttlMs));
    } catch {
      this.buckets.delete(name);
      return work(await this.bucket(name, ttlMs));
    }
  }

  /** Nest calls this on shutdown when the instance is a provider. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  close(): Promise<void> {
    this.buckets.clear();
    return this.connection.close();
  }
}

const isRevisionConflict = (error: unknown) => /wrong last sequence|key exists/i.test(String((error as Error)?.message ?? error));

/**
 * Thrown when a counter could not be updated because too many writers raced for it. A rate
 * limiter must treat it as "over the limit": it only happens under a burst on one key.
 */
export class CounterContendedError extends Error {
  constructor(key: string) {
    super(`counter ${key} is too contended`);
    this.name = 'CounterContendedError';
  }
}

/**
 * Adds `delta` to a counter (never below 0) and returns the new count. JetStream has no atomic
 * increment, so this is a compare-and-set loop on the entry's revision, with a short random pause
 * between tries: concurrent updates from several replicas are all counted, none lost.
 */
export async function incrementCounter(kv: KV, key: string, delta = 1, maxAttempts = 30): Promise<number> {
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const entry = await kv.get(key);
    try {
      if (!entry || entry.operation !== 'PUT') {
        const first = Math.max(0, delta);
        await kv.create(key, encodeCount(first));
        return first;
      }
      const next = Math.max(0, decodeCount(entry.value) + delta);
      await kv.update(key, encodeCount(next), entry.revision);
      return next;
    } catch (error) {
      if (!isRevisionConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
    }
  }
  throw new CounterContendedError(key);
}

const encodeCount = (n: number) => new TextEncoder().encode(String(n));
const decodeCount = (value: Uint8Array) => Number(new TextDecoder().decode(value)) || 0;
