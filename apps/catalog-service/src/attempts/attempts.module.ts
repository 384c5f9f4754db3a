import { Module } from '@nestjs/common';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { config } from '../config';
import { LibraryModule } from '../library/library.module';
import { Attempt, AttemptDetail, AttemptDetailSchema, AttemptSchema } from './attempt.schema';
import { AttemptEvents } from './attempt-events.publisher';
import { AttemptWritingController } from './attempt-writing.controller';
import { AttemptsService } from './attempts.service';

/** Stored attempts and their details, the attempt.submitted announcement, and feedback-service's read of an attempt's writing. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Attempt.name, schema: AttemptSchema },
      { name: AttemptDetail.name, schema: AttemptDetailSchema },
    ]),
    LibraryModule,
  ],
  controllers: [AttemptWritingController],
  providers: [
    {
      provide: AttemptsService,
      inject: [getModelToken(Attempt.name), getModelToken(AttemptDetail.name)],
      useFactory: (attempts: Model<Attempt>, details: Model<AttemptDetail>) =>
        new AttemptsService(attempts, details, { attemptsPerTest: config.ATTEMPTS_PER_TEST, historyLimit: config.ATTEMPT_HISTORY_LIMIT }),
    },
    AttemptEvents,
  ],
  exports: [AttemptsService, AttemptEvents],
})
export class AttemptsModule {}
