import { Logger } from '@nestjs/common';
import type { Model } from 'mongoose';
import { PageView, PageViewDay, RolledUpDay } from '../analytics/page-view.schema';
import { retentionCutoffDay } from '../analytics/rollup-plan';
import { ContactMessage } from '../contact/contact.schema';

export interface RetentionSettings {
  contactMessageDays: number;
  pageViewDays: number;
}

export interface RetentionResult {
  contactMessages: number;
  pageViewCounts: number;
}

/**
 * Deletes what is kept no longer than the privacy page says (docs/architecture.md#blog-contact-and-page-views): contact messages older than CONTACT_RETENTION_DAYS, page-view counts (and any single
 * view) of days before PAGE_VIEW_RETENTION_DAYS. FerretDB has no TTL indexes, so this is code.
 */
export class DataRetention {
  private readonly logger = new Logger(DataRetention.name);

  constructor(
    private readonly messages: Model<ContactMessage>,
    private readonly days: Model<PageViewDay>,
    private readonly rolledUp: Model<RolledUpDay>,
    private readonly views: Model<PageView>,
    private readonly settings: RetentionSettings,
  ) {}

  async apply(now = new Date()): Promise<RetentionResult> {
    const messagesBefore = new Date(now.getTime() - this.settings.contactMessageDays * 86_400_000);
    const contactMessages = (await this.messages.deleteMany({ createdAt: { $lt: messagesBefore } }).exec()).deletedCount;
    const firstDayKept = retentionCutoffDay(now, this.settings.pageViewDays);
    const pageViewCounts = (await this.days.deleteMany({ day: { $lt: firstDayKept } }).exec()).deletedCount;
    await this.views.deleteMany({ day: { $lt: firstDayKept } }).exec();
    await this.rolledUp.deleteMany({ _id: { $lt: firstDayKept } }).exec();
    if (contactMessages + pageViewCounts > 0) {
      this.logger.log(`Retention: deleted ${contactMessages} contact messages from before ${messagesBefore.toISOString()}, ${pageViewCounts} page-view counts from before ${firstDayKept}`);
    }
    return { contactMessages, pageViewCounts };
  }
}
