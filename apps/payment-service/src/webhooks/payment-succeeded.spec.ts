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

describe('decideWebhook with our record of the PaymentIntent', () => {
  const intent = { uid: 'user-1', price };

  it('honours the price the PaymentIntent was created at, whatever the price is now', () => {
    const raised = { amount: 5999, currency: 'usd' };
    expect(decideWebhook(succeeded(), raised)).toMatchObject({ kind: 'refuse' });
    expect(decideWebhook(succeeded(), raised, intent)).toMatchObject({ kind: 'publish', event: { amount: 4999, currency: 'usd' } });
  });

  it('refuses an amount or currency other than the one the PaymentIntent was created at, even the price now', () => {
    const decision = decideWebhook(succeeded({ amount: 5999, amount_received: 5999 }), { amount: 5999, currency: 'usd' }, intent);
    expect(decision.kind === 'refuse' && decision.reason).toMatch(/amount 5999 .* created at \(4999\)/);
    expect(decideWebhook(succeeded({ currency: 'eur' }), price, intent)).toMatchObject({ kind: 'refuse' });
  });

  it('refuses a PaymentIntent we created for another learner', () => {
    const decision = decideWebhook(succeeded({ metadata: { uid: 'user-2' } }), price, intent);
    expect(decision.kind === 'refuse' && decision.reason).toMatch(/another learner/);
  });
});
