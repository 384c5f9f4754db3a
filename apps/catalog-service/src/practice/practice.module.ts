import { Module } from '@nestjs/common';
import { ClientProxyFactory } from '@nestjs/microservices';
import { MongooseModule } from '@nestjs/mongoose';
import { natsClientOptions } from '@fluent/server-kit';
import { AttemptsModule } from '../attempts/attempts.module';
import { config, SERVICE_NAME } from '../config';
import { AcceptedOrdersModule } from '../jumbled-orders/accepted-orders.module';
import { LearnersModule } from '../learners/learners.module';
import { LibraryModule } from '../library/library.module';
import { FEEDBACK_CLIENT, FeedbackClient } from './feedback.client';
import {
  PracticeCardRecord,
  PracticeCardSchema,
  PracticeQueueMarkRecord,
  PracticeQueueMarkSchema,
  PracticeQueueViewRecord,
  PracticeQueueViewSchema,
  PracticeReviewRecord,
  PracticeReviewSchema,
} from './practice-card.schema';
import { practiceAttemptsConsumer, practiceFeedbackConsumer } from './practice-events.consumers';
import { PracticeController } from './practice.controller';
import { PracticeService } from './practice.service';
import { PracticeStore } from './practice.store';
import { QueueViewStore } from './queue-view.store';

/** Practice from the learner's own mistakes (issue 47): the cards, their two consumers, the queue (with its per-learner view) and reviews. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PracticeCardRecord.name, schema: PracticeCardSchema },
      { name: PracticeReviewRecord.name, schema: PracticeReviewSchema },
      { name: PracticeQueueMarkRecord.name, schema: PracticeQueueMarkSchema },
      { name: PracticeQueueViewRecord.name, schema: PracticeQueueViewSchema },
    ]),
    AttemptsModule,
    AcceptedOrdersModule,
    LearnersModule,
    LibraryModule,
  ],
  controllers: [PracticeController],
  providers: [
    { provide: FEEDBACK_CLIENT, useFactory: () => ClientProxyFactory.create(natsClientOptions(`${SERVICE_NAME}-feedback-client`, config.NATS_URL)) },
    FeedbackClient,
    QueueViewStore,
    PracticeStore,
    PracticeService,
    practiceAttemptsConsumer,
    practiceFeedbackConsumer,
  ],
})
export class PracticeModule {}
