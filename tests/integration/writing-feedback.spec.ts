import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { connect, JSONCodec } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogErrors, CatalogInternalPatterns, Durables, EventStreams, EventSubjects, FEEDBACK_PENDING_MESSAGE, type AttemptSubmittedEvent, type WritingFeedback } from '@fluent/contracts';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { natsAuthOptions } from '@fluent/server-kit';
import { ROOT } from '../../tools/stack/paths.mjs';
import { blankAnswers, submission, submitAttempt, uidOf } from '../support/catalog';
import { api, eventually, mongoUri, natsUrl, natsUser, startComponentNamed, stopComponentNamed } from '../support/stack';
import { bearer, signUp } from '../support/users';

// attempt.submitted (catalog-service, JetStream) -> feedback-service -> the real LanguageTool ->
// stored feedback -> GET /api/attempts/:id/feedback; redelivery, outages of the service and of
// LanguageTool, and who may read what.
const PASSAGE = 'I has went to the library on Monday, but it was closed because workers painted the walls. My favorite color is blue.';
const EMAIL = `Dear Mr Patel,

I am writing about the kitchen tap in my flat. It has been leaking since Monday, three days ago, and water is collecting under the sink.

Could you please send a plumber to repair it this week? I am at home every afternoon.

Yours sincerely,
Anna`;

/** An issue as [the words it covers, its category, LanguageTool's rule]. */
type Finding = [string, string, string | undefined];
const findingsIn = (text: string, issues: WritingFeedback['email']['language']['issues']): Finding[] => issues.map((i) => [text.slice(i.offset, i.offset + i.length), i.category, i.ruleId]);
/** Everything LanguageTool (British English) finds in PASSAGE, in order: the two planted errors, and the American spellings as variants. */
const PASSAGE_FINDINGS: Finding[] = [
  ['has', 'grammar', 'BASE_FORM'],
  ['went', 'grammar', 'HAVE_PART_AGREEMENT'],
  ['favorite', 'variant', 'MORFOLOGIK_RULE_EN_GB'],
  ['color', 'variant', 'MORFOLOGIK_RULE_EN_GB'],
];

/**
 * Clean texts of our own (libs/writing-feedback/fixtures/own-texts.json, where all 32 are checked
 * against LanguageTool directly by own-texts.spec.ts), here through the whole pipeline: each
 * with the issues marked on it by hand (only variants: the other variety of English).
 */
interface OwnText {
  id: string;
  text: string;
  issues: { word: string; category: string; rule?: string; note?: string }[];
}
const ownTexts = (JSON.parse(readFileSync(join(ROOT, 'libs', 'writing-feedback', 'fixtures', 'own-texts.json'), 'utf8')) as { texts: OwnText[] }).texts;
const ownText = (id: string) => ownTexts.find((t) => t.id === id)!;
const markedOn = (t: OwnText): Finding[] => t.issues.filter((i) => !i.note).map((i) => [i.word, i.category, i.rule]);

let mongo: MongoClient;
beforeAll(async () => {
  mongo = await MongoClient.connect(mongoUri);
});
afterAll(async () => {
  await mongo?.close();
});

const learner = async () => {
  const { tokens } = await signUp();
  return { token: tokens.accessToken, uid: await uidOf(tokens.accessToken) };
};

/** Submits test 1 with the given writing and returns the attempt id. */
async function attemptWith(token: string, passages: string[] = [PASSAGE, '', ''], email = EMAIL, testId = 1): Promise<string> {
  const answers = blankAnswers({ passageInputs: passages, emailInput: email });
  const response = await submitAttempt(token, testId, submission(answers));
  expect(response.status).toBe(201);
  return response.body.attemptId as string;
}

const feedbackOf = (token: string, attemptId: string) => api(`/api/attempts/${attemptId}/feedback`, { headers: bearer(token) });
const readyFeedback = async (token: string, attemptId: string, timeoutMs = 60_000): Promise<WritingFeedback> =>
  (await eventually(() => feedbackOf(token, attemptId), (r) => r.status === 200, timeoutMs)).body.feedback;
