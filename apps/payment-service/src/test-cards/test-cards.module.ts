import { Module } from '@nestjs/common';
import type Stripe from 'stripe';
import { config } from '../config';
import { RecordsModule } from '../records/records.module';
import { STRIPE } from '../stripe/stripe.client';
import { StripeModule } from '../stripe/stripe.module';
import { TEST_CARD_SETTINGS, TestCardsService, type TestCardSettings } from './test-cards.service';
import { WebhookDeliverer } from './webhook-deliverer';

/** Offline mode's test cards: Stripe's documented numbers decide, and the same signed webhook follows. */
@Module({
  imports: [StripeModule, RecordsModule],
  providers: [
    { provide: TEST_CARD_SETTINGS, useValue: { mode: config.PAYMENT_MODE } satisfies TestCardSettings },
    {
      provide: WebhookDeliverer,
      inject: [STRIPE],
      useFactory: (stripe: Stripe) => new WebhookDeliverer(stripe, { url: config.OFFLINE_WEBHOOK_URL, secret: config.STRIPE_WEBHOOK_SECRET }),
    },
    TestCardsService,
  ],
  exports: [TestCardsService],
})
export class TestCardsModule {}
