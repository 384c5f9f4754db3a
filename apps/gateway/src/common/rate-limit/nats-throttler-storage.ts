import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { CounterContendedError, incrementCounter, type NatsKv } from '@fluent/server-kit';

/** The longest window any throttler uses; the bucket keeps entries that long, then drops them. */
export const RATE_LIMIT_BUCKET = 'gateway_rate_limits';
export const RATE_LIMIT_BUCKET_TTL_MS = 60 * 60_000;

/**
 * @nestjs/throttler's counters on NATS KV instead of in process memory, so every gateway replica
 * counts against the same limit (in memory, N replicas would allow N times the limit). Fixed
 * windows: one counter per key and window, incremented by compare-and-set.
 *
 * When NATS cannot be reached the request is let through (and logged): every API call needs NATS
 * anyway, so failing closed here would only hide the real outage behind 429s. A counter too
 * contended to update (a burst on one key) counts as over the limit.
 */
export class NatsThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger(NatsThrottlerStorage.name);
  private lastWarning = 0;

  constructor(
    private readonly kv: NatsKv,
    private readonly now: () => number = Date.now,
  ) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const now = this.now();
    const window = Math.floor(now / ttl);
    const timeToExpire = Math.max(1, Math.ceil(((window + 1) * ttl - now) / 1000));
    let totalHits: number;
    try {
      const counter = `${throttlerName.replace(/[^a-zA-Z0-9_-]/g, '_')}.${key}.${window}`;
      totalHits = await this.kv.use(RATE_LIMIT_BUCKET, RATE_LIMIT_BUCKET_TTL_MS, (bucket) => incrementCounter(bucket, counter));
    } catch (error) {
      // A burst on one key: that is what the limit is for.
      if (error instanceof CounterContendedError) return { totalHits: limit + 1, timeToExpire, isBlocked: true, timeToBlockExpire: timeToExpire };
      if (now - this.lastWarning > 10_000) {
        this.lastWarning = now;
        this.logger.warn(`Rate-limit store unavailable, letting requests through: ${String(error)}`);
      }
      return { totalHits: 0, timeToExpire, isBlocked: false, timeToBlockExpire: 0 };
    }
    const isBlocked = totalHits > limit;
    return { totalHits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
  }
}
