import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';

/**
 * Background work a service does at start and then every `intervalMs` (retention, rollups): a
 * round still running when the next is due is not doubled, a failed round (database away) is
 * logged and tried next time, and shutdown lets a round in progress finish before the database
 * closes.
 */
export abstract class PeriodicTask implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  /** @param what names the round in the warning a failed one logs ("Housekeeping round"). */
  protected constructor(
    protected readonly logger: Logger,
    protected readonly intervalMs: number,
    private readonly what: string,
  ) {}

  /** One round's work; an error it throws is logged, never thrown on. */
  protected abstract work(now: Date): Promise<void>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.round(), this.intervalMs);
    this.timer.unref();
    void this.round();
  }

  /** One round; a round still running when the next is due is not doubled. */
  round(now = new Date()): Promise<void> {
    this.running ??= this.guarded(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async guarded(now: Date): Promise<void> {
    try {
      await this.work(now);
    } catch (error) {
      this.logger.warn(`${this.what} failed (tried again in ${this.intervalMs} ms): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Before the database closes: let a round in progress finish. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
