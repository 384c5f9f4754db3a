import { Module } from '@nestjs/common';
import { databaseModule, loggingModule } from '@fluent/server-kit';
import { AnalyticsModule } from './analytics/analytics.module';
import { config, SERVICE_NAME } from './config';
import { ContactModule } from './contact/contact.module';
import { HealthModule } from './health/health.module';
import { HousekeepingModule } from './housekeeping/housekeeping.module';
import { PostsModule } from './posts/posts.module';

@Module({
  imports: [loggingModule(SERVICE_NAME, config.LOG_LEVEL), databaseModule(config.MONGODB_URI), HealthModule, ContactModule, PostsModule, AnalyticsModule, HousekeepingModule],
})
export class AppModule {}
