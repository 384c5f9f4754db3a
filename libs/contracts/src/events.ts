import { z } from 'zod';

// The events' subjects, streams and durables are in nats/topology.ts (from nats/topology.json).

/**
 * A premium purchase that went through. Published by payment-service only (NATS permissions),
 * after checking the amount and currency against the price, with the Stripe event id as the
 * JetStream message id.
 */
export const paymentSucceededEventSchema = z.object({
  uid: z.string().min(1),
  paymentIntentId: z.string().min(1),
  /** In the smallest unit of the currency (cents). */
  amount: z.number().int().positive(),
  /** ISO 4217, lower case as Stripe writes it ('usd'). */
  currency: z.string().min(3),
  /** ISO timestamp of the payment. */
  at: z.iso.datetime({ offset: true }),
});
export type PaymentSucceededEvent = z.infer<typeof paymentSucceededEventSchema>;