const stored = (attemptId: string) => mongo.db().collection<{ _id: string }>('writingFeedback').find({ _id: attemptId }).toArray();

describe('writing feedback', () => {
  it('finds "I has went" with LanguageTool, reports American spelling as a variant, and scores the email against its points', async () => {
    const { token } = await learner();
    const attemptId = await attemptWith(token);
    const feedback = await readyFeedback(token, attemptId);
    const passage = feedback.passages[0]!;
    expect(findingsIn(PASSAGE, passage.language.issues)).toEqual(PASSAGE_FINDINGS);
    expect(passage.language.errorsPer100Words.spelling).toBe(0);
    // The email is clean: not one issue.
    expect(feedback.email.language.issues).toEqual([]);
    expect(feedback.email.language.errorsPer100Words.total).toBe(0);
    expect(passage.language.issues.find((i) => i.ruleId === 'HAVE_PART_AGREEMENT')).toMatchObject({ replacements: ['gone'], explanation: expect.stringContaining('past participle') });
    expect(feedback.passages.slice(1).map((p) => [p.blank, p.score])).toEqual([[true, 0], [true, 0]]);
    expect(feedback.email.points.map((p) => p.addressed)).toEqual([true, true, true]);
    expect(feedback.email.greeting.ok && feedback.email.closing.ok && feedback.email.register.ok).toBe(true);
    expect(feedback.checker).toEqual({ name: 'LanguageTool', version: '6.6', variant: 'en-GB' });
    expect(Object.values(feedback.profile).every((s) => s.score >= 0 && s.score <= 100)).toBe(true);
    // The trend has the attempt's five figures.
    const trend = await api('/api/feedback/trend', { headers: bearer(token) });
    expect(trend.body.points).toEqual([expect.objectContaining({ attemptId, testId: 1, scores: expect.objectContaining({ reading: feedback.profile.reading.score }) })]);
  });

  it('compares a reconstruction with its original: "workers is painting" where test 1’s first passage says "workers are painting" is marked "The passage says *are*."', async () => {
    const original = assembleTest(questionBank(), 1)!.passages[0]!.sentences;
    expect(original).toContain('because workers are painting the walls');
    const reconstruction = original.replace('workers are painting', 'workers is painting');
    const { token } = await learner();
    const attemptId = await attemptWith(token, [reconstruction, '', '']);
    const passage = (await readyFeedback(token, attemptId)).passages[0]!;
    expect(passage.deviations).toEqual([
      { offset: reconstruction.indexOf('workers is') + 'workers '.length, length: 2, kind: 'verb-form', expected: 'are', message: 'The passage says *are*.', explanation: expect.stringContaining('agrees with its subject') },
    ]);
    // The stored document carries it.
    const [document] = (await stored(attemptId)) as unknown as { body: string }[];
    expect((JSON.parse(document!.body) as WritingFeedback).passages[0]!.deviations).toEqual(passage.deviations);
    // The original itself, written back, has none (another learner: one attempt of a test each).
    const other = await learner();
    const faithful = await attemptWith(other.token, [original, '', '']);
    const faithfulPassage = (await readyFeedback(other.token, faithful)).passages[0]!;
    expect(faithfulPassage.deviations).toEqual([]);
    // Nor a single language issue: the passage as written is clean English.
    expect(faithfulPassage.language.issues).toEqual([]);
    expect(faithfulPassage.language.errorsPer100Words.total).toBe(0);
  });

  it('marks what only Harper finds, linted in feedback-service’s worker thread: "Every knowledge" and "every furniture" as marked by hand', async () => {
    const [passageText, emailText] = [ownText('slip-63'), ownText('slip-64')];
    expect(markedOn(passageText).map(([, , rule]) => rule)).toEqual(['HARPER_MassNouns']);
    const { token } = await learner();
    const attemptId = await attemptWith(token, [passageText.text, '', ''], emailText.text);
    const feedback = await readyFeedback(token, attemptId);
    expect(findingsIn(passageText.text, feedback.passages[0]!.language.issues)).toEqual(markedOn(passageText));
    expect(findingsIn(emailText.text, feedback.email.language.issues)).toEqual(markedOn(emailText));
  });

  it('finds no error in clean texts of every kind: British and American spelling, names and numbers, a formal email', async () => {
    const british = ownText('clean-02');
    const american = ownText('clean-05');
    const namesAndNumbers = ownText('clean-12');
    const email = ownText('clean-26');
    expect(british.text).toContain('favourite colour');
    expect(american.text).toContain('favorite color');
    expect(namesAndNumbers.text).toMatch(/Maria and Tom .* London in 2019/);
    expect(email.text).toMatch(/^Dear Ms Adams,[\s\S]*48213/);
    const { token } = await learner();
    const attemptId = await attemptWith(token, [british.text, american.text, namesAndNumbers.text], email.text);
    const feedback = await readyFeedback(token, attemptId);
    const got = [...feedback.passages.map((p, i) => findingsIn([british, american, namesAndNumbers][i]!.text, p.language.issues)), findingsIn(email.text, feedback.email.language.issues)];
    // Exactly what is marked on each: nothing for the British texts, the three American words as variants.
    expect(got).toEqual([[], markedOn(american), [], []]);
    expect(markedOn(american).map(([, category]) => category)).toEqual(['variant', 'variant', 'variant']);
    expect([...feedback.passages.map((p) => p.language.errorsPer100Words.total), feedback.email.language.errorsPer100Words.total]).toEqual([0, 0, 0, 0]);
  });

  it('reports an email in another language as not English instead of a page of spelling errors', async () => {
    const { token } = await learner();
    const attemptId = await attemptWith(token, ['', '', ''], 'Estimado señor Patel, el grifo de la cocina gotea desde hace tres días y hay agua debajo del fregadero. Por favor, envíe a alguien para repararlo.');
    const feedback = await readyFeedback(token, attemptId);
    expect(feedback.email.language).toMatchObject({ notEnglish: true, issues: [] });
  });

  it('stores a redelivered attempt.submitted once: the same document, written once', async () => {
    const { token, uid } = await learner();
    const attemptId = await attemptWith(token);
    const first = await readyFeedback(token, attemptId);
    const before = await stored(attemptId);
    // The same event again under a new message id, so JetStream delivers it instead of dropping it.
    const event: AttemptSubmittedEvent = { attemptId, uid, testId: 1, at: new Date().toISOString() };
    const nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    try {
      const js = nc.jetstream();
      const jsm = await nc.jetstreamManager();
      const again = await js.publish(EventSubjects.attemptSubmitted, JSONCodec().encode(event), { msgID: `${attemptId}-again` });
      const twice = await js.publish(EventSubjects.attemptSubmitted, JSONCodec().encode(event), { msgID: `${attemptId}-again-2` });
      // Both handled and acknowledged by feedback-service's durable consumer.
      await eventually(
        () => jsm.consumers.info(EventStreams.attempts, Durables.feedbackAttempts),
        (info) => info.ack_floor.stream_seq >= Math.max(again.seq, twice.seq),
        30_000,
      );
    } finally {
      await nc.close();
    }
    expect(await stored(attemptId)).toEqual(before);
    expect(before).toHaveLength(1);
    expect((await feedbackOf(token, attemptId)).body.feedback.createdAt).toBe(first.createdAt);
  });

  it('answers another learner’s attempt, ready or pending, exactly like an unknown id: 404', async () => {
    const owner = await learner();
    const other = await learner();
    const attemptId = await attemptWith(owner.token);
    await readyFeedback(owner.token, attemptId);
    const theirs = await feedbackOf(other.token, attemptId);
    const unknown = await feedbackOf(other.token, '65f0c0ffee0000000000abcd');
    const malformed = await feedbackOf(other.token, 'not-an-id');
    for (const answer of [theirs, unknown, malformed]) expect(answer).toEqual({ status: 404, body: { statusCode: 404, message: CatalogErrors.attemptNotFound } });
    expect((await api(`/api/attempts/${attemptId}/feedback`)).status).toBe(401);
  });

  it('keeps the gateway out of catalog-service’s internal requests (NATS permissions)', async () => {
    const nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('gateway')) });
    try {
      // The server refuses the publish (-ERR 'Permissions Violation for Publish to …'), and nats.js
      // fails the request with it, long before the deadline: not a timeout, not "no responders".
      const started = Date.now();
      const refusal = await nc.request(CatalogInternalPatterns.attemptWriting, JSONCodec().encode({ data: { attemptId: 'x' } }), { timeout: 10_000 }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toMatchObject({ code: 'PERMISSIONS_VIOLATION', permissionContext: { operation: 'publish', subject: CatalogInternalPatterns.attemptWriting } });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await nc.close();
    }
  });
});

