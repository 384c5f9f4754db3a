import { describe, expect, it } from 'vitest';
import type { PaymentSucceededEvent } from '@fluent/contracts';
import { LocalBroadcast } from '@fluent/server-kit';
import { UserDocumentCache } from '../users/user-document-cache';
import { PaidTestsService } from './paid-tests.service';

/** In-memory collections with what the service relies on: a unique _id (duplicate key 11000) and $set upserts. */
function collections() {
  const users = new Map<string, Record<string, unknown>>();
  const payments = new Map<string, Record<string, unknown>>();
  const state = { failNextUserWrite: false };
  const paymentModel = {
    create: async (doc: { _id: string }) => {
      if (payments.has(doc._id)) throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
      payments.set(doc._id, { ...doc });
    },
    findById: (id: string) => ({ lean: () => ({ exec: async () => payments.get(id) ?? null }) }),
  };
  const userModel = {
    updateOne: (filter: { _id: string }, update: { $set: Record<string, unknown> }, options: { upsert?: boolean }) => ({
      exec: async () => {
        if (state.failNextUserWrite) {
          state.failNextUserWrite = false;
          throw new Error('database went away');
        }
        const existing = users.get(filter._id);
        if (existing) Object.assign(existing, update.$set);
        else if (options.upsert) users.set(filter._id, { _id: filter._id, ...update.$set });
      },
    }),
  };
  const broadcast = new LocalBroadcast();
  const service = new PaidTestsService(userModel as never, paymentModel as never, new UserDocumentCache(broadcast));
  return { service, users, state, broadcast };
}

const event = (overrides: Partial<PaymentSucceededEvent> = {}): PaymentSucceededEvent => ({
  uid: 'user-1',
  paymentIntentId: 'pi_1',
  amount: 4999,
  currency: 'usd',
  at: '2026-11-23T10:00:00.000Z',
  ...overrides,
});

describe('PaidTestsService.apply', () => {
  it('sets paidTests and paymentDate, keeping what the document held', async () => {
    const { service, users } = collections();
    users.set('user-1', { _id: 'user-1', email: 'ana@example.com', hasPaid: false });
    await expect(service.apply(event())).resolves.toBe('applied');
    expect(users.get('user-1')).toEqual({ _id: 'user-1', email: 'ana@example.com', hasPaid: false, paidTests: true, paymentDate: '2026-11-23T10:00:00.000Z' });
  });

  it('changes nothing for a repeated event, and keeps the first paymentDate for a later payment', async () => {
    const { service, users } = collections();
    await service.apply(event());
    const after = structuredClone(users.get('user-1'));
    await expect(service.apply(event())).resolves.toBe('already');
    await expect(service.apply(event({ paymentIntentId: 'pi_2', at: '2026-11-24T10:00:00.000Z' }))).resolves.toBe('already');
    expect(users.get('user-1')).toEqual(after);
  });

  it("tells every replica to forget the learner's cached document once paidTests is set (the payment poll then sees it)", async () => {
    const { service, broadcast } = collections();
    await service.apply(event());
    expect(broadcast.published).toEqual([{ topic: 'cache.user-documents.invalidate', data: 'user-1' }]);
  });

  it('writes paymentDate in UTC whatever offset the event carries', async () => {
    const { service, users } = collections();
    await service.apply(event({ at: '2026-11-23T12:00:00+02:00' }));
    expect(users.get('user-1')?.paymentDate).toBe('2026-11-23T10:00:00.000Z');
  });

  it('finishes on redelivery when the user document write failed after the first payment was recorded', async () => {
    const { service, users, state } = collections();
    state.failNextUserWrite = true;
    await expect(service.apply(event())).rejects.toThrow('database went away');
    expect(users.get('user-1')).toBeUndefined();
    await service.apply(event());
    expect(users.get('user-1')).toMatchObject({ paidTests: true, paymentDate: '2026-11-23T10:00:00.000Z' });
  });
});
