import { Logger } from '@nestjs/common';
import { PeriodicTask } from '@fluent/server-kit';

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
export class ItemReportRetention extends PeriodicTask {
  constructor(
    private readonly reports: ExpiringReports,
    private readonly settings: { days: number; intervalMs: number },
  ) {
    super(new Logger(ItemReportRetention.name), settings.intervalMs, 'Item report retention');
  }

  protected async work(now: Date): Promise<void> {
    const deleted = await this.reports.deleteOlderThan(this.settings.days, now);
    if (deleted > 0) this.logger.log(`Retention: deleted ${deleted} item reports older than ${this.settings.days} days`);
  }
}
