import { Module } from '@nestjs/common';
import { EventPublisher } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { AnalyticsController } from './analytics.controller';

@Module({
  controllers: [AnalyticsController],
  providers: [{ provide: EventPublisher, useFactory: () => EventPublisher.forService(SERVICE_NAME, config) }],
})
export class AnalyticsModule {}
