import { z } from 'zod';
import { PREMIUM_CURRENCY, PREMIUM_PRICE_CENTS } from '@fluent/contracts';

/** The premium price, as payment-service charges it and the payment consumers re-check it. */
export const premiumPriceConfigSchema = z.object({
  /** The premium price in the currency's smallest unit; the only amount ever charged. */
  PREMIUM_PRICE_CENTS: z.coerce.number().int().positive().default(PREMIUM_PRICE_CENTS),
  PREMIUM_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/, 'an ISO 4217 code in lower case, as Stripe writes it')
    .default(PREMIUM_CURRENCY),
});

/**
 * The consumers of payment.succeeded (auth-service, catalog-service): the price they re-check, and
 * how they retry a payment they could not apply (without a limit: see paymentConsumerProvider).
 */
export const paymentConsumerConfigSchema = premiumPriceConfigSchema.extend({
  /** Pause before the second try of a payment event that failed; doubles after each failure. */
  PAYMENT_EVENT_RETRY_MS: z.coerce.number().int().positive().default(1000),
  /** The longest pause between two tries. */
  PAYMENT_EVENT_RETRY_MAX_MS: z.coerce.number().int().positive().default(60_000),
  /** Failures before each further one is logged as the error "Event not applied" (the alert). */
  PAYMENT_EVENT_ALERT_AFTER: z.coerce.number().int().positive().default(10),
});

export type PaymentConsumerConfig = z.infer<typeof paymentConsumerConfigSchema>;
