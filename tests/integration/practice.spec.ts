import { MongoClient, type ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Durables,
  EventStreams,
  EventSubjects,
  PracticeErrors,
  PracticeTexts,
  FIX_OUTCOME_MESSAGES,
  type AttemptSubmittedEvent,
  type PracticeSchedule,
  type PublicPracticeCard,
} from '@fluent/contracts';
import { review, type PracticeGrade } from '@fluent/practice';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { blankAnswers, publishPaymentSucceeded, submission, submitAttempt, uidOf } from '../support/catalog';
import { api, eventually, mongoUri } from '../support/stack';
import { redeliver } from '../support/practice';
import { bearer, signUp } from '../support/users';

// attempt.submitted and feedback.ready (JetStream) -> catalog-service's practice consumers -> cards
// -> GET /api/practice/cards, POST …/review (FSRS), on the real stack with the real LanguageTool.

const test1 = assembleTest(questionBank(), 1)!;
const [sentence, fill, jumbled] = [test1.sentences[0]!, test1.fills[0]!, test1.jumbled[0]!];

/** A passage with two planted grammar errors in its first sentence (writing-feedback.spec.ts: "has" and "went"). */
const PASSAGE = 'I has went to the library on Monday, but it was closed because workers painted the walls. My favorite color is blue.';
const FIRST_SENTENCE = 'I has went to the library on Monday, but it was closed because workers painted the walls.';
const FIXED_SENTENCE = 'I have gone to the library on Monday, but it was closed because workers painted the walls.';
const EMAIL = `Dear Mr Patel,

I am writing about the kitchen tap in my flat. It has been leaking since Monday, three days ago, and water is collecting under the sink.

Could you please send a plumber to repair it this week? I am at home every afternoon.

Yours sincerely,
Anna`;

/** Test 1 answered right everywhere except the first sentence, fill and jumbled item, two typed words and the passage. */
function plantedAnswers() {
  const right = <T>(items: T[], answer: (item: T) => string, wrong: string) => items.map((item, i) => (i === 0 ? wrong : answer(item)));
  const typed = test1.typing.paragraph.replace('breakfast', 'brekfast').replace('pancakes', 'pankakes');
  expect(typed).not.toBe(test1.typing.paragraph);
  return blankAnswers({
    typing: { text: typed, elapsedMs: 60_000 },
    sentenceAnswers: right(test1.sentences, (s) => s.acceptableAnswers[0]!, 'plays'),
    fillAnswers: right(test1.fills, (f) => f.answer, fill.options.find((o) => o !== fill.answer)!),
    jumbledAnswers: right(test1.jumbled, (j) => j.answer, 'What time the library does close?'),
    passageInputs: [PASSAGE, '', ''],
    emailInput: EMAIL,
  });
}

const EXPECTED_KEYS = (attemptId: string) =>
  [`missed:sentence:${sentence.id}`, `missed:fill:${fill.id}`, `missed:jumbled:${jumbled.id}`, 'typed:breakfast', 'typed:pancakes', `fix:${attemptId}:passage:0:0`].sort();

interface CardDoc {
  _id: ObjectId;
  uid: string;
  key: string;
  testId: number;
  premium: boolean;
  dueAt: Date;
  learnt: boolean;
  schedule: PracticeSchedule;
  createdAt: Date;
}

let mongo: MongoClient;
const cardDocs = (uid: string) => mongo.db().collection<CardDoc>('practiceCards').find({ uid }).sort({ key: 1 }).toArray();

const learner = async () => {
  const { tokens } = await signUp();
  return { token: tokens.accessToken, uid: await uidOf(tokens.accessToken) };
};
const cardsOf = (token: string, query = 'limit=50') => api(`/api/practice/cards?${query}`, { headers: bearer(token) });
const progressOf = (token: string) => api('/api/practice', { headers: bearer(token) });
const reviewOf = (token: string, id: string, body: unknown) => api(`/api/practice/cards/${id}/review`, { method: 'POST', headers: bearer(token), body: JSON.stringify(body) });

/** Reviews a card and checks its new due date against libs/practice's review() at the server's time (between sending and the answer). */
async function reviewAndExpect(token: string, doc: CardDoc, answer: string, elapsedMs: number, grade: PracticeGrade) {
  const before = Date.now();
  const response = await reviewOf(token, doc._id.toHexString(), { answer, elapsedMs });
  const after = Date.now();
  expect(response.status).toBe(200);
  expect(response.body.grade).toBe(grade);
  const earliest = Date.parse(review(doc.schedule, grade, new Date(before)).schedule.due);
  const latest = Date.parse(review(doc.schedule, grade, new Date(after)).schedule.due);
  const nextDue = Date.parse(response.body.nextDue);
  expect(nextDue).toBeGreaterThanOrEqual(earliest);
  expect(nextDue).toBeLessThanOrEqual(latest);
  // Stored: the schedule review() gives at the review's time, and its queue copy.
  const [stored] = (await cardDocs(doc.uid)).filter((d) => d._id.equals(doc._id));
  const at = new Date(stored!.schedule.lastReview!);
  expect(at.getTime()).toBeGreaterThanOrEqual(before);
  expect(stored!.schedule).toEqual(review(doc.schedule, grade, at).schedule);
  expect(stored!.dueAt.toISOString()).toBe(response.body.nextDue);
  return response.body;
}

