import { z } from 'zod';

/** A price as Stripe and our events carry it. */
export const priceSchema = z.object({
  /** In the currency's smallest unit (cents). */
  amount: z.number().int().positive(),
  /** ISO 4217, lower case ('usd'). */
  currency: z.string(),
});
export type Price = z.infer<typeof priceSchema>;

/** POST /api/create-payment-intent (docs/product.md#payment): the amount in cents, an integer. */
export const createPaymentIntentSchema = z
  .object({
    amount: z.number({ error: 'amount must be a number of cents' }).int('amount must be a whole number of cents').positive('amount must be positive'),
  })
  .strict();
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

export const createPaymentIntentResponseSchema = z.object({
  /** What Stripe.js confirms the payment with (docs/architecture.md#payments). */
  clientSecret: z.string().min(1),
  /** The PaymentIntent the secret belongs to; the offline test-card form confirms it by id. */
  paymentIntentId: z.string().regex(/^pi_/),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/**
 * How the browser pays. `offline`: no Stripe keys; the SDK talks to stripe-mock and the dialog
 * shows a test-card form posted to /api/payments/test-confirm. `live`: Stripe.js with the
 * publishable key and Elements.
 */
export const paymentModeSchema = z.enum(['offline', 'live']);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/** GET /api/payments/config. */
export const paymentsClientConfigSchema = z.object({
  mode: paymentModeSchema,
  /** Set in live mode only. */
  publishableKey: z.string().optional(),
  price: priceSchema,
});
export type PaymentsClientConfig = z.infer<typeof paymentsClientConfigSchema>;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/**
 * POST /api/payments/test-confirm (offline mode only): the PaymentIntent and a card from Stripe's
 * documented test numbers. The outcome is decided by payment-service, as Stripe would decide it.
 */
export const testCardPaymentSchema = z
  .object({
    paymentIntentId: z.string().regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'paymentIntentId must be a PaymentIntent id (pi_…)'),
    cardNumber: z
      .string({ error: 'Card number is required' })
      .transform(digitsOnly)
      .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a card number of 12 to 19 digits')),
    expiry: z
      .string({ error: 'Expiry is required' })
      .trim()
      .regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, 'Enter the expiry as MM/YY'),
    cvc: z
      .string({ error: 'CVC is required' })
      .trim()
      .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit CVC'),
  })
  .strict();
export type TestCardPaymentInput = z.input<typeof testCardPaymentSchema>;
export type TestCardPayment = z.output<typeof testCardPaymentSchema>;

/** A card payment that went through (offline: the test card was accepted). */
export const cardPaymentResultSchema = z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() });
export type CardPaymentResult = z.infer<typeof cardPaymentResultSchema>;

/**
 * What the gateway passes to payment-service for POST /api/payments/webhook: the body exactly as
 * received (base64, so no byte changes on the way) and the Stripe-Signature header. payment-service
 * holds the webhook secret and verifies both.
 */
export const webhookDeliverySchema = z
  .object({
    payloadBase64: z.base64().max(1_500_000),
    signature: z.string().max(4096).optional(),
  })
  .strict();
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/**
 * How a verified webhook was handled: `published` (payment.succeeded is on JetStream, or was
 * already: the same Stripe event id is de-duplicated), `ignored` (an event type we do not act on),
 * `refused` (a succeeded payment that does not match the price or names no learner: logged,
 * nothing granted, and 2xx so Stripe does not retry what can never become right).
 */
export const webhookReceiptSchema = z.object({ received: z.literal(true), outcome: z.enum(['published', 'duplicate', 'ignored', 'refused']) });
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;

// ---- what payment-service is asked over NATS ----

/** The caller as the gateway verified it, and the body it validated. */
const caller = z.object({ uid: z.string().min(1) });
export const createIntentRequestSchema = z.object({ user: caller, body: createPaymentIntentSchema });
export const testCardRequestSchema = z.object({ user: caller, body: testCardPaymentSchema });
