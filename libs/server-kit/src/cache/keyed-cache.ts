export interface KeyedCacheOptions {
  /** Entries kept; past it the least recently read go first. */
  maxEntries: number;
  /** How long an entry is trusted without an invalidation (a safety net: writes invalidate). */
  ttlMs: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

interface Load<T> {
  promise: Promise<T>;
  /** Invalidated while loading: its value may predate the write, so it is answered but not kept. */
  stale: boolean;
}

/**
 * A read-through cache of values by key, in process memory. Correctness comes from invalidation:
 * a write calls `invalidate(key)` (here and, through SharedCache, on every replica). A load that was
 * already under way when its key was invalidated may have read the old value: it answers the
 * request that started it (which ran concurrently with the write) but is never kept. Concurrent
 * misses of a key share one load.
 */
export class KeyedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loads = new Map<string, Load<T>>();
  private readonly now: () => number;

  constructor(private readonly options: KeyedCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.fresh(key);
    if (entry) return Promise.resolve(entry.value);
    const running = this.loads.get(key);
    if (running && !running.stale) return running.promise;
    return this.startLoad(key, load);
  }

  /** The value kept for `key` when there is a fresh one, without loading it (a miss is the caller's to answer). */
  peek(key: string): T | undefined {
    return this.fresh(key)?.value;
  }

  /** The fresh entry for `key`, read now (so evicted last); an expired one is dropped. */
  private fresh(key: string): Entry<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    // Most recently read last: eviction takes from the front.
    this.entries.set(key, entry);
    return entry;
  }

  /** Forgets `key`, and keeps a load under way for it from being stored. */
  invalidate(key: string): void {
    this.entries.delete(key);
    const running = this.loads.get(key);
    if (running) running.stale = true;
  }

  /** Forgets everything (e.g. after missing invalidations while disconnected). */
  clear(): void {
    this.entries.clear();
    for (const running of this.loads.values()) running.stale = true;
  }

  get size(): number {
    return this.entries.size;
  }

  private startLoad(key: string, load: () => Promise<T>): Promise<T> {
    const current: Load<T> = { stale: false, promise: Promise.resolve() as Promise<never> };
    current.promise = load().then(
      (value) => {
        if (this.loads.get(key) === current) this.loads.delete(key);
        if (!current.stale) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.loads.get(key) === current) this.loads.delete(key);
        throw error;
      },
    );
    this.loads.set(key, current);
    return current.promise;
  }

  private store(key: string, value: T): void {
    this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}
