import { RpcException } from '@nestjs/microservices';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentEventsPublisher } from '../events/payment-events.publisher';
import type { CreatedIntents, KnownIntent } from '../records/created-intents';
import type { SucceededPayments } from '../records/succeeded-payments';
import { testCardSucceededEvent } from '../test-cards/test-card-event';
import { WebhooksService } from './webhooks.service';

const secret = 'whsec_unit_test_secret';
const price = { amount: 4999, currency: 'usd' };
const stripe = new Stripe('sk_test_unit');
const statusOf = (error: unknown) => ((error as RpcException).getError() as { statusCode: number }).statusCode;

function setup(
  publish: () => Promise<boolean> = async () => true,
  find: () => Promise<KnownIntent | undefined> = async () => undefined,
  priceNow = price,
) {
  const events = { publishSucceeded: vi.fn(publish) };
  const payments = { record: vi.fn(async () => undefined) };
  const intents = { find: vi.fn(find) };
  const service = new WebhooksService(
    stripe,
    { secret, price: priceNow },
    events as unknown as PaymentEventsPublisher,
    payments as unknown as SucceededPayments,
    intents as unknown as CreatedIntents,
  );
  return { service, events, payments, intents };
}

const payload = (overrides: { amount?: number } = {}) => {
  const event = testCardSucceededEvent({ paymentIntentId: 'pi_1', uid: 'user-1', price: { ...price, ...overrides }, created: Math.floor(Date.now() / 1000) });
  return JSON.stringify(event);
};
const delivery = (body: string, signWith = secret) => ({
  payloadBase64: Buffer.from(body).toString('base64'),
  signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret: signWith }),
});

describe('WebhooksService', () => {
  it('publishes payment.succeeded with the Stripe event id, then records the payment, then answers', async () => {
    const { service, events, payments } = setup();
    const body = payload();
    await expect(service.handle(delivery(body))).resolves.toEqual({ received: true, outcome: 'published' });
    const eventId = JSON.parse(body).id;
    expect(events.publishSucceeded).toHaveBeenCalledWith(expect.objectContaining({ uid: 'user-1', paymentIntentId: 'pi_1', amount: 4999, currency: 'usd' }), eventId);
    expect(payments.record).toHaveBeenCalledWith(expect.objectContaining({ uid: 'user-1' }), eventId);
    expect(events.publishSucceeded.mock.invocationCallOrder[0]).toBeLessThan(payments.record.mock.invocationCallOrder[0]!);
  });

  it.each([
    ['a signature made with another secret', (body: string) => delivery(body, 'whsec_someone_else')],
    ['no signature', (body: string) => ({ payloadBase64: Buffer.from(body).toString('base64') })],
    ['a body changed after signing', (body: string) => ({ ...delivery(body), payloadBase64: Buffer.from(body.replace('4999', '4998')).toString('base64') })],
  ])('answers 400 to %s, and nothing is published or recorded', async (_label, make) => {
    const { service, events, payments } = setup();
    const error = await service.handle(make(payload())).catch((e: unknown) => e);
    expect(statusOf(error)).toBe(400);
    expect(events.publishSucceeded).not.toHaveBeenCalled();
    expect(payments.record).not.toHaveBeenCalled();
  });

  it('answers 503 when JetStream does not acknowledge, so Stripe retries; nothing is recorded', async () => {
    const { service, payments } = setup(async () => {
      throw new Error('TIMEOUT');
    });
    expect(statusOf(await service.handle(delivery(payload())).catch((e: unknown) => e))).toBe(503);
    expect(payments.record).not.toHaveBeenCalled();
  });

  it('reports a redelivered event as a duplicate (JetStream dropped it) and still records it', async () => {
    const { service, payments } = setup(async () => false);
    await expect(service.handle(delivery(payload()))).resolves.toEqual({ received: true, outcome: 'duplicate' });
    expect(payments.record).toHaveBeenCalledTimes(1);
  });

  it('grants nothing for a succeeded payment of another amount, and answers 2xx so Stripe stops', async () => {
    const { service, events } = setup();
    await expect(service.handle(delivery(payload({ amount: 100 })))).resolves.toEqual({ received: true, outcome: 'refused' });
    expect(events.publishSucceeded).not.toHaveBeenCalled();
  });

  it('honours a PaymentIntent at the price it was created at, after the price has changed', async () => {
    // Created at 4999; the price is 5999 by the time the card is confirmed.
    const { service, events, intents } = setup(undefined, async () => ({ uid: 'user-1', price }), { amount: 5999, currency: 'usd' });
    await expect(service.handle(delivery(payload()))).resolves.toEqual({ received: true, outcome: 'published' });
    expect(intents.find).toHaveBeenCalledWith('pi_1');
    expect(events.publishSucceeded).toHaveBeenCalledWith(expect.objectContaining({ amount: 4999, currency: 'usd' }), expect.any(String));
  });

  it('answers 503 when its record of the PaymentIntent cannot be read, so Stripe retries; nothing is published', async () => {
    const { service, events } = setup(undefined, async () => {
      throw new Error('database went away');
    });
    expect(statusOf(await service.handle(delivery(payload())).catch((e: unknown) => e))).toBe(503);
    expect(events.publishSucceeded).not.toHaveBeenCalled();
  });
});
