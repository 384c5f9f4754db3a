import { RpcException } from '@nestjs/microservices';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import type { CreatedIntents, KnownIntent } from '../records/created-intents';
import { TestCardsService } from './test-cards.service';
import type { WebhookDeliverer } from './webhook-deliverer';

const price = { amount: 4999, currency: 'usd' };
const now = () => new Date('2026-11-23T12:00:00Z');
const card = (cardNumber: string) => ({ paymentIntentId: 'pi_abc', cardNumber, expiry: '12/30', cvc: '123' });
const errorOf = (error: unknown) => (error as RpcException).getError() as { statusCode: number; message: string };

function setup(mode: 'offline' | 'live' = 'offline', intent: KnownIntent | null = { uid: 'user-1', price }) {
  const deliver = vi.fn(async (_payload: string, _eventId: string) => true);
  const intents = { find: vi.fn(async () => intent ?? undefined) } as unknown as CreatedIntents;
  const service = new TestCardsService({ mode, now }, { deliver } as unknown as WebhookDeliverer, intents);
  return { service, deliver };
}

describe('TestCardsService.confirm', () => {
  it("delivers a payment_intent.succeeded of the price for the caller and the intent, in Stripe's shape", async () => {
    const { service, deliver } = setup();
    await expect(service.confirm('user-1', card('4242424242424242'))).resolves.toEqual({ status: 'succeeded', paymentIntentId: 'pi_abc' });
    const [payload, eventId] = deliver.mock.calls[0]!;
    // What the webhook will parse: the SDK's own event reading (after the signature check).
    const event = JSON.parse(payload) as Stripe.PaymentIntentSucceededEvent;
    expect(event.id).toBe(eventId);
    expect(event.type).toBe('payment_intent.succeeded');
    expect(event.created).toBe(now().getTime() / 1000);
    expect(event.data.object).toMatchObject({ id: 'pi_abc', amount: 4999, amount_received: 4999, currency: 'usd', status: 'succeeded', metadata: { uid: 'user-1' } });
  });

  it('delivers the same event id for the same intent twice (JetStream then drops the second)', async () => {
    const { service, deliver } = setup();
    await service.confirm('user-1', card('4242424242424242'));
    await service.confirm('user-1', card('4242424242424242'));
    expect(deliver.mock.calls[0]![1]).toBe(deliver.mock.calls[1]![1]);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ])('answers 402 with Stripe’s message for %s and delivers nothing', async (number, message) => {
    const { service, deliver } = setup();
    expect(errorOf(await service.confirm('user-1', card(number)).catch((e: unknown) => e))).toMatchObject({ statusCode: 402, message });
    expect(deliver).not.toHaveBeenCalled();
  });

  it('charges the price the PaymentIntent was created at', async () => {
    const { service, deliver } = setup('offline', { uid: 'user-1', price: { amount: 3999, currency: 'usd' } });
    await service.confirm('user-1', card('4242424242424242'));
    expect((JSON.parse(deliver.mock.calls[0]![0]) as Stripe.PaymentIntentSucceededEvent).data.object).toMatchObject({ amount: 3999, amount_received: 3999 });
  });

  it.each([
    ['a PaymentIntent it never created', null],
    ["another learner's PaymentIntent", { uid: 'user-2', price }],
  ])('answers 404 to %s and delivers nothing', async (_label, intent) => {
    const { service, deliver } = setup('offline', intent);
    expect(errorOf(await service.confirm('user-1', card('4242424242424242')).catch((e: unknown) => e))).toEqual({
      statusCode: 404,
      message: 'This payment was not found. Please start the payment again.',
    });
    expect(deliver).not.toHaveBeenCalled();
  });

  it('is refused in live mode (403), whatever the card', async () => {
    const { service, deliver } = setup('live');
    expect(errorOf(await service.confirm('user-1', card('4242424242424242')).catch((e: unknown) => e)).statusCode).toBe(403);
    expect(deliver).not.toHaveBeenCalled();
  });
});
