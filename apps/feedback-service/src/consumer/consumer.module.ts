import { Module } from '@nestjs/common';
import { FeedbackModule } from '../feedback/feedback.module';
import { AttemptSubmittedConsumer } from './attempt-submitted.consumer';

@Module({ imports: [FeedbackModule], providers: [AttemptSubmittedConsumer] })
export class ConsumerModule {}
