import { Module } from '@nestjs/common';
import type { PaymentsClientConfig } from '@fluent/contracts';
import { config, premiumPrice } from '../config';
import { IntentsModule } from '../intents/intents.module';
import { TestCardsModule } from '../test-cards/test-cards.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CLIENT_CONFIG, PaymentsController } from './payments.controller';

/** The NATS patterns the gateway's payment routes send. */
@Module({
  imports: [IntentsModule, WebhooksModule, TestCardsModule],
  controllers: [PaymentsController],
  providers: [
    {
      provide: CLIENT_CONFIG,
      useValue: {
        mode: config.PAYMENT_MODE,
        ...(config.PAYMENT_MODE === 'live' ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY } : {}),
        price: premiumPrice,
      } satisfies PaymentsClientConfig,
    },
  ],
})
export class PaymentsModule {}
