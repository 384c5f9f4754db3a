import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { PageViewRollup } from '../analytics/page-view-rollup';
import { DataRetention } from './data-retention';

/**
 * Rolls page views up and applies the retention periods, at start and then every
 * HOUSEKEEPING_INTERVAL_MS. Every replica runs it: each step is idempotent and safe side by side
 * (PageViewRollup, DataRetention). A failed round (database away) is logged and tried next time.
 */
export class Housekeeping implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(Housekeeping.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly rollup: PageViewRollup,
    private readonly retention: DataRetention,
    private readonly intervalMs: number,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.round(), this.intervalMs);
    this.timer.unref();
    void this.round();
  }

  /** One round; a round still running when the next is due is not doubled. */
  round(now = new Date()): Promise<void> {
    this.running ??= this.work(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async work(now: Date): Promise<void> {
    try {
      await this.rollup.rollUp(now);
      await this.retention.apply(now);
    } catch (error) {
      this.logger.warn(`Housekeeping round failed (tried again in ${this.intervalMs} ms): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Before the database closes: let a round in progress finish. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