describe('writing feedback while its parts are down', () => {
  it('answers 202 "Preparing your writing feedback…" while LanguageTool is down, and the feedback once it is back', async () => {
    const { token } = await learner();
    await stopComponentNamed('languagetool');
    let attemptId = '';
    try {
      attemptId = await attemptWith(token);
      // The attempt and its results never wait for the feedback.
      expect((await api(`/api/attempts/${attemptId}`, { headers: bearer(token) })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(await feedbackOf(token, attemptId)).toEqual({ status: 202, body: { status: 'pending', message: FEEDBACK_PENDING_MESSAGE } });
    } finally {
      await startComponentNamed('languagetool');
    }
    // Once it is back: the whole feedback, nothing lost to the outage: every finding of PASSAGE,
    // the clean email clean, the email's points and the checker that made them.
    const feedback = await readyFeedback(token, attemptId, 90_000);
    expect(findingsIn(PASSAGE, feedback.passages[0]!.language.issues)).toEqual(PASSAGE_FINDINGS);
    expect(feedback.passages.slice(1).map((p) => [p.blank, p.score])).toEqual([[true, 0], [true, 0]]);
    expect(feedback.email.language.issues).toEqual([]);
    expect(feedback.email.points.map((p) => p.addressed)).toEqual([true, true, true]);
    expect(feedback.checker).toEqual({ name: 'LanguageTool', version: '6.6', variant: 'en-GB' });
  }, 240_000);

  it('gives every attempt stored while feedback-service was down its feedback once it is back (5 attempts, 5 feedbacks)', async () => {
    const learners = await Promise.all([1, 2, 3, 4, 5].map(() => learner()));
    await stopComponentNamed('feedback-service');
    const attempts: { token: string; attemptId: string }[] = [];
    try {
      for (const { token } of learners) attempts.push({ token, attemptId: await attemptWith(token) });
      // Nothing answers for the feedback meanwhile; the results are there.
      expect((await feedbackOf(attempts[0]!.token, attempts[0]!.attemptId)).status).toBe(503);
      for (const { token, attemptId } of attempts) expect((await api(`/api/attempts/${attemptId}`, { headers: bearer(token) })).status).toBe(200);
      expect(await mongo.db().collection<{ _id: string }>('writingFeedback').countDocuments({ _id: { $in: attempts.map((a) => a.attemptId) } })).toBe(0);
    } finally {
      await startComponentNamed('feedback-service');
    }
    for (const { token, attemptId } of attempts) await readyFeedback(token, attemptId, 120_000);
    expect(await mongo.db().collection<{ _id: string }>('writingFeedback').countDocuments({ _id: { $in: attempts.map((a) => a.attemptId) } })).toBe(5);
  }, 300_000);
});