describe('practice from the learner’s own mistakes', () => {
  let owner: { token: string; uid: string };
  let attemptId: string;
  let firstDocs: CardDoc[];

  beforeAll(async () => {
    mongo = await MongoClient.connect(mongoUri);
    owner = await learner();
    const response = await submitAttempt(owner.token, 1, submission(plantedAnswers()));
    expect(response.status).toBe(201);
    attemptId = response.body.attemptId as string;
    // Missed items and words at once; the sentence to fix once the writing feedback is ready (LanguageTool).
    await eventually(() => cardsOf(owner.token), (r) => r.status === 200 && r.body.cards.length >= 6, 90_000);
    firstDocs = await cardDocs(owner.uid);
  }, 120_000);
  afterAll(async () => {
    await mongo?.close();
  });

  it('makes exactly one card per planted mistake: the missed sentence, fill and jumbled items, the two mistyped words, the passage sentence with its grammar errors', async () => {
    expect(firstDocs.map((d) => d.key).sort()).toEqual(EXPECTED_KEYS(attemptId));
    const { body } = await cardsOf(owner.token);
    expect(body.dueToday).toBe(6);
    const cards = body.cards as PublicPracticeCard[];
    const byKind = (kind: string) => cards.filter((c) => c.kind === kind);
    // Missed items: the question as the runner asked it, the learner's answer, never the right one.
    expect(byKind('missed-item').map((c) => (c as Extract<PublicPracticeCard, { kind: 'missed-item' }>).item).sort((a, b) => a.section.localeCompare(b.section))).toEqual([
      { section: 'fill', id: fill.id, question: fill.question, options: fill.options },
      { section: 'jumbled', id: jumbled.id, jumbled: jumbled.jumbled },
      { section: 'sentence', id: sentence.id, question: sentence.question },
    ]);
    expect(JSON.stringify(cards)).not.toMatch(/"answer"|acceptableAnswers|alternatives|What time does the library close\?|"played"/);
    expect(byKind('mistyped-words').map((c) => [(c as { word: string }).word, (c as { typed: string }).typed]).sort()).toEqual([
      ['breakfast', 'brekfast'],
      // What stood in the word's place, as typed (its comma included).
      ['pancakes', 'pankakes,'],
    ]);
    const [fix] = byKind('fix-sentence') as Extract<PublicPracticeCard, { kind: 'fix-sentence' }>[];
    expect(fix!.sentence).toBe(FIRST_SENTENCE);
    expect(fix!.issues.map((i) => FIRST_SENTENCE.slice(i.offset, i.offset + i.length))).toEqual(['has', 'went']);
    expect(fix!.maxLength).toBe(2 * FIRST_SENTENCE.length);
  });

  it('creates nothing twice when attempt.submitted and feedback.ready are delivered again', async () => {
    const event: AttemptSubmittedEvent = { attemptId, uid: owner.uid, testId: 1, at: new Date().toISOString() };
    await redeliver(EventSubjects.attemptSubmitted, EventStreams.attempts, Durables.practiceAttempts, event, `${attemptId}-practice-again`);
    await redeliver(EventSubjects.feedbackReady, EventStreams.feedback, Durables.practiceFeedback, event, `${attemptId}-practice-feedback-again`);
    expect(await cardDocs(owner.uid)).toEqual(firstDocs);
    expect((await cardsOf(owner.token)).body.dueToday).toBe(6);
  });

  it('moves due dates as FSRS (libs/practice review) says: right is Good, wrong is Again (tomorrow), and both leave today’s queue', async () => {
    const doc = (key: string) => firstDocs.find((d) => d.key === key)!;
    const right = await reviewAndExpect(owner.token, doc(`missed:fill:${fill.id}`), fill.answer, 60_000, 'good');
    expect(right).toMatchObject({ correct: true, message: PracticeTexts.right, answer: fill.answer, learnt: false });
    const wrong = await reviewAndExpect(owner.token, doc(`missed:sentence:${sentence.id}`), 'plays', 5_000, 'again');
    expect(wrong).toMatchObject({ correct: false, message: PracticeTexts.wrong, answer: sentence.acceptableAnswers[0] });
    const word = await reviewAndExpect(owner.token, doc('typed:breakfast'), 'breakfast', 1_000, 'easy');
    expect(word.correct).toBe(true);
    const fixed = await reviewAndExpect(owner.token, doc(`fix:${attemptId}:passage:0:0`), FIXED_SENTENCE, 60_000, 'good');
    expect(fixed).toMatchObject({ correct: true, outcome: 'fixed', message: FIX_OUTCOME_MESSAGES.fixed });
    // Four reviewed today, none due again today; the other two still are.
    const { body } = await cardsOf(owner.token);
    expect(body.dueToday).toBe(2);
    expect((body.cards as PublicPracticeCard[]).map((c) => c.id).sort()).toEqual([doc(`missed:jumbled:${jumbled.id}`), doc('typed:pancakes')].map((d) => d._id.toHexString()).sort());
    const progress = await progressOf(owner.token);
    expect(progress).toMatchObject({ status: 200, body: { dueToday: 2, reviewedToday: 4, streak: 1 } });
    expect(progress.body.bySkill.vocabulary).toEqual({ learnt: 0, total: 2 });
    expect(progress.body.bySkill.grammar).toEqual({ learnt: 0, total: 4 });
  });

  it('answers another learner 404 for every card of the owner, as for an unknown id, and serves them none', async () => {
    const other = await learner();
    const id = firstDocs[0]!._id.toHexString();
    const before = (await cardDocs(owner.uid)).find((d) => d._id.toHexString() === id)!;
    for (const cardId of [id, '65f0c0ffee0000000000abcd', 'not-an-id']) {
      expect(await reviewOf(other.token, cardId, { answer: 'x', elapsedMs: 1 })).toEqual({ status: 404, body: { statusCode: 404, message: PracticeErrors.cardNotFound } });
    }
    expect((await cardsOf(other.token)).body).toEqual({ cards: [], dueToday: 0 });
    // The owner's card is untouched by the refused review.
    expect((await cardDocs(owner.uid)).find((d) => d._id.toHexString() === id)).toEqual(before);
    expect((await api(`/api/practice/cards/${id}/review`, { method: 'POST', body: JSON.stringify({ answer: 'x', elapsedMs: 1 }) })).status).toBe(401);
  });

  it('refuses malformed requests with 400 and a message', async () => {
    const id = firstDocs[0]!._id.toHexString();
    expect((await cardsOf(owner.token, 'limit=0')).body).toMatchObject({ statusCode: 400, message: expect.stringContaining('limit must be a whole number from 1 to 50') });
    expect((await cardsOf(owner.token, 'tz=Mars/Olympus')).body).toMatchObject({ statusCode: 400, message: expect.stringContaining('tz must be an IANA time zone') });
    expect((await reviewOf(owner.token, id, { answer: 'x' })).status).toBe(400);
    expect((await reviewOf(owner.token, id, { answer: 'x'.repeat(401), elapsedMs: 1 })).status).toBe(400);
  });

  it('leaves premium cards out, and answers 404 for them, once the learner has no access', async () => {
    const paid = await learner();
    await publishPaymentSucceeded(paid.uid);
    await eventually(() => api('/api/tests', { headers: bearer(paid.token) }), (r) => r.body.cards?.[3]?.access === true);
    expect((await submitAttempt(paid.token, 4, submission())).status).toBe(201);
    // Test 4's 35 blank items are premium cards, served while the learner has access.
    await eventually(() => cardsOf(paid.token), (r) => r.body.dueToday === 35, 30_000);
    const premium = (await cardDocs(paid.uid)).filter((d) => d.testId === 4);
    expect(premium).toHaveLength(35);
    expect(premium.every((d) => d.premium)).toBe(true);
    // Access gone (the entitlement removed), then a free test taken: its attempt refreshes the learner's progress.
    await mongo.db().collection<{ _id: string }>('entitlements').deleteOne({ _id: paid.uid });
    expect((await submitAttempt(paid.token, 1, submission())).status).toBe(201);
    await eventually(() => cardsOf(paid.token), (r) => r.body.dueToday === 35 && r.body.cards.every((c: PublicPracticeCard) => c.testId === 1), 30_000);
    expect((await cardDocs(paid.uid)).filter((d) => d.testId === 1)).toHaveLength(35);
    expect(await reviewOf(paid.token, premium[0]!._id.toHexString(), { answer: 'x', elapsedMs: 1 })).toEqual({ status: 404, body: { statusCode: 404, message: PracticeErrors.cardNotFound } });
    const progress = await progressOf(paid.token);
    expect(progress.body.dueToday).toBe(35);
  });
});
