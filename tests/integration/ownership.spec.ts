// Every route that takes an id of something a learner owns answers only its owner: another learner
// gets the same 404 as for an id that does not exist (an id tells nothing), and nothing happens.
// Found by hand before: in offline mode, learner B confirmed learner A's PaymentIntent (200
// 'succeeded').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogErrors, PaymentErrors } from '@fluent/contracts';
import { submission, submitAttempt } from '../support/catalog';
import { confirmTestCard, createIntent, me, PaymentEventsCounter, SUCCEEDING_CARD, waitUntilPaid } from '../support/payments';
import { api } from '../support/stack';
import { bearer, signUp } from '../support/users';

describe("another learner's ids", () => {
  let owner: string;
  let other: string;
  let attemptId: string;
  let itemId: number;
  let events: PaymentEventsCounter;

  beforeAll(async () => {
    events = await PaymentEventsCounter.open();
    const [a, b] = await Promise.all([signUp(), signUp()]);
    owner = a.tokens.accessToken;
    other = b.tokens.accessToken;
    const attempt = await submitAttempt(owner, 1, submission());
    expect(attempt.status).toBe(201);
    attemptId = attempt.body.attemptId;
    itemId = attempt.body.questions.sentences[0].id;
  });
  afterAll(() => events?.close());

  const notFound = { status: 404, body: { statusCode: 404, message: CatalogErrors.attemptNotFound } };

  it('GET /api/attempts/:id: 404, as for an unknown id; the owner reads it', async () => {
    expect(await api(`/api/attempts/${attemptId}`, { headers: bearer(other) })).toEqual(notFound);
    expect((await api(`/api/attempts/${attemptId}`, { headers: bearer(owner) })).status).toBe(200);
  });

  it('GET /api/attempts/:id/feedback: 404 for another learner; the owner gets 200 or 202', async () => {
    expect(await api(`/api/attempts/${attemptId}/feedback`, { headers: bearer(other) })).toEqual(notFound);
    expect([200, 202]).toContain((await api(`/api/attempts/${attemptId}/feedback`, { headers: bearer(owner) })).status);
  });

  it('POST /api/attempts/:id/reports: 404 for another learner, who cannot report on it', async () => {
    const report = { section: 'sentences', itemId, reason: 'other', comment: '' };
    expect(await api(`/api/attempts/${attemptId}/reports`, { method: 'POST', headers: bearer(other), body: JSON.stringify(report) })).toEqual(notFound);
    expect((await api(`/api/attempts/${attemptId}/reports`, { method: 'POST', headers: bearer(owner), body: JSON.stringify(report) })).status).toBe(201);
  });

  it("POST /api/payments/test-confirm: another learner cannot confirm a learner's PaymentIntent (404); its owner can, and it is paid once", async () => {
    const intent = await createIntent(owner);
    expect(intent.status).toBe(200);
    const before = await events.count();
    expect(await confirmTestCard(other, intent.body.paymentIntentId, SUCCEEDING_CARD)).toEqual({
      status: 404,
      body: { statusCode: 404, message: PaymentErrors.intentNotFound },
    });
    expect((await me(other)).body.paidTests).toBeFalsy();
    // The owner's own confirmation goes through, and the intent is paid once: one payment.succeeded.
    expect((await confirmTestCard(owner, intent.body.paymentIntentId, SUCCEEDING_CARD)).status).toBe(200);
    await waitUntilPaid(owner);
    expect(await events.count()).toBe(before + 1);
    expect((await me(other)).body.paidTests).toBeFalsy();
  });
});
