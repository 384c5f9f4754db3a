import { Module } from '@nestjs/common';
import { FeedbackController } from './feedback.controller';

/** An attempt's writing feedback (feedback-service). */
@Module({ controllers: [FeedbackController] })
export class FeedbackModule {}
