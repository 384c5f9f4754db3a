import { describe, expect, it } from 'vitest';
import type { DeadLetter, StoredDeadLetter } from '@fluent/server-kit';
import { planReplay, type CreatedIntentRecord, type RecordedPayment } from './replay-plan';

const record = (id: string, uid: string, at: string): RecordedPayment => ({ _id: id, uid, amount: 4999, currency: 'usd', succeededAt: at });
const letter = (seq: number, data: unknown, subject = 'events.payment.succeeded'): StoredDeadLetter => ({
  stream: 'FLUENT_PAYMENTS_DEADLETTER',
  seq,
  letter: { stream: 'FLUENT_PAYMENTS', durable: 'auth-service-paid-tests', subject, streamSequence: seq, deliveryCount: 1, error: 'x', failedAt: '2026-03-05T00:00:00.000Z', data } satisfies DeadLetter,
});
const event = (pi: string, uid: string, at: string) => ({ uid, paymentIntentId: pi, amount: 4999, currency: 'usd', at });
/** payment-service's records of the PaymentIntents it created. */
const intents = (...list: [string, string, number?][]) =>
  new Map<string, CreatedIntentRecord>(list.map(([id, uid, amount = 4999]) => [id, { _id: id, uid, amount, currency: 'usd' }]));

describe('planReplay', () => {
  it('publishes every recorded payment and every dead-lettered one, once per PaymentIntent, oldest first', () => {
    const plan = planReplay(
      [record('pi_b', 'ben', '2026-03-02T10:00:00.000Z'), record('pi_a', 'ana', '2026-03-01T10:00:00.000Z')],
      [letter(1, event('pi_a', 'ana', '2026-03-01T10:00:00.000Z')), letter(2, event('pi_c', 'cy', '2026-03-03T10:00:00.000Z'))],
      intents(['pi_a', 'ana'], ['pi_b', 'ben'], ['pi_c', 'cy']),
    );
    expect(plan.payments.map((p) => p.paymentIntentId)).toEqual(['pi_a', 'pi_b', 'pi_c']);
    // Only the letter about a payment payment-service never recorded is recorded now.
    expect(plan.unrecorded).toEqual([{ event: event('pi_c', 'cy', '2026-03-03T10:00:00.000Z'), source: 'deadletter:FLUENT_PAYMENTS_DEADLETTER:2' }]);
  });

  it('reports a malformed payment letter instead of publishing it, and ignores letters of other subjects', () => {
    const broken = letter(3, { uid: 'ana', amount: '4999' });
    const plan = planReplay([], [broken, letter(4, { id: 'x', path: '/', at: '2026-03-01T00:00:00.000Z' }, 'events.analytics.pageViewed')], intents());
    expect(plan).toEqual({ payments: [], unrecorded: [], malformed: [broken], refused: [] });
  });

  it('keeps only payments since a day when asked', () => {
    const plan = planReplay([record('pi_a', 'ana', '2026-03-01T10:00:00.000Z'), record('pi_b', 'ben', '2026-03-02T10:00:00.000Z')], [], intents(), '2026-03-02');
    expect(plan.payments.map((p) => p.paymentIntentId)).toEqual(['pi_b']);
  });

  it("refuses a letter that does not match payment-service's own record of its PaymentIntent, and says why", () => {
    const at = '2026-03-01T10:00:00.000Z';
    const plan = planReplay(
      [],
      [
        letter(1, event('pi_other', 'mallory', at)),
        letter(2, { ...event('pi_cheap', 'ana', at), amount: 1 }),
        letter(3, event('pi_unknown', 'ana', at)),
        letter(4, event('pi_good', 'ana', at)),
      ],
      intents(['pi_other', 'victim'], ['pi_cheap', 'ana'], ['pi_good', 'ana']),
    );
    expect(plan.payments.map((p) => p.paymentIntentId)).toEqual(['pi_good']);
    expect(plan.unrecorded.map((u) => u.event.paymentIntentId)).toEqual(['pi_good']);
    expect(plan.refused.map(({ event: e, reason }) => [e.paymentIntentId, reason])).toEqual([
      ['pi_other', 'the PaymentIntent belongs to another learner (victim)'],
      ['pi_cheap', 'the PaymentIntent was created for 4999 usd, the letter says 1 usd'],
      ['pi_unknown', 'payment-service created no such PaymentIntent'],
    ]);
  });
});
