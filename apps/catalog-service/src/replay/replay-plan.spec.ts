import { describe, expect, it } from 'vitest';
import type { DeadLetter, StoredDeadLetter } from '@fluent/server-kit';
import { planAttemptReplay, type StoredAttemptRecord } from './replay-plan';

const record = (id: string, uid: string, testId: number, at: string): StoredAttemptRecord => ({ _id: id, uid, testId, submittedAt: new Date(at) });
const letter = (seq: number, data: unknown, subject = 'events.attempt.submitted'): StoredDeadLetter => ({
  stream: 'FLUENT_ATTEMPTS_DEADLETTER',
  seq,
  letter: { stream: 'FLUENT_ATTEMPTS', durable: 'feedback-service-attempts', subject, streamSequence: seq, deliveryCount: 20, error: 'LanguageTool timed out', failedAt: '2026-11-20T09:00:00.000Z', data } as DeadLetter,
});
const A = '6740000000000000000000a1';
const B = '6740000000000000000000b2';
const C = '6740000000000000000000c3';

describe('planAttemptReplay', () => {
  const stored = new Map([
    [A, record(A, 'learner-a', 3, '2026-11-20T08:00:00.000Z')],
    [B, record(B, 'learner-b', 7, '2026-11-20T07:00:00.000Z')],
  ]);

  it("announces each dead-lettered attempt again from catalog-service's own record, oldest first", () => {
    const plan = planAttemptReplay(
      [letter(1, { attemptId: A, uid: 'learner-a', testId: 3, at: '2026-11-20T08:00:00.000Z' }), letter(2, { attemptId: B, uid: 'learner-b', testId: 7, at: '2026-11-20T07:00:00.000Z' })],
      stored,
    );
    expect(plan.events).toEqual([
      { attemptId: B, uid: 'learner-b', testId: 7, at: '2026-11-20T07:00:00.000Z' },
      { attemptId: A, uid: 'learner-a', testId: 3, at: '2026-11-20T08:00:00.000Z' },
    ]);
    expect(plan.refused).toEqual([]);
    expect(plan.malformed).toEqual([]);
  });

  it('refuses a letter naming an attempt that is not stored, or is another learner’s or another test’s, saying why', () => {
    const forged = [
      letter(1, { attemptId: C, uid: 'learner-a', testId: 3, at: '2026-11-20T08:00:00.000Z' }),
      letter(2, { attemptId: A, uid: 'learner-x', testId: 3, at: '2026-11-20T08:00:00.000Z' }),
      letter(3, { attemptId: B, uid: 'learner-b', testId: 8, at: '2026-11-20T07:00:00.000Z' }),
    ];
    const plan = planAttemptReplay(forged, stored);
    expect(plan.events).toEqual([]);
    expect(plan.refused.map(({ letter: l, attemptId, reason }) => [l.seq, attemptId, reason])).toEqual([
      [1, C, 'catalog-service stored no such attempt'],
      [2, A, 'the attempt belongs to another learner (learner-a)'],
      [3, B, 'the attempt is of Test 7, the letter says Test 8'],
    ]);
  });

  it('reports a letter that is no attempt event and ignores letters of other subjects', () => {
    const broken = letter(4, { attemptId: A });
    const plan = planAttemptReplay([broken, letter(5, { paymentIntentId: 'pi_1' }, 'events.payment.succeeded')], stored);
    expect(plan.malformed).toEqual([broken]);
    expect(plan.events).toEqual([]);
    expect(plan.refused).toEqual([]);
  });

  it('adds the attempts stored in the named window, announcing an attempt in both only once', () => {
    const late = record(C, 'learner-c', 1, '2026-11-21T10:00:00.000Z');
    const plan = planAttemptReplay([letter(1, { attemptId: A, uid: 'learner-a', testId: 3, at: '2026-11-20T08:00:00.000Z' })], stored, [stored.get(A)!, late]);
    expect(plan.events.map((e) => e.attemptId)).toEqual([A, C]);
  });
});
