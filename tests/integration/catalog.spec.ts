import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_LIMITS, CatalogErrors, testLevel, type AssembledTest, type TestAnswers } from '@fluent/contracts';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { blankAnswers, publishPaymentSucceeded, submission, submitAttempt, uidOf } from '../support/catalog';
import { api, eventually, mongoUri } from '../support/stack';
import { bearer, signUp } from '../support/users';

// gateway -> NATS -> catalog-service -> FerretDB and back; entitlements through a real JetStream event.
const bankTest = (testId: number): AssembledTest => assembleTest(questionBank(), testId)!;

/** Every answer right: the first acceptable sentence answer, the fill answer, the jumbled sentence. */
function perfectAnswers(test: AssembledTest): TestAnswers {
  return blankAnswers({
    typing: { text: test.typing.paragraph, elapsedMs: 60_000 },
    sentenceAnswers: test.sentences.map((s) => s.acceptableAnswers[0]!),
    fillAnswers: test.fills.map((f) => f.answer),
    jumbledAnswers: test.jumbled.map((j) => j.answer),
    passageInputs: test.passages.map((p) => p.sentences),
    emailInput: 'Dear Mr Patel, the kitchen tap drips day and night. Please send a plumber this week. Yours sincerely, Sam',
  });
}

const learner = async () => {
  const { tokens } = await signUp();
  return { token: tokens.accessToken, uid: await uidOf(tokens.accessToken) };
};

const cardsOf = (token: string) => api('/api/tests', { headers: bearer(token) });

