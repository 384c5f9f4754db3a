import { Module } from '@nestjs/common';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { PageViewRollup } from '../analytics/page-view-rollup';
import { PageView, PageViewDay, pageViewModels, RolledUpDay } from '../analytics/page-view.schema';
import { config } from '../config';
import { ContactMessage, ContactMessageSchema } from '../contact/contact.schema';
import { DataRetention } from './data-retention';
import { Housekeeping } from './housekeeping';

const views = getModelToken(PageView.name);
const days = getModelToken(PageViewDay.name);
const rolledUp = getModelToken(RolledUpDay.name);
const messages = getModelToken(ContactMessage.name);

@Module({
  imports: [
    MongooseModule.forFeature([...pageViewModels, { name: ContactMessage.name, schema: ContactMessageSchema }]),
  ],
  providers: [
    {
      provide: PageViewRollup,
      inject: [views, days, rolledUp],
      useFactory: (v: Model<PageView>, d: Model<PageViewDay>, r: Model<RolledUpDay>) =>
        new PageViewRollup(v, d, r, { closeAfterMs: config.PAGE_VIEW_ROLLUP_AFTER_MS, settleMs: config.PAGE_VIEW_SETTLE_MS }),
    },
    {
      provide: DataRetention,
      inject: [messages, days, rolledUp, views],
      useFactory: (m: Model<ContactMessage>, d: Model<PageViewDay>, r: Model<RolledUpDay>, v: Model<PageView>) =>
        new DataRetention(m, d, r, v, { contactMessageDays: config.CONTACT_RETENTION_DAYS, pageViewDays: config.PAGE_VIEW_RETENTION_DAYS }),
    },
    {
      provide: Housekeeping,
      inject: [PageViewRollup, DataRetention],
      useFactory: (rollup: PageViewRollup, retention: DataRetention) => new Housekeeping(rollup, retention, config.HOUSEKEEPING_INTERVAL_MS),
    },
  ],
})
export class HousekeepingModule {}
