/**
 * A time budget for one operation that makes several downstream calls. Each call gets at most
 * its own cap and never more than what is left, so the operation answers before its caller (the
 * gateway, which waits NATS_REQUEST_TIMEOUT_MS) gives up on it.
 */
export class Deadline {
  private readonly at: number;

  constructor(
    budgetMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.at = now() + budgetMs;
  }

  remaining(): number {
    return Math.max(0, this.at - this.now());
  }

  expired(): boolean {
    return this.remaining() === 0;
  }

  /** The timeout for the next call: its own cap, cut to what is left of the budget. */
  timeout(capMs: number): number {
    return Math.min(capMs, this.remaining());
  }
}
