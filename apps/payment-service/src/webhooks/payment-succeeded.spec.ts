import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { decideWebhook } from './payment-succeeded';

const price = { amount: 4999, currency: 'usd' };
const created = 1_795_000_000;

function succeeded(intent: Partial<Stripe.PaymentIntent> = {}, type = 'payment_intent.succeeded'): Stripe.Event {
  return {
    id: 'evt_1',
    type,
    created,
    data: { object: { id: 'pi_1', amount: 4999, amount_received: 4999, currency: 'usd', metadata: { uid: 'user-1' }, ...intent } },
  } as unknown as Stripe.Event;
}

describe('decideWebhook', () => {
  it('publishes a succeeded payment of the price, keyed by the Stripe event id, at the event time', () => {
    expect(decideWebhook(succeeded(), price)).toEqual({
      kind: 'publish',
      msgId: 'evt_1',
      event: { uid: 'user-1', paymentIntentId: 'pi_1', amount: 4999, currency: 'usd', at: new Date(created * 1000).toISOString() },
    });
  });

  it('ignores every other event type', () => {
    expect(decideWebhook(succeeded({}, 'payment_intent.payment_failed'), price)).toMatchObject({ kind: 'ignore' });
    expect(decideWebhook(succeeded({}, 'charge.succeeded'), price)).toMatchObject({ kind: 'ignore' });
  });

  it.each([
    ['a different amount', { amount: 100, amount_received: 100 }, /amount 100/],
    ['less received than asked', { amount_received: 1000 }, /received 1000/],
    ['another currency', { currency: 'eur' }, /currency eur/],
    ['no learner', { metadata: {} }, /metadata.uid/],
  ])('refuses %s: nothing is granted', (_label, intent, reason) => {
    const decision = decideWebhook(succeeded(intent as Partial<Stripe.PaymentIntent>), price);
    expect(decision.kind).toBe('refuse');
    expect(decision.kind === 'refuse' && decision.reason).toMatch(reason);
  });
});
