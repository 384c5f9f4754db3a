import { z } from 'zod';
import type { Price } from './premium';

export const PaymentMessages = {
  wrongAmount: 'The amount does not match the premium price.',
  alreadyPaid: 'You have already unlocked all premium tests.',
  badSignature: 'The webhook signature could not be verified.',
  testCardsOffline: 'Test cards are accepted only while payments run offline (without Stripe keys).',
  paymentsUnavailable: 'Payments are unavailable right now. Please try again.',
  intentNotFound: 'This payment was not found. Please start the payment again.',
} as const;

/** POST /api/create-payment-intent (docs/product.md#payment): the amount in cents, an integer. */
export const createPaymentIntentSchema = z
  .object({
    amount: z.number({ error: 'amount must be a number of cents' }).int('amount must be a whole number of cents').positive('amount must be positive'),
  })
  .strict();
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

export interface CreatePaymentIntentResponse {
  /** What Stripe.js confirms the payment with (docs/architecture.md#payments). */
  clientSecret: string;
  /** The PaymentIntent the secret belongs to; the offline test-card form confirms it by id. */
  paymentIntentId: string;
}

/**
 * How the browser pays. `offline`: no Stripe keys; the SDK talks to stripe-mock and the dialog
 * shows a test-card form posted to /api/payments/test-confirm. `live`: Stripe.js with the
 * publishable key and Elements.
 */
export type PaymentMode = 'offline' | 'live';

/** GET /api/payments/config. */
export interface PaymentsClientConfig {
  mode: PaymentMode;
  /** Set in live mode only. */
  publishableKey?: string;
  price: Price;
}

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
export interface CardPaymentResult {
  status: 'succeeded';
  paymentIntentId: string;
}

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
export interface WebhookReceipt {
  received: true;
  outcome: 'published' | 'duplicate' | 'ignored' | 'refused';
}
