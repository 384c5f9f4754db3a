import { Module } from '@nestjs/common';
import { EventPublisher } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { AnalyticsController } from './analytics.controller';

@Module({
  controllers: [AnalyticsController],
  providers: [{ provide: EventPublisher, useFactory: () => new EventPublisher({ url: config.NATS_URL, name: SERVICE_NAME, user: config.NATS_USER, pass: config.NATS_PASSWORD }) }],
})
export class AnalyticsModule {}
