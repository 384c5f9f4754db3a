import { Module } from '@nestjs/common';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { config } from '../config';
import { LibraryModule } from '../library/library.module';
import { Attempt, AttemptDetail, AttemptDetailSchema, AttemptSchema } from './attempt.schema';
import { AttemptEvents } from './attempt-events.publisher';
import { AttemptWritingController } from './attempt-writing.controller';
import { AttemptsService } from './attempts.service';
import { JumbledAnswer, JumbledAnswerSchema } from './jumbled-answer.schema';
import { AcceptedOrdersModule } from '../jumbled-orders/accepted-orders.module';
import { AcceptedOrdersOverlay } from '../jumbled-orders/accepted-orders';

/** Stored attempts and their details, the attempt.submitted announcement, and feedback-service's read of an attempt's writing. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Attempt.name, schema: AttemptSchema },
      { name: AttemptDetail.name, schema: AttemptDetailSchema },
      { name: JumbledAnswer.name, schema: JumbledAnswerSchema },
    ]),
    LibraryModule,
    AcceptedOrdersModule,
  ],
  controllers: [AttemptWritingController],
  providers: [
    {
      provide: AttemptsService,
      inject: [getModelToken(Attempt.name), getModelToken(AttemptDetail.name), getModelToken(JumbledAnswer.name), AcceptedOrdersOverlay],
      useFactory: (attempts: Model<Attempt>, details: Model<AttemptDetail>, jumbledAnswers: Model<JumbledAnswer>, accepted: AcceptedOrdersOverlay) =>
        new AttemptsService(attempts, details, jumbledAnswers, accepted, { attemptsPerTest: config.ATTEMPTS_PER_TEST, historyLimit: config.ATTEMPT_HISTORY_LIMIT }),
    },
    AttemptEvents,
  ],
  exports: [AttemptsService, AttemptEvents],
})
export class AttemptsModule {}
