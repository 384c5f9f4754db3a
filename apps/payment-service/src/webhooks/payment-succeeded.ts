import type Stripe from 'stripe';
import { paymentSucceededEventSchema, type PaymentSucceededEvent } from '@fluent/contracts';

export interface Price {
  amount: number;
  currency: string;
}

export type WebhookDecision =
  | { kind: 'publish'; event: PaymentSucceededEvent; msgId: string }
  | { kind: 'ignore'; reason: string }
  | { kind: 'refuse'; reason: string };

/**
 * What a verified Stripe event means for us. Only `payment_intent.succeeded` grants anything, and
 * only when the amount actually received and the currency are the premium price and the
 * PaymentIntent names the learner (metadata.uid, set when we created it). The Stripe event id is
 * the JetStream message id, so a redelivered webhook is dropped as a duplicate; `at` is the event's
 * own time, the same on every delivery.
 */
export function decideWebhook(event: Stripe.Event, price: Price): WebhookDecision {
  if (event.type !== 'payment_intent.succeeded') return { kind: 'ignore', reason: `event type ${event.type}` };
  const intent = event.data.object;
  const received = intent.amount_received || intent.amount;
  if (intent.currency !== price.currency) {
    return { kind: 'refuse', reason: `currency ${intent.currency} is not the price's ${price.currency}` };
  }
  if (received !== price.amount || intent.amount !== price.amount) {
    return { kind: 'refuse', reason: `amount ${intent.amount} (received ${received}) is not the price ${price.amount}` };
  }
  const uid = intent.metadata?.uid;
  if (!uid) return { kind: 'refuse', reason: 'the PaymentIntent names no learner (metadata.uid)' };
  const parsed = paymentSucceededEventSchema.safeParse({
    uid,
    paymentIntentId: intent.id,
    amount: received,
    currency: intent.currency,
    at: new Date(event.created * 1000).toISOString(),
  });
  if (!parsed.success) return { kind: 'refuse', reason: `not a valid payment.succeeded event: ${parsed.error.message}` };
  return { kind: 'publish', event: parsed.data, msgId: event.id };
}
