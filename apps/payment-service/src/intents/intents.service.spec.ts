import { RpcException } from '@nestjs/microservices';
import type Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import type { SucceededPayments } from '../records/succeeded-payments';
import type { CreatedIntents } from '../records/created-intents';
import { IntentsService } from './intents.service';

const price = { amount: 4999, currency: 'usd' };
const errorOf = (error: unknown) => (error as RpcException).getError() as { statusCode: number; message: string; errors?: Record<string, string> };

function setup(options: { paid?: boolean; create?: () => Promise<unknown>; record?: () => Promise<void> } = {}) {
  const create = vi.fn(options.create ?? (async () => ({ id: 'pi_1', client_secret: 'pi_1_secret_abc' })));
  const stripe = { paymentIntents: { create } } as unknown as Stripe;
  const payments = { hasPaid: vi.fn(async () => options.paid ?? false) } as unknown as SucceededPayments;
  const record = vi.fn(options.record ?? (async () => undefined));
  return { service: new IntentsService(stripe, price, payments, { record } as unknown as CreatedIntents), create, record };
}

describe('IntentsService.create', () => {
  it('creates a card PaymentIntent for the price with the learner in metadata and one idempotency key per learner and price', async () => {
    const { service, create } = setup();
    await expect(service.create('user-1', 4999)).resolves.toEqual({ clientSecret: 'pi_1_secret_abc', paymentIntentId: 'pi_1' });
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 4999, currency: 'usd', metadata: { uid: 'user-1' }, payment_method_types: ['card'] }),
      { idempotencyKey: 'premium:user-1:4999usd' },
    );
    await service.create('user-1', 4999);
    expect(create.mock.calls[1]![1]).toEqual(create.mock.calls[0]![1]);
  });

  it('records the PaymentIntent with the learner and the price it was created at', async () => {
    const { service, record } = setup();
    await service.create('user-1', 4999);
    expect(record).toHaveBeenCalledWith('pi_1', 'user-1', price);
  });

  it('hands out no client secret when the PaymentIntent cannot be recorded (503)', async () => {
    const { service } = setup({
      record: async () => {
        throw new Error('database went away');
      },
    });
    expect(errorOf(await service.create('user-1', 4999).catch((e: unknown) => e))).toEqual({ statusCode: 503, message: 'Payments are unavailable right now. Please try again.' });
  });

  it.each([1, 4998, 5000, 499900])('answers 400 naming amount for %i cents, and creates nothing', async (amount) => {
    const { service, create } = setup();
    const error = errorOf(await service.create('user-1', amount).catch((e: unknown) => e));
    expect(error.statusCode).toBe(400);
    expect(error.errors).toEqual({ amount: 'The amount does not match the premium price.' });
    expect(create).not.toHaveBeenCalled();
  });

  it('answers 409 to a learner whose payment it has recorded', async () => {
    const { service, create } = setup({ paid: true });
    expect(errorOf(await service.create('user-1', 4999).catch((e: unknown) => e))).toEqual({ statusCode: 409, message: 'You have already unlocked all premium tests.' });
    expect(create).not.toHaveBeenCalled();
  });

  it('answers 503 when Stripe fails', async () => {
    const { service } = setup({
      create: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    });
    expect(errorOf(await service.create('user-1', 4999).catch((e: unknown) => e)).statusCode).toBe(503);
  });
});
