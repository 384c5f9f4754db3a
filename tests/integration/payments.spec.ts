import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadLetterStreamName, deadLetterSubject, Durables, EventStreams, EventSubjects } from '@fluent/contracts';
import { JetStreamEvents, natsAuthOptions, type DeadLetter } from '@fluent/server-kit';
import { api, eventually, natsUrl, natsUser } from '../support/stack';
import { bearer, signUp } from '../support/users';
import {
  confirmTestCard,
  createIntent,
  DECLINED_CARD,
  deliverWebhook,
  INSUFFICIENT_FUNDS_CARD,
  entitlement,
  me,
  payWithCard,
  PaymentEventsCounter,
  PRICE,
  signatureFor,
  succeededEvent,
  SUCCEEDING_CARD,
  waitUntilEntitled,
  waitUntilPaid,
} from '../support/payments';

/** auth-service's durable consumer. */
const PAID_TESTS_DURABLE = Durables.paidTests;

const uidOf = async (token: string) => (await me(token)).body.uid as string;

/**
 * auth-service's and catalog-service's consumers take payment.succeeded in stream order: once a
 * payment delivered after some request is applied by both, an event that request had published
 * would have been applied too. So
 * "nothing happened" is checked as "still unpaid after a later payment went through".
 */
async function afterALaterPayment(): Promise<void> {
  const marker = await signUp();
  expect((await payWithCard(marker.tokens.accessToken)).status).toBe(200);
  await waitUntilPaid(marker.tokens.accessToken);
  await waitUntilEntitled(marker.tokens.accessToken);
}

