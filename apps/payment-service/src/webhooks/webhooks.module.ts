import { Module } from '@nestjs/common';
import { config, premiumPrice } from '../config';
import { JetStreamPaymentEvents, PaymentEventsPublisher } from '../events/payment-events.publisher';
import { RecordsModule } from '../records/records.module';
import { StripeModule } from '../stripe/stripe.module';
import { WEBHOOK_SETTINGS, WebhooksService, type WebhookSettings } from './webhooks.service';

/** Stripe's signed webhooks: verified, checked against the intent's price, published as payment.succeeded. */
@Module({
  imports: [StripeModule, RecordsModule],
  providers: [
    { provide: WEBHOOK_SETTINGS, useValue: { secret: config.STRIPE_WEBHOOK_SECRET, price: premiumPrice } satisfies WebhookSettings },
    { provide: PaymentEventsPublisher, useClass: JetStreamPaymentEvents },
    WebhooksService,
  ],
  exports: [WebhooksService],
})
export class WebhooksModule {}
