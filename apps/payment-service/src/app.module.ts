import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type Stripe from 'stripe';
import { databaseModule, loggingModule } from '@fluent/server-kit';
import type { PaymentsClientConfig } from '@fluent/contracts';
import { config, SERVICE_NAME, stripeApiBase } from './config';
import { JetStreamPaymentEvents, PaymentEventsPublisher } from './events/payment-events.publisher';
import { HealthController } from './health/health.controller';
import { CreatedIntent, CreatedIntentSchema } from './intents/created-intent.schema';
import { CreatedIntents } from './intents/created-intents';
import { IntentsService, PRICE } from './intents/intents.service';
import { CLIENT_CONFIG, PaymentsController } from './payments/payments.controller';
import { SucceededPayment, SucceededPaymentSchema } from './records/succeeded-payment.schema';
import { SucceededPayments } from './records/succeeded-payments';
import { createStripeClient, STRIPE } from './stripe/stripe.client';
import { TEST_CARD_SETTINGS, TestCardsService, type TestCardSettings } from './test-cards/test-cards.service';
import { WebhookDeliverer } from './test-cards/webhook-deliverer';
import { WEBHOOK_SETTINGS, WebhooksService, type WebhookSettings } from './webhooks/webhooks.service';

const price = { amount: config.PREMIUM_PRICE_CENTS, currency: config.PREMIUM_CURRENCY };

@Module({
  imports: [
    loggingModule(SERVICE_NAME, config.LOG_LEVEL),
    databaseModule(config.MONGODB_URI),
    MongooseModule.forFeature([
      { name: SucceededPayment.name, schema: SucceededPaymentSchema },
      { name: CreatedIntent.name, schema: CreatedIntentSchema },
    ]),
  ],
  controllers: [HealthController, PaymentsController],
  providers: [
    { provide: STRIPE, useFactory: () => createStripeClient(config.STRIPE_SECRET_KEY, stripeApiBase(config)) },
    { provide: PRICE, useValue: price },
    { provide: WEBHOOK_SETTINGS, useValue: { secret: config.STRIPE_WEBHOOK_SECRET, price } satisfies WebhookSettings },
    { provide: TEST_CARD_SETTINGS, useValue: { mode: config.PAYMENT_MODE } satisfies TestCardSettings },
    {
      provide: CLIENT_CONFIG,
      useValue: {
        mode: config.PAYMENT_MODE,
        ...(config.PAYMENT_MODE === 'live' ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY } : {}),
        price,
      } satisfies PaymentsClientConfig,
    },
    {
      provide: WebhookDeliverer,
      inject: [STRIPE],
      useFactory: (stripe: Stripe) => new WebhookDeliverer(stripe, { url: config.OFFLINE_WEBHOOK_URL, secret: config.STRIPE_WEBHOOK_SECRET }),
    },
    { provide: PaymentEventsPublisher, useClass: JetStreamPaymentEvents },
    SucceededPayments,
    CreatedIntents,
    IntentsService,
    WebhooksService,
    TestCardsService,
  ],
})
export class AppModule {}