describe('payments', () => {
  let events: PaymentEventsCounter;
  beforeAll(async () => {
    events = await PaymentEventsCounter.open();
  });
  afterAll(() => events?.close());

  describe('POST /api/create-payment-intent', () => {
    it('creates a PaymentIntent for the price and answers its client secret', async () => {
      const { tokens } = await signUp();
      const { status, body } = await createIntent(tokens.accessToken);
      expect(status).toBe(200);
      expect(body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
      expect(body.paymentIntentId).toMatch(/^pi_\w+$/);
    });

    it.each([1, PRICE - 1, PRICE + 1, 0, -PRICE, 49.99])('answers 400 naming amount to a tampered amount (%s)', async (amount) => {
      const { tokens } = await signUp();
      const { status, body } = await createIntent(tokens.accessToken, amount);
      expect(status).toBe(400);
      expect(Object.keys(body.errors)).toEqual(['amount']);
    });

    it('answers 400 to a body without an amount, and 401 without sign-in', async () => {
      const { tokens } = await signUp();
      const missing = await api('/api/create-payment-intent', { method: 'POST', headers: bearer(tokens.accessToken), body: '{}' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toHaveProperty('amount');
      expect((await api('/api/create-payment-intent', { method: 'POST', body: JSON.stringify({ amount: PRICE }) })).status).toBe(401);
    });

    it('answers 409 once the learner has paid', async () => {
      const { tokens } = await signUp();
      expect((await payWithCard(tokens.accessToken)).status).toBe(200);
      await waitUntilPaid(tokens.accessToken);
      expect(await createIntent(tokens.accessToken)).toEqual({ status: 409, body: { statusCode: 409, message: 'You have already unlocked all premium tests.' } });
    });
  });

  describe('POST /api/payments/test-confirm (offline mode)', () => {
    it('pays with 4242 4242 4242 4242: the webhook path sets paidTests and paymentDate', async () => {
      const { tokens } = await signUp();
      expect((await me(tokens.accessToken)).body.paidTests).toBeFalsy();
      const intent = await createIntent(tokens.accessToken);
      const before = Date.now();
      const paid = await confirmTestCard(tokens.accessToken, intent.body.paymentIntentId, SUCCEEDING_CARD);
      expect(paid).toEqual({ status: 200, body: { status: 'succeeded', paymentIntentId: intent.body.paymentIntentId } });
      const user = await waitUntilPaid(tokens.accessToken);
      expect(user.paidTests).toBe(true);
      expect(new Date(user.paymentDate).toISOString()).toBe(user.paymentDate);
      expect(Date.parse(user.paymentDate)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      // The catalog's own consumer records the entitlement: every premium card opens.
      expect(await waitUntilEntitled(tokens.accessToken)).toEqual({ paid: true, premiumOpen: true });
    });

    it.each([
      [DECLINED_CARD, 'Your card was declined.'],
      [INSUFFICIENT_FUNDS_CARD, 'Your card has insufficient funds.'],
    ])('declines %s with 402 and Stripe’s message; the learner stays unpaid', async (card, message) => {
      const { tokens } = await signUp();
      const intent = await createIntent(tokens.accessToken);
      const before = await events.count();
      expect(await confirmTestCard(tokens.accessToken, intent.body.paymentIntentId, card)).toEqual({ status: 402, body: { statusCode: 402, message } });
      await afterALaterPayment();
      expect(await events.count()).toBe(before + 1);
      expect((await me(tokens.accessToken)).body.paidTests).toBeFalsy();
      expect(await entitlement(tokens.accessToken)).toEqual({ paid: false, premiumOpen: false });
      // Declined is not "paid": the learner may try again with another card.
      expect((await createIntent(tokens.accessToken)).status).toBe(200);
    });

    it('answers 400 naming the field for a malformed card, and 401 without sign-in', async () => {
      const { tokens } = await signUp();
      const intent = await createIntent(tokens.accessToken);
      const bad = await confirmTestCard(tokens.accessToken, intent.body.paymentIntentId, '4242', { expiry: '13/30', cvc: 'abc' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['cardNumber', 'cvc', 'expiry']);
      const anonymous = await api('/api/payments/test-confirm', {
        method: 'POST',
        body: JSON.stringify({ paymentIntentId: intent.body.paymentIntentId, cardNumber: SUCCEEDING_CARD, expiry: '12/34', cvc: '123' }),
      });
      expect(anonymous.status).toBe(401);
    });

    it('tells the browser it is offline, with the price', async () => {
      expect(await api('/api/payments/config')).toEqual({ status: 200, body: { mode: 'offline', price: { amount: PRICE, currency: 'usd' } } });
    });
  });

  describe('POST /api/payments/webhook', () => {
    it('answers 400 to an unsigned, a forged and a tampered event, and nothing is published or applied', async () => {
      const { tokens } = await signUp();
      const uid = await uidOf(tokens.accessToken);
      const body = JSON.stringify(succeededEvent(uid));
      const signedForOther = JSON.stringify(succeededEvent('someone-else'));
      const before = await events.count();

      const unsigned = await deliverWebhook(body, { signature: null });
      const forged = await deliverWebhook(body, { secret: 'whsec_not_ours_at_all' });
      const garbage = await deliverWebhook(body, { signature: 't=1,v1=deadbeef' });
      // A genuine signature, but over another body: the learner swapped in after signing.
      const tampered = await deliverWebhook(signedForOther.replace('someone-else', uid), { signature: signatureFor(signedForOther) });
      for (const answer of [unsigned, forged, garbage, tampered]) {
        expect(answer).toEqual({ status: 400, body: { statusCode: 400, message: 'The webhook signature could not be verified.' } });
      }

      await afterALaterPayment();
      expect(await events.count()).toBe(before + 1);
      expect((await me(tokens.accessToken)).body.paidTests).toBeFalsy();
      expect(await entitlement(tokens.accessToken)).toEqual({ paid: false, premiumOpen: false });
    });

    it('applies the same event delivered 3 times once: one stream message, paymentDate fixed by the first', async () => {
      const { tokens } = await signUp();
      const uid = await uidOf(tokens.accessToken);
      const created = Math.floor(Date.now() / 1000) - 60;
      const body = JSON.stringify(succeededEvent(uid, { created }));
      const before = await events.count();

      const first = await deliverWebhook(body);
      expect(first).toEqual({ status: 200, body: { received: true, outcome: 'published' } });
      const user = await waitUntilPaid(tokens.accessToken);
      expect(user.paymentDate).toBe(new Date(created * 1000).toISOString());

      for (let i = 0; i < 2; i++) {
        expect(await deliverWebhook(body)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
      }
      // A second, later payment of the same learner changes nothing either.
      expect((await deliverWebhook(JSON.stringify(succeededEvent(uid)))).status).toBe(200);
      await afterALaterPayment();
      expect(await events.count()).toBe(before + 3);
      expect((await me(tokens.accessToken)).body).toMatchObject({ paidTests: true, paymentDate: user.paymentDate });
    });

    it('grants nothing for a succeeded payment of another amount or currency, and ignores other event types (2xx: Stripe must not retry)', async () => {
      const { tokens } = await signUp();
      const uid = await uidOf(tokens.accessToken);
      const before = await events.count();
      expect((await deliverWebhook(JSON.stringify(succeededEvent(uid, { amount: 100 })))).body).toEqual({ received: true, outcome: 'refused' });
      expect((await deliverWebhook(JSON.stringify(succeededEvent(uid, { currency: 'eur' })))).body).toEqual({ received: true, outcome: 'refused' });
      expect((await deliverWebhook(JSON.stringify(succeededEvent(uid, { type: 'payment_intent.payment_failed' })))).body).toEqual({
        received: true,
        outcome: 'ignored',
      });
      await afterALaterPayment();
      expect(await events.count()).toBe(before + 1);
      expect((await me(tokens.accessToken)).body.paidTests).toBeFalsy();
    });
  });
});

describe("auth-service's consumer of payment.succeeded", () => {
  it('sends a malformed event to its dead letters at once, without applying anything', async () => {
    const { tokens } = await signUp();
    const uid = await uidOf(tokens.accessToken);
    const publisher = new JetStreamEvents({ url: natsUrl, name: 'payments-test', ...natsUser('test') });
    const nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    try {
      await publisher.connect();
      // Not a payment.succeeded: no paymentIntentId, the amount as text.
      const malformed = { uid, amount: '4999', currency: 'usd', at: new Date().toISOString() };
      await publisher.publish(EventSubjects.paymentSucceeded, malformed, `malformed-${uid}`);
      const jsm = await nc.jetstreamManager();
      const subject = deadLetterSubject(EventStreams.payments, PAID_TESTS_DURABLE);
      const letter = await eventually(
        () => jsm.streams.getMessage(deadLetterStreamName(EventStreams.payments), { last_by_subj: subject }).then((m) => m.json<DeadLetter>(), () => undefined),
        (l) => (l?.data as { uid?: string } | undefined)?.uid === uid,
        20_000,
      );
      expect(letter).toMatchObject({ durable: PAID_TESTS_DURABLE, subject: EventSubjects.paymentSucceeded, deliveryCount: 1, data: malformed });
      expect(letter!.error).toMatch(/^malformed events\.payment\.succeeded: .*paymentIntentId/s);
      expect((await me(tokens.accessToken)).body.paidTests).toBeFalsy();
    } finally {
      await publisher.close();
      await nc.close();
    }
  });
});
