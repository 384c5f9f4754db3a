import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { utcDay, type PageViewCount, type PageViewedEvent, type PageViewReport, type PageViewReportRequest } from '@fluent/contracts';
import { PageView } from './page-view.schema';

const isDuplicateKey = (error: unknown) => (error as { code?: number })?.code === 11000;

@Injectable()
export class PageViewsService {
  constructor(@InjectModel(PageView.name) private readonly views: Model<PageView>) {}

  /** Counts one view; true when it was new, false when this event had been counted already. */
  async record(event: PageViewedEvent): Promise<boolean> {
    try {
      await this.views.create({ _id: event.id, path: event.path, day: utcDay(new Date(event.at)) });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** Views per day and path within the span (both ends included), by day, then path. */
  async report(request: PageViewReportRequest): Promise<PageViewReport> {
    const match: Record<string, unknown> = { day: { $gte: request.from, $lte: request.to } };
    if (request.path) match.path = request.path;
    const rows = await this.views
      .aggregate<{ _id: { day: string; path: string }; views: number }>([
        { $match: match },
        { $group: { _id: { day: '$day', path: '$path' }, views: { $sum: 1 } } },
      ])
      .exec();
    // Sorted here: a small result, and FerretDB's $sort on a compound group key is not one we rely on.
    const counts: PageViewCount[] = rows
      .map((row) => ({ day: row._id.day, path: row._id.path, views: row.views }))
      .sort((a, b) => a.day.localeCompare(b.day) || a.path.localeCompare(b.path));
    return { from: request.from, to: request.to, total: counts.reduce((sum, c) => sum + c.views, 0), counts };
  }
}
