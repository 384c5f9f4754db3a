import { describe, expect, it } from 'vitest';
import type { DeadLetter } from '@fluent/server-kit';
import { planReplay, type RecordedPayment, type StoredDeadLetter } from './replay-plan';

const record = (id: string, uid: string, at: string): RecordedPayment => ({ _id: id, uid, amount: 4999, currency: 'usd', succeededAt: at });
const letter = (seq: number, data: unknown, subject = 'events.payment.succeeded'): StoredDeadLetter => ({
  stream: 'FLUENT_PAYMENTS_DEADLETTER',
  seq,
  letter: { stream: 'FLUENT_PAYMENTS', durable: 'auth-service-paid-tests', subject, streamSequence: seq, deliveryCount: 1, error: 'x', failedAt: '2026-03-05T00:00:00.000Z', data } satisfies DeadLetter,
});
const event = (pi: string, uid: string, at: string) => ({ uid, paymentIntentId: pi, amount: 4999, currency: 'usd', at });

describe('planReplay', () => {
  it('publishes every recorded payment and every dead-lettered one, once per PaymentIntent, oldest first', () => {
    const plan = planReplay(
      [record('pi_b', 'ben', '2026-03-02T10:00:00.000Z'), record('pi_a', 'ana', '2026-03-01T10:00:00.000Z')],
      [letter(1, event('pi_a', 'ana', '2026-03-01T10:00:00.000Z')), letter(2, event('pi_c', 'cy', '2026-03-03T10:00:00.000Z'))],
    );
    expect(plan.payments.map((p) => p.paymentIntentId)).toEqual(['pi_a', 'pi_b', 'pi_c']);
    // Only the letter about a payment payment-service never recorded is recorded now.
    expect(plan.unrecorded).toEqual([{ event: event('pi_c', 'cy', '2026-03-03T10:00:00.000Z'), source: 'deadletter:FLUENT_PAYMENTS_DEADLETTER:2' }]);
  });

  it('reports a malformed payment letter instead of publishing it, and ignores letters of other subjects', () => {
    const broken = letter(3, { uid: 'ana', amount: '4999' });
    const plan = planReplay([], [broken, letter(4, { id: 'x', path: '/', at: '2026-03-01T00:00:00.000Z' }, 'events.analytics.pageViewed')]);
    expect(plan).toEqual({ payments: [], unrecorded: [], malformed: [broken] });
  });

  it('keeps only payments since a day when asked', () => {
    const plan = planReplay([record('pi_a', 'ana', '2026-03-01T10:00:00.000Z'), record('pi_b', 'ben', '2026-03-02T10:00:00.000Z')], [], '2026-03-02');
    expect(plan.payments.map((p) => p.paymentIntentId)).toEqual(['pi_b']);
  });
});