describe('catalog: cards and access', () => {
  it('refuses every catalog route to a signed-out caller with 401', async () => {
    const calls = [
      api('/api/tests'),
      api('/api/tests/1'),
      api('/api/tests/1/attempts', { method: 'POST', body: JSON.stringify(submission()) }),
      api('/api/attempts'),
      api(`/api/attempts/${new ObjectId().toHexString()}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(typeof response.body.message).toBe('string');
    }
  });

  it('gives a new learner 20 cards: Test N, its level and description, 1-3 open and 4-20 premium and locked, none attempted', async () => {
    const { token } = await learner();
    const { status, body } = await cardsOf(token);
    expect(status).toBe(200);
    expect(body.paid).toBe(false);
    expect(body.cards).toHaveLength(20);
    body.cards.forEach((card: Record<string, unknown>, i: number) => {
      const id = i + 1;
      expect(card).toEqual({
        id,
        name: `Test ${id}`,
        description: questionBank().descriptions[i],
        level: testLevel(id),
        premium: id > 3,
        access: id <= 3,
        attempted: false,
        attemptsLeft: 1,
      });
    });
    expect(body.cards.map((c: { level: string }) => c.level).join()).toBe(
      ['Easy', 'Easy', 'Easy', ...Array(5).fill('Moderate'), ...Array(4).fill('Hard'), ...Array(8).fill('Moderate')].join(),
    );
  });

  it('serves a free test in SPEC order (1 typing, 10 sentence, 10 fill, 15 jumbled, 3 passages, 1 email) with no answer anywhere in the JSON', async () => {
    const { token } = await learner();
    const { status, body } = await api('/api/tests/2', { headers: bearer(token) });
    expect(status).toBe(200);
    const test = bankTest(2);
    expect(body.testId).toBe(2);
    expect(body.typing).toEqual(test.typing);
    expect(body.sentences).toEqual(test.sentences.map(({ id, question }) => ({ id, question })));
    expect(body.fills).toEqual(test.fills.map(({ id, question, options }) => ({ id, question, options })));
    expect(body.jumbled).toEqual(test.jumbled.map(({ id, jumbled }) => ({ id, jumbled })));
    expect(body.passages).toEqual(test.passages);
    expect(body.email).toEqual(test.email);
    expect([body.sentences.length, body.fills.length, body.jumbled.length, body.passages.length]).toEqual([10, 10, 15, 3]);

    const json = JSON.stringify(body);
    for (const key of ['acceptableAnswers', '"answer"', 'alternatives']) expect(json).not.toContain(key);
    for (const item of test.jumbled) expect(json).not.toContain(item.answer);
    for (const item of test.sentences) {
      for (const accepted of item.acceptableAnswers) expect(json).not.toContain(item.question.replace('___', accepted));
    }
  });

  it('answers 404 with a message for a test outside 1..20 or not a number', async () => {
    const { token } = await learner();
    for (const id of ['0', '21', 'abc', '1.5', '-3', '99999']) {
      const { status, body } = await api(`/api/tests/${id}`, { headers: bearer(token) });
      expect({ id, status, message: body.message }).toEqual({ id, status: 404, message: CatalogErrors.testNotFound });
    }
  });

  it('refuses a premium test (4-20) to an unpaid learner with 403, for reading and for submitting, and stores nothing', async () => {
    const { token, uid } = await learner();
    for (const id of [4, 12, 20]) {
      const { status, body } = await api(`/api/tests/${id}`, { headers: bearer(token) });
      expect({ status, message: body.message }).toEqual({ status: 403, message: CatalogErrors.premiumLocked });
    }
    const submitted = await submitAttempt(token, 4, submission());
    expect(submitted.status).toBe(403);
    const mongo = await new MongoClient(mongoUri).connect();
    try {
      expect(await mongo.db().collection('attempts').countDocuments({ uid })).toBe(0);
    } finally {
      await mongo.close();
    }
  });

  it('unlocks every premium test once a payment.succeeded event arrives on JetStream, and keeps one record per learner however many events come', async () => {
    const { token, uid } = await learner();
    const event = await publishPaymentSucceeded(uid);
    // A second payment event for the same learner (another message id, so JetStream keeps it): the first record stays.
    await publishPaymentSucceeded(uid, { ...event, paymentIntentId: 'pi_second' });

    const { body } = await eventually(() => cardsOf(token), (r) => r.body.paid === true);
    expect(body.cards.every((card: { access: boolean }) => card.access)).toBe(true);
    expect(body.cards.filter((card: { premium: boolean }) => card.premium)).toHaveLength(17);
    expect((await api('/api/tests/4', { headers: bearer(token) })).status).toBe(200);
    const premium = await submitAttempt(token, 20, submission());
    expect(premium.status).toBe(201);
    expect(premium.body.testId).toBe(20);

    const mongo = await new MongoClient(mongoUri).connect();
    try {
      const records = await mongo.db().collection('entitlements').find({ _id: uid as never }).toArray();
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ paymentIntentId: event.paymentIntentId, amount: 4999, currency: 'usd', paidAt: event.at });
    } finally {
      await mongo.close();
    }
  });

  it("does not unlock another learner's tests", async () => {
    const payer = await learner();
    const other = await learner();
    await publishPaymentSucceeded(payer.uid);
    await eventually(() => cardsOf(payer.token), (r) => r.body.paid === true);
    const { body } = await cardsOf(other.token);
    expect(body.paid).toBe(false);
    expect((await api('/api/tests/5', { headers: bearer(other.token) })).status).toBe(403);
  });
});

describe('catalog: attempts', () => {
  const mongo = new MongoClient(mongoUri);
  const attempts = () => mongo.db().collection('attempts');
  const details = () => mongo.db().collection('attemptDetails');
  beforeAll(() => mongo.connect());
  afterAll(() => mongo.close());

  it('scores and stores a submission and returns the results payload with section scores and an attempt id', async () => {
    const { token, uid } = await learner();
    const test = bankTest(1);
    const answers = perfectAnswers(test);
    answers.sentenceAnswers[0] = 'something else';
    answers.fillAnswers[1] = test.fills[1]!.options.find((o) => o !== test.fills[1]!.answer)!;
    answers.jumbledAnswers[2] = '';

    const { status, body } = await submitAttempt(token, 1, submission(answers));
    expect(status).toBe(201);
    const words = test.typing.paragraph.split(/\s+/).length;
    expect(body).toMatchObject({
      testId: 1,
      typingResults: { wpm: words, accuracy: 100 },
      sentenceAnswers: answers.sentenceAnswers,
      fillAnswers: answers.fillAnswers,
      jumbledAnswers: answers.jumbledAnswers,
      passageInputs: answers.passageInputs,
      emailInput: answers.emailInput,
      questions: test,
    });
    expect(body.score.sentences).toMatchObject({ correct: 9, total: 10 });
    expect(body.score.fills).toMatchObject({ correct: 9, total: 10 });
    expect(body.score.jumbled).toMatchObject({ correct: 14, total: 15 });
    expect(body.score.total).toEqual({ correct: 32, total: 35 });
    expect(body.score.sentences.items[0]).toEqual({ id: test.sentences[0]!.id, answer: 'something else', correct: false });

    const id = new ObjectId(body.attemptId as string);
    const stored = await attempts().findOne({ _id: id });
    expect(stored).toMatchObject({
      uid,
      testId: 1,
      slot: 1,
      figures: { wpm: words, accuracy: 100, sections: { sentences: { correct: 9, total: 10 }, fills: { correct: 9, total: 10 }, jumbled: { correct: 14, total: 15 } }, total: { correct: 32, total: 35 } },
    });
    // The dashboard's documents stay small; the answers and the questions as asked live in the detail.
    expect(Object.keys(stored!).sort()).toEqual(['_id', 'figures', 'slot', 'submissionId', 'submittedAt', 'testId', 'uid']);
    // The detail keeps the answers, the score and the questions as asked (as JSON text: see attempt.schema.ts).
    const detail = await details().findOne({ _id: id });
    expect(detail).toMatchObject({ uid, testId: 1 });
    expect(JSON.parse(detail!.answersJson)).toEqual(answers);
    expect(JSON.parse(detail!.scoreJson)).toEqual(body.score);
    expect(JSON.parse(detail!.questionsJson)).toEqual(test);

    const again = await api(`/api/attempts/${body.attemptId}`, { headers: bearer(token) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(body);

    const cards = await cardsOf(token);
    expect(cards.body.cards.filter((c: { attempted: boolean }) => c.attempted).map((c: { id: number }) => c.id)).toEqual([1]);
    expect(cards.body.cards[0].attemptsLeft).toBe(0);
  });

  it('refuses a second attempt at the same test with 409 and leaves the first as it was', async () => {
    const { token, uid } = await learner();
    const first = await submitAttempt(token, 2, submission(perfectAnswers(bankTest(2))));
    expect(first.status).toBe(201);
    const before = await attempts().findOne({ uid });

    const second = await submitAttempt(token, 2, submission(blankAnswers()));
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You have already attempted this test.');
    expect(await attempts().find({ uid }).toArray()).toEqual([before]);
    // The refused submission's detail was removed again.
    expect(await details().find({ uid }).map((d) => d._id).toArray()).toEqual([before!._id]);

    const reopen = await api('/api/tests/2', { headers: bearer(token) });
    expect(reopen.status).toBe(409);
  });

  it('answers a retried submission (same submission id) with the same attempt, not a second one or a 409', async () => {
    const { token, uid } = await learner();
    const body = submission(perfectAnswers(bankTest(3)));
    const first = await submitAttempt(token, 3, body);
    const retried = await submitAttempt(token, 3, body);
    expect(first.status).toBe(201);
    expect(retried.status).toBe(201);
    expect(retried.body.attemptId).toBe(first.body.attemptId);
    expect(await attempts().countDocuments({ uid })).toBe(1);

    const elsewhere = await submitAttempt(token, 1, body);
    expect({ status: elsewhere.status, message: elsewhere.body.message }).toEqual({ status: 409, message: CatalogErrors.submissionForOtherTest });
    expect(await attempts().countDocuments({ uid })).toBe(1);
  });

  it('stores one attempt when the same submission races itself, and one when two different submissions race', async () => {
    const { token, uid } = await learner();
    const body = submission(blankAnswers());
    const same = await Promise.all([1, 2, 3].map(() => submitAttempt(token, 1, body)));
    expect(same.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(same.map((r) => r.body.attemptId)).size).toBe(1);

    const racing = await Promise.all([2, 2, 2].map((id) => submitAttempt(token, id, submission(blankAnswers()))));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await attempts().countDocuments({ uid })).toBe(2);
  });

  it("answers 404 alike for another learner's attempt and an unknown one (an id tells nothing)", async () => {
    const owner = await learner();
    const other = await learner();
    const { body } = await submitAttempt(owner.token, 1, submission());
    const foreign = await api(`/api/attempts/${body.attemptId}`, { headers: bearer(other.token) });
    expect({ status: foreign.status, message: foreign.body.message }).toEqual({ status: 404, message: CatalogErrors.attemptNotFound });
    for (const id of [new ObjectId().toHexString(), 'not-an-id']) {
      const unknown = await api(`/api/attempts/${id}`, { headers: bearer(owner.token) });
      expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 404, message: CatalogErrors.attemptNotFound });
    }
  });

  it('lists only the caller\'s attempts, newest first, with section scores and WPM', async () => {
    const { token } = await learner();
    const other = await learner();
    await submitAttempt(other.token, 1, submission());
    const older = await submitAttempt(token, 1, submission(perfectAnswers(bankTest(1))));
    const newer = await submitAttempt(token, 3, submission());
    const { status, body } = await api('/api/attempts', { headers: bearer(token) });
    expect(status).toBe(200);
    expect(body.attempts.map((a: { attemptId: string }) => a.attemptId)).toEqual([newer.body.attemptId, older.body.attemptId]);
    expect(body.attempts[1]).toEqual({
      attemptId: older.body.attemptId,
      testId: 1,
      submittedAt: older.body.submittedAt,
      wpm: older.body.typingResults.wpm,
      accuracy: 100,
      sections: { sentences: { correct: 10, total: 10 }, fills: { correct: 10, total: 10 }, jumbled: { correct: 15, total: 15 } },
      total: { correct: 35, total: 35 },
    });
  });
});

describe('catalog: malformed submissions', () => {
  let token: string;
  let uid: string;
  const mongo = new MongoClient(mongoUri);
  beforeAll(async () => {
    ({ token, uid } = await learner());
    await mongo.connect();
  });
  afterAll(async () => {
    // Whatever was refused, nothing reached the database.
    expect(await mongo.db().collection('attempts').countDocuments({ uid })).toBe(0);
    await mongo.close();
  });

  const refused = async (body: unknown) => {
    const response = await submitAttempt(token, 1, body);
    expect(response.status).toBe(400);
    return response.body as { message: string; errors: Record<string, string> };
  };

  it('names a missing or malformed submission id', async () => {
    expect(Object.keys((await refused({ answers: blankAnswers() })).errors)).toEqual(['submissionId']);
    expect((await refused({ submissionId: 'retry-1', answers: blankAnswers() })).errors).toEqual({ submissionId: 'submissionId must be a UUID' });
  });

  it('names a section with the wrong number of answers', async () => {
    const { errors } = await refused(submission(blankAnswers({ sentenceAnswers: Array(9).fill('') })));
    expect(errors).toEqual({ 'answers.sentenceAnswers': 'sentenceAnswers: exactly 10 answers are expected' });
    expect(Object.keys((await refused(submission(blankAnswers({ jumbledAnswers: Array(16).fill('') })))).errors)).toEqual(['answers.jumbledAnswers']);
  });

  it('names an over-long answer, a typing time beyond the section and an unknown field', async () => {
    const long = blankAnswers({ emailInput: 'x'.repeat(ANSWER_LIMITS.emailInput + 1) });
    expect((await refused(submission(long))).errors).toEqual({ 'answers.emailInput': `The email must be at most ${ANSWER_LIMITS.emailInput} characters` });
    const slow = blankAnswers({ typing: { text: 'a', elapsedMs: 61_000 } });
    expect(Object.keys((await refused(submission(slow))).errors)).toEqual(['answers.typing.elapsedMs']);
    expect(Object.keys((await refused({ ...submission(), score: 100 })).errors)).toEqual(['_']);
  });

  it('refuses a typing time shorter than the typing its timeline reports', async () => {
    const early = blankAnswers({ typing: { text: 'abc', elapsedMs: 1000, timeline: [[500, 1], [4000, 3]] } });
    expect((await refused(submission(early))).errors).toEqual({ 'answers.typing.elapsedMs': 'elapsedMs cannot be shorter than the typing timeline' });
  });

  it('refuses a timeline out of time order or longer than the cap', async () => {
    const backwards = blankAnswers({ typing: { text: 'ab', elapsedMs: 2000, timeline: [[1000, 1], [500, 2]] } });
    expect(Object.keys((await refused(submission(backwards))).errors)).toEqual(['answers.typing.timeline']);
    const long = Array.from({ length: ANSWER_LIMITS.typingTimeline + 1 }, (_, i): [number, number] => [Math.floor(i / 50), i % 100]);
    expect(Object.keys((await refused(submission(blankAnswers({ typing: { text: '', elapsedMs: 1000, timeline: long } })))).errors)).toEqual([
      'answers.typing.timeline',
    ]);
  });

  it('answers 400 for a body that is not JSON and 413 for one over the gateway limit', async () => {
    expect((await submitAttempt(token, 1, '{"submissionId": ')).status).toBe(400);
    const huge = { submissionId: randomUUID(), answers: blankAnswers({ emailInput: 'x'.repeat(200_000) }) };
    const response = await submitAttempt(token, 1, huge);
    expect(response.status).toBe(413);
    expect(typeof response.body.message).toBe('string');
  });
});
