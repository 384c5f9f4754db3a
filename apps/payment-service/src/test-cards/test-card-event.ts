import { createHash } from 'node:crypto';
import type { Price } from '@fluent/contracts';

export interface SucceededIntent {
  paymentIntentId: string;
  uid: string;
  price: Price;
  /** Seconds since the epoch, as Stripe writes times. */
  created: number;
}

/**
 * The `payment_intent.succeeded` event Stripe would send for an offline test-card payment, in
 * Stripe's own shape, so it goes through the same webhook verification and handling. One event id
 * per PaymentIntent: confirming the same intent twice delivers the same event, which JetStream
 * then de-duplicates.
 */
export function testCardSucceededEvent(intent: SucceededIntent) {
  const digest = createHash('sha256').update(`${intent.paymentIntentId}:${intent.uid}`).digest('hex').slice(0, 24);
  return {
    id: `evt_offline_${digest}`,
    object: 'event',
    api_version: null,
    created: intent.created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: intent.paymentIntentId,
        object: 'payment_intent',
        amount: intent.price.amount,
        amount_received: intent.price.amount,
        currency: intent.price.currency,
        metadata: { uid: intent.uid },
        status: 'succeeded',
        created: intent.created,
        livemode: false,
      },
    },
  };
}
