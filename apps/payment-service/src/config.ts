import { z } from 'zod';
import { assertProductionSecrets, baseConfigSchema, loadConfig } from '@fluent/server-kit';

export const SERVICE_NAME = 'payment-service';

/** The stripe-mock key used locally; production refuses to start with it. */
export const DEV_SECRETS = { STRIPE_SECRET_KEY: 'sk_test_fluentLocalDevKey' };

export const paymentConfigSchema = baseConfigSchema.extend({
  /** Locally a stripe-mock key; in production the real secret key from a Kubernetes Secret. */
  STRIPE_SECRET_KEY: z.string().default(DEV_SECRETS.STRIPE_SECRET_KEY),
  /** Where the Stripe API lives: stripe-mock locally, unset (Stripe's own API) in production. */
  STRIPE_API_BASE: z.url().optional(),
  /** Milliseconds one Stripe reachability check is reused (Stripe is asked at most once per window). */
  STRIPE_HEALTH_CACHE_MS: z.coerce.number().int().min(0).default(15_000),
});

export function loadPaymentConfig(env: NodeJS.ProcessEnv = process.env) {
  const loaded = loadConfig(paymentConfigSchema, env);
  assertProductionSecrets(loaded, DEV_SECRETS);
  return loaded;
}

export const config = loadPaymentConfig();
