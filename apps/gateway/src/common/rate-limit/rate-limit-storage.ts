import { HttpException, HttpStatus, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { KvBuckets } from '@fluent/contracts';
import { CounterContendedError, incrementCounter, type NatsKv } from '@fluent/server-kit';
import { PASSWORD_THROTTLER } from './password-routes';
import { ReconciledCounters } from './reconciled-counters';

/** The longest window any throttler uses; the bucket (KvBuckets.rateLimits) keeps entries that long, then drops them. */
export const RATE_LIMIT_BUCKET_TTL_MS = 60 * 60_000;
export const RATE_LIMIT_UNAVAILABLE_MESSAGE = 'Sign-in is unavailable for a moment. Please try again shortly.';

export interface RateLimitStorageOptions {
  /** How often local hits are sent to the shared store (ms). */
  syncMs: number;
  flushFraction: number;
  exactFraction: number;
  answerTimeoutMs: number;
  now?: () => number;
}

/**
 * @nestjs/throttler's counters, shared by every gateway replica through NATS KV, in two ways:
 * - password checks (PASSWORD_THROTTLER) are counted exactly in the store before the request goes
 *   on, refused with 503 when the store cannot count them and with the route's 429 when the counter
 *   is too contended to update: a guess is never let through blind;
 * - every other limit is decided in memory and reconciled with the store in the background
 *   (ReconciledCounters), so the API's hot path makes no round trip for its limit and a burst
 *   under the limit is never refused; only a client within the last few percent of its limit is
 *   counted in the store before it is answered, so replicas still share one limit.
 * For the API limit, a counter too contended to update is never taken for "over the limit": a
 * refused page load is worse than a few extra ones, and no password is checked behind it.
 */
export class RateLimitStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly logger = new Logger(RateLimitStorage.name);
  private readonly local: ReconciledCounters;
  private readonly timer: NodeJS.Timeout;
  private readonly now: () => number;
  private lastWarning = 0;

  constructor(
    private readonly kv: NatsKv,
    options: RateLimitStorageOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.local = new ReconciledCounters((counter, delta) => this.addShared(counter, delta), {
      flushFraction: options.flushFraction,
      exactFraction: options.exactFraction,
      answerTimeoutMs: options.answerTimeoutMs,
      now: this.now,
      onSyncError: (error) => this.warn(`Rate-limit store unavailable, counting locally until it is back: ${String(error)}`),
    });
    this.timer = setInterval(() => void this.local.sync(), options.syncMs);
    this.timer.unref();
  }

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const counter = `${throttlerName.replace(/[^a-zA-Z0-9_-]/g, '_')}.${key}`;
    if (throttlerName === PASSWORD_THROTTLER) return this.exact(counter, ttl, limit);
    const { total, endsAt } = await this.local.hit(counter, ttl, limit);
    return this.record(total, limit, endsAt);
  }

  /** Sends what is still local (on shutdown, so a restarting replica's hits are not forgotten). */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    // Bounded: a store that is away must not hold up the shutdown.
    await Promise.race([this.local.sync(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  }

  private async exact(counter: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const window = Math.floor(this.now() / ttl);
    const endsAt = (window + 1) * ttl;
    try {
      return this.record(await this.addShared(`${counter}.${window}`, 1), limit, endsAt);
    } catch (error) {
      // Contended after every retry: a parallel burst on one address, which is what a guesser
      // sends. Counting it locally instead would let each replica pass its own `limit` (the limit
      // would grow with the replica count), so an uncounted guess is refused as one over the limit.
      if (error instanceof CounterContendedError) {
        this.warn(`Password-route counter contended, refusing: ${counter}`);
        return this.record(limit + 1, limit, endsAt);
      }
      this.warn(`Rate-limit store unavailable, refusing password checks: ${String(error)}`);
      throw new HttpException({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: RATE_LIMIT_UNAVAILABLE_MESSAGE }, HttpStatus.SERVICE_UNAVAILABLE);
    }
  }

  private addShared(counter: string, delta: number): Promise<number> {
    return this.kv.use(KvBuckets.rateLimits, RATE_LIMIT_BUCKET_TTL_MS, (bucket) => incrementCounter(bucket, counter, delta));
  }

  private record(totalHits: number, limit: number, endsAt: number): ThrottlerStorageRecord {
    const timeToExpire = Math.max(1, Math.ceil((endsAt - this.now()) / 1000));
    const isBlocked = totalHits > limit;
    return { totalHits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
  }

  private warn(message: string): void {
    const now = this.now();
    if (now - this.lastWarning < 10_000) return;
    this.lastWarning = now;
    this.logger.warn(message);
  }
}
