import { Module } from '@nestjs/common';
import { databaseModule, loggingModule } from '@fluent/server-kit';
import { config, SERVICE_NAME } from './config';
import { ConsumerModule } from './consumer/consumer.module';
import { FeedbackModule } from './feedback/feedback.module';
import { HealthModule } from './health/health.module';

@Module({
  imports: [loggingModule(SERVICE_NAME, config.LOG_LEVEL), databaseModule(config.MONGODB_URI), FeedbackModule, ConsumerModule, HealthModule],
})
export class AppModule {}
