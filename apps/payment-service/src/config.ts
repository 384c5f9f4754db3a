import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@fluent/server-kit';

export const SERVICE_NAME = 'payment-service';
export const config = loadConfig(
  baseConfigSchema.extend({
    /** Locally a stripe-mock key; in production the real secret key from a Kubernetes Secret. */
    STRIPE_SECRET_KEY: z.string().default('sk_test_fluentLocalDevKey'),
    /** Where the Stripe API lives: stripe-mock locally, unset (Stripe's own API) in production. */
    STRIPE_API_BASE: z.url().optional(),
  }),
);
