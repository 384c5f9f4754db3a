import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import {
  ITEM_REPORT_LIST_READ,
  ITEM_REPORT_THANKS,
  ItemReportErrors,
  type ItemReportInput,
  type ItemReportList,
  type ItemReportListQuery,
  type ItemReportReceipt,
} from '@fluent/contracts';
import { jumbledOrderKey } from '@fluent/scoring';
import { isDuplicateKey, rpcError } from '@fluent/server-kit';
import { AttemptsService } from '../attempts/attempts.service';
import { groupReports, pageOfItems } from './group-reports';
import { ItemReport } from './item-report.schema';
import { locateItem } from './locate-item';

/** A report that the learner's own order of a jumbled item's words should be accepted (docs/development.md#learners-correct-the-bank). */
function claimsUnlistedOrder(detail: { score: { jumbled: { items: { id: number; unlistedOrder?: true }[] } } }, input: ItemReportInput): boolean {
  if (input.section !== 'jumbled' || input.reason !== 'answer-should-be-accepted') return false;
  return detail.score.jumbled.items.some((item) => item.id === input.itemId && item.unlistedOrder === true);
}

/** How many of the newest reports the operators' list reads (it is the one read here that is not by key; by the reportedAt index). */
export const REPORT_LIST_LIMIT = ITEM_REPORT_LIST_READ;

@Injectable()
export class ItemReportsService implements OnModuleInit {
  constructor(
    @InjectModel(ItemReport.name) private readonly reports: Model<ItemReport>,
    private readonly attempts: AttemptsService,
  ) {}

  async onModuleInit(): Promise<void> {
    // The unique (uid, item) index is the one-report-per-item rule.
    await this.reports.init();
  }

  /**
   * Stores a learner's report on an item of their own attempt, with the item as it was asked and
   * their answer as stored: nothing about the item is taken from the request but its name.
   */
  async report(uid: string, attemptId: string, input: ItemReportInput): Promise<ItemReportReceipt> {
    const detail = await this.attempts.detailFor(uid, attemptId);
    const located = locateItem(detail.questions, detail.answers, input.section, input.itemId);
    if (!located) throw rpcError(404, ItemReportErrors.notInAttempt);
    try {
      await this.reports.create({
        uid,
        item: `${input.section}:${input.itemId}`,
        section: input.section,
        itemId: input.itemId,
        testId: detail.testId,
        attemptId,
        prompt: located.prompt,
        answer: located.answer,
        reason: input.reason,
        comment: input.comment,
        reportedAt: new Date(),
        ...(claimsUnlistedOrder(detail, input) ? { order: jumbledOrderKey(located.answer) } : {}),
      });
    } catch (error) {
      if (isDuplicateKey(error)) throw rpcError(409, ItemReportErrors.alreadyReported);
      throw error;
    }
    return { message: ITEM_REPORT_THANKS };
  }

  /** For operators: the newest reports, grouped by item, one page of items (see pageOfItems). */
  async list(query: ItemReportListQuery): Promise<ItemReportList> {
    const rows = await this.reports.find({}).sort({ reportedAt: -1 }).limit(REPORT_LIST_LIMIT).lean<ItemReport[]>();
    return pageOfItems(groupReports(rows), query);
  }

  /** Deletes the reports older than `days` (ITEM_REPORT_RETENTION_DAYS); by the reportedAt index. */
  async deleteOlderThan(days: number, now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - days * 86_400_000);
    return (await this.reports.deleteMany({ reportedAt: { $lt: before } }).exec()).deletedCount;
  }
}
