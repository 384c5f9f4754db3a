import { Module } from '@nestjs/common';
import { config, stripeApiBase } from '../config';
import { createStripeClient, STRIPE } from './stripe.client';

/** The Stripe client (stripe-mock offline). */
@Module({
  providers: [{ provide: STRIPE, useFactory: () => createStripeClient(config.STRIPE_SECRET_KEY, stripeApiBase(config)) }],
  exports: [STRIPE],
})
export class StripeModule {}
