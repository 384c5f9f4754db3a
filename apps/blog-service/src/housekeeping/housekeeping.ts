import { Logger } from '@nestjs/common';
import { PeriodicTask } from '@fluent/server-kit';
import { PageViewRollup } from '../analytics/page-view-rollup';
import { DataRetention } from './data-retention';

/**
 * Rolls page views up and applies the retention periods, at start and then every
 * HOUSEKEEPING_INTERVAL_MS. Every replica runs it: each step is idempotent and safe side by side
 * (PageViewRollup, DataRetention). A failed round (database away) is logged and tried next time.
 */
export class Housekeeping extends PeriodicTask {
  constructor(
    private readonly rollup: PageViewRollup,
    private readonly retention: DataRetention,
    intervalMs: number,
  ) {
    super(new Logger(Housekeeping.name), intervalMs, 'Housekeeping round');
  }

  protected async work(now: Date): Promise<void> {
    await this.rollup.rollUp(now);
    await this.retention.apply(now);
  }
}
