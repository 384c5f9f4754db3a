import { z } from 'zod';
import type { PaymentMode, Price } from '@fluent/contracts';
import { baseConfigSchema, databaseConfigSchema, loadConfigWithSecrets } from '@fluent/server-kit';
import { premiumPriceConfigSchema } from '@fluent/premium-access';

export const SERVICE_NAME = 'payment-service';

/**
 * Development defaults: the stripe-mock key and a webhook secret for running outside the stack
 * (the stack gives each profile a random webhook secret). Production refuses to start with them.
 */
export const DEV_SECRETS = { STRIPE_SECRET_KEY: 'sk_test_fluentLocalDevKey', STRIPE_WEBHOOK_SECRET: 'whsec_fluentLocalDevWebhookSecret' };

/** stripe-mock's default address, where the offline mode's SDK calls go when STRIPE_API_BASE is unset. */
export const STRIPE_MOCK_DEFAULT = 'http://127.0.0.1:12111';

export const paymentConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend(premiumPriceConfigSchema.shape)
  .extend({
    /** Locally the stripe-mock key; in live mode the real secret key (from the environment or a Secret). */
    STRIPE_SECRET_KEY: z.string().default(DEV_SECRETS.STRIPE_SECRET_KEY),
    /** Live mode's publishable key for Stripe.js; unset means offline mode (stripe-mock and test cards). */
    STRIPE_PUBLISHABLE_KEY: z.string().default(''),
    /** Signs (offline) and verifies (both modes) webhook events; in live mode Stripe's `whsec_…`. */
    STRIPE_WEBHOOK_SECRET: z.string().default(DEV_SECRETS.STRIPE_WEBHOOK_SECRET),
    /** Where the Stripe API lives: stripe-mock offline, unset (Stripe's own API) in live mode. */
    STRIPE_API_BASE: z.url().optional(),
    /** Milliseconds one Stripe reachability check is reused (Stripe is asked at most once per window). */
    STRIPE_HEALTH_CACHE_MS: z.coerce.number().int().min(0).default(15_000),
    /**
     * Offline mode: where a test-card payment delivers its signed payment_intent.succeeded event,
     * the gateway's own webhook endpoint, so the event takes the same path as one from Stripe.
     */
    OFFLINE_WEBHOOK_URL: z.url().default('http://127.0.0.1:3000/api/payments/webhook'),
    /**
     * `offline` (stripe-mock and the test cards) only when asked for by name: a deployment that
     * forgot its Stripe keys must not fall into a mode where card 4242 unlocks premium. Unset, the
     * Stripe keys decide: live with them, no start without them.
     */
    PAYMENT_MODE: z.enum(['offline', 'live']).optional(),
  })
  .refine((c) => c.PAYMENT_MODE !== undefined || !!c.STRIPE_PUBLISHABLE_KEY, {
    message: 'no payment mode: set STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for live Stripe, or PAYMENT_MODE=offline for stripe-mock and test cards (local only)',
    path: ['PAYMENT_MODE'],
  })
  .refine((c) => c.PAYMENT_MODE !== 'offline' || !c.STRIPE_PUBLISHABLE_KEY, {
    message: 'PAYMENT_MODE=offline but STRIPE_PUBLISHABLE_KEY is set: choose one mode',
    path: ['PAYMENT_MODE'],
  })
  .transform((c) => ({ ...c, PAYMENT_MODE: (c.PAYMENT_MODE ?? 'live') as PaymentMode }))
  .refine((c) => c.PAYMENT_MODE === 'live' || c.STRIPE_SECRET_KEY === DEV_SECRETS.STRIPE_SECRET_KEY, {
    // A real secret key without the publishable key would be sent to stripe-mock: set both or neither.
    message: 'STRIPE_SECRET_KEY is set but STRIPE_PUBLISHABLE_KEY is not: set both for live mode, neither for offline mode',
    path: ['STRIPE_PUBLISHABLE_KEY'],
  })
  .refine((c) => c.PAYMENT_MODE === 'offline' || c.STRIPE_SECRET_KEY !== DEV_SECRETS.STRIPE_SECRET_KEY, {
    message: 'live mode (STRIPE_PUBLISHABLE_KEY set) needs the real STRIPE_SECRET_KEY',
    path: ['STRIPE_SECRET_KEY'],
  })
  .refine((c) => c.PAYMENT_MODE === 'offline' || c.STRIPE_WEBHOOK_SECRET !== DEV_SECRETS.STRIPE_WEBHOOK_SECRET, {
    message: 'live mode needs STRIPE_WEBHOOK_SECRET: the signing secret of your webhook endpoint (or of `stripe listen`)',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.PAYMENT_MODE === 'live', {
    // Offline mode accepts test cards: in production that would unlock everything for free.
    message: 'production needs live mode: STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    path: ['STRIPE_PUBLISHABLE_KEY'],
  });

export function loadPaymentConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfigWithSecrets(paymentConfigSchema, DEV_SECRETS, env);
}

export type PaymentConfig = ReturnType<typeof loadPaymentConfig>;

/** Where the SDK sends its calls: stripe-mock offline (whatever STRIPE_API_BASE says), Stripe's API live. */
export function stripeApiBase(c: PaymentConfig): string | undefined {
  return c.PAYMENT_MODE === 'offline' ? (c.STRIPE_API_BASE ?? STRIPE_MOCK_DEFAULT) : c.STRIPE_API_BASE;
}

export const config = loadPaymentConfig();

/** The price a new PaymentIntent is created at (PREMIUM_PRICE_CENTS, PREMIUM_CURRENCY). */
export const premiumPrice: Price = { amount: config.PREMIUM_PRICE_CENTS, currency: config.PREMIUM_CURRENCY };
