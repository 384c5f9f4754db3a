import { Logger, Module } from '@nestjs/common';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { questionBank } from '@fluent/question-bank';
import { databaseHealthController, databaseModule, loggingModule, premiumPriceBookProvider, PremiumPriceRecord, PremiumPriceRecordSchema } from '@fluent/server-kit';
import { Attempt, AttemptDetail, AttemptDetailSchema, AttemptSchema } from './attempts/attempt.schema';
import { AttemptEvents } from './attempts/attempt-events.publisher';
import { AttemptWritingController } from './attempts/attempt-writing.controller';
import { AttemptsService } from './attempts/attempts.service';
import { CatalogController } from './catalog.controller';
import { CatalogService } from './catalog.service';
import { config, SERVICE_NAME } from './config';
import { Entitlement, EntitlementSchema } from './entitlements/entitlement.schema';
import { EntitlementsService } from './entitlements/entitlements.service';
import { paymentEventsConsumer } from './entitlements/payment-events.consumer';
import { LearnerProgress } from './learners/learner-progress';
import { TestLibrary } from './library/test-library';
import { ItemReport, ItemReportSchema } from './reports/item-report.schema';
import { ItemReportsController } from './reports/item-reports.controller';
import { ItemReportsService } from './reports/item-reports.service';

@Module({
  imports: [
    loggingModule(SERVICE_NAME, config.LOG_LEVEL),
    databaseModule(config.MONGODB_URI),
    MongooseModule.forFeature([
      { name: Attempt.name, schema: AttemptSchema },
      { name: AttemptDetail.name, schema: AttemptDetailSchema },
      { name: Entitlement.name, schema: EntitlementSchema },
      { name: ItemReport.name, schema: ItemReportSchema },
      { name: PremiumPriceRecord.name, schema: PremiumPriceRecordSchema },
    ]),
  ],
  controllers: [databaseHealthController(SERVICE_NAME), CatalogController, ItemReportsController, AttemptWritingController],
  providers: [
    { provide: TestLibrary, useFactory: () => new TestLibrary(questionBank(), config.FREE_TEST_COUNT, new Logger(TestLibrary.name)) },
    {
      provide: AttemptsService,
      inject: [getModelToken(Attempt.name), getModelToken(AttemptDetail.name)],
      useFactory: (attempts: Model<Attempt>, details: Model<AttemptDetail>) =>
        new AttemptsService(attempts, details, { attemptsPerTest: config.ATTEMPTS_PER_TEST, historyLimit: config.ATTEMPT_HISTORY_LIMIT }),
    },
    EntitlementsService,
    LearnerProgress,
    AttemptEvents,
    CatalogService,
    paymentEventsConsumer,
    premiumPriceBookProvider(config),
    ItemReportsService,
  ],
})
export class AppModule {}
