/** The shared store: adds `delta` to a counter and answers the counter's new total. */
export type AddToSharedCounter = (counter: string, delta: number) => Promise<number>;

export interface ReconciledCountersOptions {
  /**
   * A key's local hits are sent to the shared store once they reach this fraction of its limit
   * (and on every sync tick).
   */
  flushFraction: number;
  /**
   * Within this fraction of the limit (by this replica's estimate) a hit is decided by the store's
   * total, not the estimate. The estimate misses what other replicas have not sent yet (about
   * (R − 1) × flushFraction × limit with R replicas), so keep (R − 1) × flushFraction below it.
   */
  exactFraction: number;
  /**
   * How long a hit waits for the store's answer before it is decided by this replica's own count
   * (a store that is slow or away must not hold requests up).
   */
  answerTimeoutMs: number;
  now: () => number;
  /** Called when the store could not take a flush (the hits stay local and go with the next one). */
  onSyncError: (error: unknown) => void;
}

export interface Decision {
  total: number;
  endsAt: number;
}

/** A hit near the limit, waiting for the store's total: the `position`-th hit of the pending batch. */
interface Waiter {
  position: number;
  estimate: number;
  resolve: (total: number) => void;
}

interface Window {
  /** The shared total as last answered by the store (every replica's flushed hits, ours included). */
  known: number;
  /** Hits counted here and not yet sent. */
  pending: number;
  /** Hits of the pending batch that wait for the store's answer. */
  waiters: Waiter[];
  /** Hits on their way to the store. */
  sending: number;
  flight?: Promise<void>;
  endsAt: number;
}

/**
 * Fixed-window counters decided in process memory and reconciled with a shared store in the
 * background. Far from its limit a request never waits on a network round trip: up to
 * `flushFraction` of the limit is decided locally and sent in one add, and every replica learns
 * the others' hits at each answer. A hit waits for the store's total instead when
 * - the key is near its limit (its last `exactFraction`, by this replica's estimate), or
 * - more than `flushFraction` of the limit is already out of the store's sight on this replica
 *   (a burst faster than the store answers),
 * so no replica ever decides more than `flushFraction` of the limit blind, and R replicas
 * overshoot by at most (R − 1) × flushFraction × limit. One add per key is on its way at a time,
 * so each answer counts exactly the hits sent so far, and each waiting hit gets its own rank in
 * it. If the store is slow (`answerTimeoutMs`), away or contended, counting goes on locally: never
 * "over the limit" because of the store.
 */
export class ReconciledCounters {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly addToShared: AddToSharedCounter,
    private readonly options: ReconciledCountersOptions,
  ) {}

  /** Counts one hit on `key` in the current `ttl` window; answers the total it is decided by and the window's end. */
  hit(key: string, ttl: number, limit: number): Decision | Promise<Decision> {
    const now = this.options.now();
    const index = Math.floor(now / ttl);
    const counter = `${key}.${index}`;
    let window = this.windows.get(counter);
    if (!window) {
      window = { known: 0, pending: 0, waiters: [], sending: 0, endsAt: (index + 1) * ttl };
      this.windows.set(counter, window);
    }
    window.pending += 1;
    const estimate = window.known + window.sending + window.pending;
    const endsAt = window.endsAt;
    const batch = Math.max(1, Math.floor(limit * this.options.flushFraction));
    const nearLimit = estimate > limit - Math.max(1, Math.ceil(limit * this.options.exactFraction));
    if (nearLimit || window.sending + window.pending > batch) return this.waitForStore(counter, window, estimate).then((total) => ({ total, endsAt }));
    if (window.pending >= batch) void this.flush(counter, window);
    return { total: estimate, endsAt };
  }

  /** Decides the last hit counted by the store's next answer, or by `estimate` if that is overdue. */
  private waitForStore(counter: string, window: Window, estimate: number): Promise<number> {
    return new Promise<number>((resolve) => {
      const timer = setTimeout(() => resolve(estimate), this.options.answerTimeoutMs);
      window.waiters.push({
        position: window.pending,
        estimate,
        resolve: (total) => {
          clearTimeout(timer);
          resolve(total);
        },
      });
      void this.flush(counter, window);
    });
  }

  /** Sends every key's pending hits (the sync tick), waits for them, and forgets windows that have ended. */
  async sync(): Promise<void> {
    const now = this.options.now();
    const flights: Promise<void>[] = [];
    for (const [counter, window] of this.windows) {
      if (window.pending > 0 || window.flight) flights.push(this.drain(counter, window));
      else if (window.endsAt <= now) this.windows.delete(counter);
    }
    await Promise.all(flights);
  }

  /** Windows held in memory (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  /** Waits for a flush on its way, then sends what came in meanwhile. */
  private async drain(counter: string, window: Window): Promise<void> {
    if (window.flight) await window.flight;
    await this.flush(counter, window);
  }

  /** Sends the pending batch, unless an add is on its way (the batch then goes when it lands). */
  private flush(counter: string, window: Window): Promise<void> {
    if (window.flight) return window.flight;
    const delta = window.pending;
    if (delta === 0) return Promise.resolve();
    const waiters = window.waiters;
    window.pending = 0;
    window.waiters = [];
    window.sending = delta;
    window.flight = this.addToShared(counter, delta)
      .then(
        (total) => {
          // Never below what this replica alone has counted (a store that lost its data).
          window.known = Math.max(total, window.known + delta);
          // The batch's hits are the last `delta` of `total`, in the order they came.
          for (const waiter of waiters) waiter.resolve(Math.max(window.known - delta + waiter.position, waiter.estimate));
        },
        (error: unknown) => {
          // Decided by this replica's own count; the hits go with the next flush.
          for (const waiter of waiters) waiter.resolve(waiter.estimate);
          window.pending += delta;
          this.options.onSyncError(error);
        },
      )
      .finally(() => {
        window.sending = 0;
        window.flight = undefined;
        // Hits that came in meanwhile and wait for an answer go at once.
        if (window.waiters.length > 0) void this.flush(counter, window);
      });
    return window.flight;
  }
}
