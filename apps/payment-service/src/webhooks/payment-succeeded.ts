import type Stripe from 'stripe';
import { paymentSucceededEventSchema, type PaymentSucceededEvent, type Price } from '@fluent/contracts';
import type { KnownIntent } from '../records/created-intents';

export type WebhookDecision =
  | { kind: 'publish'; event: PaymentSucceededEvent; msgId: string }
  | { kind: 'ignore'; reason: string }
  | { kind: 'refuse'; reason: string };

/**
 * What a verified Stripe event means for us. Only `payment_intent.succeeded` grants anything, and
 * only when the amount actually received and the currency are the price the PaymentIntent was
 * created at (`intent`, our record of it: a price changed since does not matter) or, for an
 * intent we have no record of, the price now; and the PaymentIntent names the learner
 * (metadata.uid, set when we created it; the same learner we created it for). The Stripe event id
 * is the JetStream message id, so a redelivered webhook is dropped as a duplicate; `at` is the
 * event's own time, the same on every delivery.
 */
export function decideWebhook(event: Stripe.Event, price: Price, intent?: KnownIntent): WebhookDecision {
  if (event.type !== 'payment_intent.succeeded') return { kind: 'ignore', reason: `event type ${event.type}` };
  const paid = event.data.object;
  const received = paid.amount_received || paid.amount;
  const expected = intent?.price ?? price;
  const which = intent ? 'the price the PaymentIntent was created at' : 'the price';
  if (paid.currency !== expected.currency) {
    return { kind: 'refuse', reason: `currency ${paid.currency} is not ${which} (${expected.currency})` };
  }
  if (received !== expected.amount || paid.amount !== expected.amount) {
    return { kind: 'refuse', reason: `amount ${paid.amount} (received ${received}) is not ${which} (${expected.amount})` };
  }
  const uid = paid.metadata?.uid;
  if (!uid) return { kind: 'refuse', reason: 'the PaymentIntent names no learner (metadata.uid)' };
  if (intent && intent.uid !== uid) return { kind: 'refuse', reason: `the PaymentIntent was created for another learner than ${uid}` };
  const parsed = paymentSucceededEventSchema.safeParse({
    uid,
    paymentIntentId: paid.id,
    amount: received,
    currency: paid.currency,
    at: new Date(event.created * 1000).toISOString(),
  });
  if (!parsed.success) return { kind: 'refuse', reason: `not a valid payment.succeeded event: ${parsed.error.message}` };
  return { kind: 'publish', event: parsed.data, msgId: event.id };
}
