import { Module } from '@nestjs/common';
import { PaymentsController } from './payments.controller';

/** PaymentIntents, Stripe's webhook, offline test cards, the payment config (payment-service). */
@Module({ controllers: [PaymentsController] })
export class PaymentsModule {}
