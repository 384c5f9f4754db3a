import { Module } from '@nestjs/common';
import { FeedbackModule } from '../feedback/feedback.module';
import { attemptSubmittedConsumer } from './attempt-submitted.consumer';

@Module({ imports: [FeedbackModule], providers: [attemptSubmittedConsumer] })
export class ConsumerModule {}
