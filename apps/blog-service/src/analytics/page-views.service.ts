import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isSitePagePath, utcDay, type PageViewCount, type PageViewedEvent, type PageViewReport, type PageViewReportRequest } from '@fluent/contracts';
import { isDuplicateKey } from '@fluent/server-kit';
import { PageView, PageViewDay, RolledUpDay } from './page-view.schema';
import { mergeCounts } from './rollup-plan';

@Injectable()
export class PageViewsService {
  constructor(
    @InjectModel(PageView.name) private readonly views: Model<PageView>,
    @InjectModel(PageViewDay.name) private readonly days: Model<PageViewDay>,
    @InjectModel(RolledUpDay.name) private readonly rolledUp: Model<RolledUpDay>,
  ) {}

  /**
   * Counts one view; true when it was new, false when this event had been counted already or its
   * path is none of the site's pages (the gateway counts only those; this holds if it ever did not).
   */
  async record(event: PageViewedEvent, now = new Date()): Promise<boolean> {
    if (!isSitePagePath(event.path)) return false;
    try {
      await this.views.create({ _id: event.id, path: event.path, day: utcDay(new Date(event.at)), recordedAt: now });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /**
   * Views per day and path within the span (both ends included), by day, then path: the daily
   * counts of the days already rolled up, the single views of the others (the last few days). One
   * page of rows is answered (`page`, `limit`; PAGE_VIEW_REPORT_PAGE_MAX at most), so the reply
   * stays under NATS's payload limit however many paths and days are stored; `total` and `rows`
   * cover the whole span.
   */
  async report(request: PageViewReportRequest): Promise<PageViewReport> {
    const span = { $gte: request.from, $lte: request.to };
    const rolled = (await this.rolledUp.find({ _id: span }, { _id: 1 }).lean().exec()).map((day) => day._id);
    const path = request.path ? { path: request.path } : {};
    const counted = await this.days.find({ day: { $in: rolled }, ...path }).lean().exec();
    const fresh = await this.views
      .aggregate<{ _id: { day: string; path: string }; views: number }>([
        { $match: { day: { ...span, $nin: rolled }, ...path } },
        { $group: { _id: { day: '$day', path: '$path' }, views: { $sum: 1 } } },
      ])
      .exec();
    // Sorted here: a small result, and FerretDB's $sort on a compound group key is not one we rely on.
    const counts: PageViewCount[] = mergeCounts(
      counted.map((c) => ({ day: c.day, path: c.path, views: c.views })),
      fresh.map((row) => ({ day: row._id.day, path: row._id.path, views: row.views })),
    );
    const start = (request.page - 1) * request.limit;
    return {
      from: request.from,
      to: request.to,
      total: counts.reduce((sum, c) => sum + c.views, 0),
      counts: counts.slice(start, start + request.limit),
      page: request.page,
      limit: request.limit,
      rows: counts.length,
    };
  }
}
