import { Logger } from '@nestjs/common';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '@fluent/server-kit';
import { PageView, PageViewDay, RolledUpDay } from './page-view.schema';
import { closedDays, dailyCountId } from './rollup-plan';

export interface RollupSettings {
  /** A day is rolled up this long after it ended (at least the page-view stream's max age). */
  closeAfterMs: number;
  /** ...and once no view of it has been stored for this long. */
  settleMs: number;
}

/**
 * Rolls single page views up into one count per path and day, so the views of a day are a handful
 * of documents instead of one each. Safe to run on every replica at once, and again after a crash
 * at any point, without transactions or `$inc` (FerretDB has neither atomically):
 *
 * 1. a day is taken only once it is closed (no view of it can still arrive) and settled;
 * 2. its counts are computed from its single views and *inserted* (`_id` = day and path): a second
 *    run computes the same numbers, and its inserts fail as duplicates, changing nothing;
 * 3. the day is marked rolled up (the report reads counts for it from then on);
 * 4. its single views are deleted. A run that finds a marked day with single views left finishes
 *    the deletion. The counts were all inserted before the mark, so a run that counted while
 *    another deleted can only insert what is there already.
 */
export class PageViewRollup {
  private readonly logger = new Logger(PageViewRollup.name);

  constructor(
    private readonly views: Model<PageView>,
    private readonly days: Model<PageViewDay>,
    private readonly rolledUp: Model<RolledUpDay>,
    private readonly settings: RollupSettings,
  ) {}

  /** Rolls up every closed day that still has single views; returns the days rolled up now. */
  async rollUp(now = new Date()): Promise<string[]> {
    const withViews = (await this.views.distinct('day').exec()) as string[];
    const done: string[] = [];
    for (const day of closedDays(withViews, now, this.settings.closeAfterMs)) {
      if (await this.rolledUp.exists({ _id: day })) {
        const left = await this.views.deleteMany({ day }).exec();
        if (left.deletedCount > 0) this.logger.warn(`${left.deletedCount} views of ${day} arrived after it was rolled up and were not counted`);
        continue;
      }
      const unsettled = await this.views.exists({ day, recordedAt: { $gt: new Date(now.getTime() - this.settings.settleMs) } });
      if (unsettled) continue;
      await this.rollUpDay(day, now);
      done.push(day);
    }
    return done;
  }

  private async rollUpDay(day: string, now: Date): Promise<void> {
    const counts = await this.views
      .aggregate<{ _id: string; views: number }>([{ $match: { day } }, { $group: { _id: '$path', views: { $sum: 1 } } }])
      .exec();
    for (const { _id: path, views } of counts) await this.insertOnce(this.days, { _id: dailyCountId(day, path), day, path, views });
    const total = counts.reduce((sum, c) => sum + c.views, 0);
    await this.insertOnce(this.rolledUp, { _id: day, views: total, rolledUpAt: now });
    await this.views.deleteMany({ day }).exec();
    this.logger.log(`Page views of ${day} rolled up: ${total} views of ${counts.length} paths`);
  }

  private async insertOnce<T>(model: Model<T>, document: Partial<T>): Promise<void> {
    try {
      await model.create(document);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
}
