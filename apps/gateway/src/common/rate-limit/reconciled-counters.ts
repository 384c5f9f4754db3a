/** The shared store: adds `delta` to a counter and answers the counter's new total. */
export type AddToSharedCounter = (counter: string, delta: number) => Promise<number>;

export interface ReconciledCountersOptions {
  /**
   * A key's local hits are sent to the shared store once they reach this fraction of its limit
   * (and on every sync tick): with R replicas a window can overshoot the limit by about
   * R × fraction × limit, so 0.05 keeps two replicas within 10 %.
   */
  flushFraction: number;
  now: () => number;
  /** Called when the store could not take a flush (the hits stay local and go with the next one). */
  onSyncError: (error: unknown) => void;
}

interface Window {
  /** The shared total as last answered by the store (every replica's flushed hits, ours included). */
  known: number;
  /** Hits counted here and not yet sent. */
  pending: number;
  /** Hits on their way to the store. */
  sending: number;
  flight?: Promise<void>;
  endsAt: number;
}

/**
 * Fixed-window counters decided in process memory and reconciled with a shared store in the
 * background: a request never waits on a network round trip, a burst is counted exactly on the
 * replica that sees it, and every replica learns the others' hits at each flush. If the store is
 * away or contended, counting goes on locally (never "over the limit" because of the store).
 */
export class ReconciledCounters {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly addToShared: AddToSharedCounter,
    private readonly options: ReconciledCountersOptions,
  ) {}

  /** Counts one hit on `key` in the current `ttl` window; answers the estimated total and the window's end. */
  hit(key: string, ttl: number, limit: number): { total: number; endsAt: number } {
    const now = this.options.now();
    const index = Math.floor(now / ttl);
    const counter = `${key}.${index}`;
    let window = this.windows.get(counter);
    if (!window) {
      window = { known: 0, pending: 0, sending: 0, endsAt: (index + 1) * ttl };
      this.windows.set(counter, window);
    }
    window.pending += 1;
    if (!window.flight && window.pending >= Math.max(1, Math.floor(limit * this.options.flushFraction))) void this.flush(counter, window);
    return { total: window.known + window.sending + window.pending, endsAt: window.endsAt };
  }

  /** Sends every key's pending hits (the sync tick) and forgets windows that have ended. */
  async sync(): Promise<void> {
    const now = this.options.now();
    const flights: Promise<void>[] = [];
    for (const [counter, window] of this.windows) {
      if (window.pending > 0 || window.flight) flights.push(this.drain(counter, window));
      else if (window.endsAt <= now) this.windows.delete(counter);
    }
    await Promise.all(flights);
  }

  /** Waits for a flush on its way, then sends what came in meanwhile. */
  private async drain(counter: string, window: Window): Promise<void> {
    if (window.flight) await window.flight;
    await this.flush(counter, window);
  }

  /** Windows held in memory (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  private flush(counter: string, window: Window): Promise<void> {
    if (window.flight) return window.flight;
    const delta = window.pending;
    if (delta === 0) return Promise.resolve();
    window.pending = 0;
    window.sending = delta;
    window.flight = this.addToShared(counter, delta)
      .then(
        (total) => {
          // Never below what this replica alone has counted (a store that lost its data).
          window.known = Math.max(total, window.known + delta);
        },
        (error: unknown) => {
          window.pending += delta;
          this.options.onSyncError(error);
        },
      )
      .finally(() => {
        window.sending = 0;
        window.flight = undefined;
      });
    return window.flight;
  }
}
