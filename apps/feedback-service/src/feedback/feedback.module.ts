import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CatalogModule } from '../catalog/catalog.module';
import { FeedbackEvents } from '../events/feedback-events.publisher';
import { CheckingModule } from '../harper/checking.module';
import { FeedbackPreparer } from './feedback-preparer.service';
import { FeedbackController } from './feedback.controller';
import { PracticeChecksController } from './practice-checks.controller';
import { SkillProfileRecord, SkillProfileRecordSchema, StoredFeedback, StoredFeedbackSchema } from './feedback.schema';
import { FeedbackStore } from './feedback.store';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: StoredFeedback.name, schema: StoredFeedbackSchema },
      { name: SkillProfileRecord.name, schema: SkillProfileRecordSchema },
    ]),
    CatalogModule,
    CheckingModule,
  ],
  controllers: [FeedbackController, PracticeChecksController],
  providers: [FeedbackStore, FeedbackEvents, FeedbackPreparer],
  exports: [FeedbackPreparer],
})
export class FeedbackModule {}
