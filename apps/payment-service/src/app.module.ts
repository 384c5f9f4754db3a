import { Module } from '@nestjs/common';
import { databaseModule, loggingModule } from '@fluent/server-kit';
import { config, SERVICE_NAME } from './config';
import { HealthModule } from './health/health.module';
import { IntentsModule } from './intents/intents.module';
import { PaymentsModule } from './payments/payments.module';
import { RecordsModule } from './records/records.module';
import { StripeModule } from './stripe/stripe.module';
import { TestCardsModule } from './test-cards/test-cards.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    loggingModule(SERVICE_NAME, config.LOG_LEVEL),
    databaseModule(config.MONGODB_URI),
    StripeModule,
    RecordsModule,
    IntentsModule,
    WebhooksModule,
    TestCardsModule,
    PaymentsModule,
    HealthModule,
  ],
})
export class AppModule {}
