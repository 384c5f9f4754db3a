import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';

/** What the retention needs of the reports: deleting those older than a number of days. */
export interface ExpiringReports {
  deleteOlderThan(days: number, now?: Date): Promise<number>;
}

/**
 * Deletes item reports older than ITEM_REPORT_RETENTION_DAYS, at start and then every
 * ITEM_REPORT_RETENTION_INTERVAL_MS. Every replica runs it: a deleteMany by date is idempotent and
 * safe side by side. A failed round (database away) is logged and tried next time. FerretDB has no
 * TTL indexes, so this is code (as blog-service's DataRetention).
 */
export class ItemReportRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ItemReportRetention.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly reports: ExpiringReports,
    private readonly settings: { days: number; intervalMs: number },
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.round(), this.settings.intervalMs);
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
      const deleted = await this.reports.deleteOlderThan(this.settings.days, now);
      if (deleted > 0) this.logger.log(`Retention: deleted ${deleted} item reports older than ${this.settings.days} days`);
    } catch (error) {
      this.logger.warn(`Item report retention failed (tried again in ${this.settings.intervalMs} ms): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
