import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPaymentSucceeded, submission, submitAttempt, uidOf } from '../support/catalog';
import { api, eventually, startExtraService } from '../support/stack';
import { bearer, signUp } from '../support/users';

/**
 * catalog-service and auth-service keep each learner's progress and user document in memory
 * (SharedCache). With two replicas of each, NATS's queue group spreads requests between them at
 * random: 20 requests reach both with near certainty (a miss of one replica: 2 in a million). Every
 * answer after a write must show it, whichever replica gives it and whatever it had cached.
 */
const READS = 20;

const learner = async () => {
  const { tokens } = await signUp();
  return { token: tokens.accessToken, uid: await uidOf(tokens.accessToken) };
};

/** READS answers of a GET, one after the other (each one a new pick of replica). */
async function reads(path: string, token: string): Promise<any[]> {
  const bodies = [];
  for (let i = 0; i < READS; i++) {
    const { status, body } = await api(path, { headers: bearer(token) });
    expect(status).toBe(200);
    bodies.push(body);
  }
  return bodies;
}

describe('per-learner caches across service replicas', () => {
  let replicas: { stop: () => Promise<void> }[] = [];
  beforeAll(async () => {
    replicas = await Promise.all([startExtraService('catalog-service'), startExtraService('auth-service')]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
  });

  it('shows a stored attempt in every later answer of cards and history, from either replica', async () => {
    const { token } = await learner();
    // Both replicas now hold this learner's progress: no attempt.
    for (const body of await reads('/api/tests', token)) expect(body.cards[0].attempted).toBe(false);
    expect((await submitAttempt(token, 1, submission())).status).toBe(201);
    for (const body of await reads('/api/tests', token)) expect(body.cards[0]).toMatchObject({ attempted: true, attemptsLeft: 0 });
    for (const body of await reads('/api/attempts', token)) expect(body.attempts.map((a: { testId: number }) => a.testId)).toEqual([1]);
    // …and the runner's access check, on either replica, knows the attempt is used.
    for (let i = 0; i < READS; i++) expect((await api('/api/tests/1', { headers: bearer(token) })).status).toBe(409);
  });

  it('unlocks the premium tests in every answer once one answer shows the payment, from either replica', async () => {
    const { token, uid } = await learner();
    for (const body of await reads('/api/tests', token)) expect(body.paid).toBe(false);
    // A sign-up's document has no paidTests until a payment sets it (docs/product.md#what-is-stored).
    for (const body of await reads('/api/me', token)) expect(body.paidTests).toBeUndefined();
    await publishPaymentSucceeded(uid);
    // The consumers apply it on one replica each; from the first answer that shows it, all do.
    await eventually(() => api('/api/tests', { headers: bearer(token) }), (r) => r.body.paid === true);
    for (const body of await reads('/api/tests', token)) expect(body.paid).toBe(true);
    await eventually(() => api('/api/me', { headers: bearer(token) }), (r) => r.body.paidTests === true);
    for (const body of await reads('/api/me', token)) expect(body.paidTests).toBe(true);
  });
});
