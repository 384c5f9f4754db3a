/**
 * Runs an expensive check at most once per window: callers within `ttlMs` of the last result get
 * that result, and callers arriving while a run is in flight share it. A run that throws is not
 * kept, so the next caller tries again.
 */
export class CachedProbe<T> {
  private last?: { value: T; at: number };
  private running?: Promise<T>;

  constructor(
    private readonly run: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    if (this.last && this.now() - this.last.at < this.ttlMs) return Promise.resolve(this.last.value);
    this.running ??= this.run()
      .then((value) => {
        this.last = { value, at: this.now() };
        return value;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
