// Payments as the tests drive them: the real endpoints, and Stripe's side (signed webhook events)
// made with the profile's webhook secret, as Stripe would make them.
import { randomBytes } from 'node:crypto';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import Stripe from 'stripe';
import { EventStreams, EventSubjects } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { api, eventually, natsUrl, natsUser, stackEnvironment } from './stack';
import { bearer, signUp } from './users';

export const PRICE = 4999;
export const SUCCEEDING_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
export const INSUFFICIENT_FUNDS_CARD = '4000 0000 0000 9995';

const stripe = new Stripe('sk_test_harness');
const webhookSecret = () => stackEnvironment().STRIPE_WEBHOOK_SECRET!;

export async function createIntent(token: string, amount: number = PRICE) {
  return api('/api/create-payment-intent', { method: 'POST', headers: bearer(token), body: JSON.stringify({ amount }) });
}

export async function confirmTestCard(token: string, paymentIntentId: string, cardNumber: string, extra: { expiry?: string; cvc?: string } = {}) {
  return api('/api/payments/test-confirm', {
    method: 'POST',
    headers: bearer(token),
    body: JSON.stringify({ paymentIntentId, cardNumber, expiry: extra.expiry ?? '12/34', cvc: extra.cvc ?? '123' }),
  });
}

/** The dialog's offline path: a PaymentIntent for the price, then a test card. */
export async function payWithCard(token: string, cardNumber = SUCCEEDING_CARD) {
  const intent = await createIntent(token);
  if (intent.status !== 200) throw new Error(`create-payment-intent: ${intent.status} ${JSON.stringify(intent.body)}`);
  return confirmTestCard(token, intent.body.paymentIntentId, cardNumber);
}

/** A payment_intent.succeeded event as Stripe sends it (only the fields Stripe always has that we read). */
export function succeededEvent(
  uid: string,
  overrides: { amount?: number; currency?: string; created?: number; type?: string; paymentIntentId?: string } = {},
) {
  const id = randomBytes(8).toString('hex');
  const created = overrides.created ?? Math.floor(Date.now() / 1000);
  const amount = overrides.amount ?? PRICE;
  return {
    id: `evt_test_${id}`,
    object: 'event',
    created,
    livemode: false,
    type: overrides.type ?? 'payment_intent.succeeded',
    data: {
      object: {
        id: overrides.paymentIntentId ?? `pi_test_${id}`,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        currency: overrides.currency ?? 'usd',
        metadata: { uid },
        status: 'succeeded',
        created,
      },
    },
  };
}

/** A genuine Stripe-Signature for `body` (the profile's secret, now). */
export function signatureFor(body: string, secret = webhookSecret()): string {
  return stripe.webhooks.generateTestHeaderString({ payload: body, secret });
}

/**
 * Delivers a body to the webhook endpoint as Stripe does: signed with a fresh timestamp on every
 * delivery (by default with the profile's secret).
 */
export async function deliverWebhook(body: string, options: { secret?: string; signature?: string | null } = {}) {
  const signature =
    options.signature === null ? undefined : (options.signature ?? signatureFor(body, options.secret));
  return api('/api/payments/webhook', { method: 'POST', headers: signature ? { 'stripe-signature': signature } : {}, body });
}

export async function me(token: string) {
  return api('/api/me', { headers: bearer(token) });
}

/** Polls GET /api/me until paidTests is true (or the time is up); returns the last document. */
export async function waitUntilPaid(token: string, timeoutMs = 30_000) {
  return (await eventually(() => me(token), (r) => r.status === 200 && r.body.paidTests === true, timeoutMs)).body;
}

/** The catalog's view: whether it knows the learner paid, and whether every premium card is open to them. */
export async function entitlement(token: string): Promise<{ paid: boolean; premiumOpen: boolean }> {
  const { status, body } = await api('/api/tests', { headers: bearer(token) });
  if (status !== 200) throw new Error(`GET /api/tests: ${status} ${JSON.stringify(body)}`);
  const premium = (body.cards as { premium: boolean; access: boolean }[]).filter((card) => card.premium);
  return { paid: body.paid === true, premiumOpen: premium.length === 17 && premium.every((card) => card.access) };
}

/** Polls GET /api/tests until the catalog has recorded the payment (its own consumer). */
export async function waitUntilEntitled(token: string, timeoutMs = 30_000): Promise<{ paid: boolean; premiumOpen: boolean }> {
  // A catalog-service just (re)started may answer 503 for a moment: keep waiting, and say so if it never answers.
  const probe = () => entitlement(token).catch((error: unknown) => ({ paid: false, premiumOpen: false, unanswered: String(error) }));
  const { paid, premiumOpen } = await eventually(probe, (e) => e.paid, timeoutMs);
  return { paid, premiumOpen };
}

/** How many payment.succeeded events the stream holds: "no event" is this count unchanged. */
export class PaymentEventsCounter {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
  ) {}

  static async open(): Promise<PaymentEventsCounter> {
    const nc = await connect({ servers: natsUrl, name: 'payments-test', ...natsAuthOptions(natsUser('test')) });
    return new PaymentEventsCounter(nc, await nc.jetstreamManager());
  }

  async count(): Promise<number> {
    const info = await this.jsm.streams.info(EventStreams.payments, { subjects_filter: EventSubjects.paymentSucceeded });
    return info.state.subjects?.[EventSubjects.paymentSucceeded] ?? 0;
  }

  close(): Promise<void> {
    return this.nc.close();
  }
}

/** A payment.succeeded as payment-service publishes it (for the harness to publish directly). */
export function paymentEvent(uid: string, overrides: { amount?: number; paymentIntentId?: string } = {}) {
  return {
    uid,
    paymentIntentId: overrides.paymentIntentId ?? `pi_test_${randomBytes(8).toString('hex')}`,
    amount: overrides.amount ?? PRICE,
    currency: 'usd',
    at: new Date().toISOString(),
  };
}

/** Sign-ups a few at a time: Keycloak on a shared 2-core machine. */
export async function signUpMany(count: number) {
  const learners: Awaited<ReturnType<typeof signUp>>[] = [];
  while (learners.length < count) learners.push(...(await Promise.all(Array.from({ length: Math.min(4, count - learners.length) }, () => signUp()))));
  return learners;
}
