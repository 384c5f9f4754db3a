import { randomUUID } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Durables, EventStreams, EventSubjects, type PublicPracticeCard } from '@fluent/contracts';
import { newSchedule } from '@fluent/practice';
import { decodeEntries, NO_WRITES_YET, QUEUE_VIEW_MAX_AGE_MS } from '../../apps/catalog-service/src/practice/queue-view';
import { publishPaymentSucceeded, submission, submitAttempt, uidOf } from '../support/catalog';
import { redeliver, storedWordCard } from '../support/practice';
import { api, eventually, mongoUri } from '../support/stack';
import { bearer, signUp } from '../support/users';

/**
 * The practice queue's view (issue 47; apps/catalog-service/src/practice/queue-view.ts): one
 * document per learner in practiceQueueViews, read by key, current while it carries the learner's
 * mark in practiceQueueMarks. Each case compares what the queue serves and what the view holds with
 * the cards themselves: cards made from an event and redelivered, reviewed (also many at once),
 * learnt, premium without access, cards stored before views existed, a rebuild that failed after a
 * write, and a write whose process died before its mark.
 */
interface CardDoc {
  _id: ObjectId;
  uid: string;
  premium: boolean;
  learnt: boolean;
  dueAt: Date;
}
interface MarkDoc {
  _id: string;
  token: string;
}
interface ViewDoc {
  _id: string;
  token: string;
  builtAt: Date;
  overflow: boolean;
  entriesJson: string;
}

let mongo: MongoClient;
const cardsColl = () => mongo.db().collection<CardDoc>('practiceCards');
const marks = () => mongo.db().collection<MarkDoc>('practiceQueueMarks');
const views = () => mongo.db().collection<ViewDoc>('practiceQueueViews');
const markOf = async (uid: string) => (await marks().findOne({ _id: uid }))?.token ?? NO_WRITES_YET;
const queueOf = (token: string) => api('/api/practice/cards?limit=50', { headers: bearer(token) });
const reviewOf = (token: string, id: string, answer: string, elapsedMs: number) => api(`/api/practice/cards/${id}/review`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ answer, elapsedMs }) });

const learner = async () => {
  const { tokens } = await signUp();
  return { token: tokens.accessToken, uid: await uidOf(tokens.accessToken) };
};

/** What the view holds and what the cards say it should hold: the unlearnt cards with their due dates. */
async function viewAndCards(uid: string) {
  const [view, mark, unlearnt] = await Promise.all([views().findOne({ _id: uid }), markOf(uid), cardsColl().find({ uid, learnt: false }).toArray()]);
  return {
    view,
    mark,
    held: view ? decodeEntries(view.entriesJson).map((e) => [e.id, e.due, e.premium] as const).sort() : undefined,
    expected: unlearnt.map((c) => [c._id.toHexString(), c.dueAt.getTime(), c.premium] as const).sort(),
  };
}

/** The view is current (it carries the learner's mark) and holds exactly their unlearnt cards. */
async function expectViewMatchesCards(uid: string): Promise<ViewDoc> {
  const { view, mark, held, expected } = await viewAndCards(uid);
  expect(view).not.toBeNull();
  expect(view!.token).toBe(mark);
  expect(held).toEqual(expected);
  return view!;
}

/** Mistyped-word cards stored as catalog-service stores them, straight into the database (behind the service's back). */
async function seedCards(uid: string, specs: Array<{ word: string; dueInHours: number; premium?: boolean; almostLearnt?: boolean }>): Promise<ObjectId[]> {
  const now = Date.now();
  const docs = specs.map(({ word, dueInHours, premium = false, almostLearnt = false }) => {
    const due = new Date(now + dueInHours * 3_600_000);
    // Almost learnt: reviewed 15 days ago with 15 days' stability; one right answer makes it learnt (stability past 21 days).
    const schedule = almostLearnt
      ? { ...newSchedule(due), state: 'review' as const, stability: 15, difficulty: 5, scheduledDays: 15, reps: 4, lastReview: new Date(now - 15 * 86_400_000 + dueInHours * 3_600_000).toISOString() }
      : newSchedule(due);
    return storedWordCard(uid, { word, typed: `${word}x`, schedule, premium, createdAt: new Date(now) });
  });
  const { insertedIds } = await mongo.db().collection('practiceCards').insertMany(docs);
  return Object.values(insertedIds) as ObjectId[];
}

const wordsServed = (body: { cards: PublicPracticeCard[] }) => body.cards.map((c) => (c as { word: string }).word);

describe('the practice queue’s view stays in step with the cards', () => {
  beforeAll(async () => {
    mongo = await MongoClient.connect(mongoUri);
  });
  afterAll(async () => {
    await mongo?.close();
  });

  it('builds the view from the cards of an attempt as they are made; a redelivered event leaves the same cards under a new mark', async () => {
    const owner = await learner();
    const response = await submitAttempt(owner.token, 1, submission());
    expect(response.status).toBe(201);
    const attemptId = response.body.attemptId as string;
    // Test 1 answered blank: its 35 items are missed items, due now.
    const first = await eventually(() => queueOf(owner.token), (r) => r.body.dueToday === 35, 30_000);
    expect(first.body.cards).toHaveLength(35);
    // The view follows the cards. feedback.ready makes no card of a blank attempt, so it writes
    // nothing (no mark either): the only write after this point is the redelivery below.
    await eventually(() => viewAndCards(owner.uid), ({ view, mark, held, expected }) => view?.token === mark && expected.length === 35 && JSON.stringify(held) === JSON.stringify(expected), 30_000);
    const before = await expectViewMatchesCards(owner.uid);
    await redeliver(EventSubjects.attemptSubmitted, EventStreams.attempts, Durables.practiceAttempts, { attemptId, uid: owner.uid, testId: 1, at: new Date().toISOString() }, `${attemptId}-view-again-${randomUUID()}`);
    const after = await expectViewMatchesCards(owner.uid);
    expect(after.token).not.toBe(before.token);
    expect(after.entriesJson).toBe(before.entriesJson);
    expect((await queueOf(owner.token)).body).toEqual(first.body);
  });

  it('serves cards stored before views existed (the view built on the first read), and a card stored behind the service’s back once the view is older than its limit', async () => {
    const owner = await learner();
    await seedCards(owner.uid, [
      { word: 'later', dueInHours: -1 },
      { word: 'oldest', dueInHours: -30 },
      { word: 'nextweek', dueInHours: 24 * 7 },
      { word: 'middle', dueInHours: -5 },
    ]);
    expect(await views().findOne({ _id: owner.uid })).toBeNull();
    const { body } = await queueOf(owner.token);
    expect(body.dueToday).toBe(3);
    expect(wordsServed(body)).toEqual(['oldest', 'middle', 'later']);
    expect((await expectViewMatchesCards(owner.uid)).token).toBe(NO_WRITES_YET);
    // A card written without its mark (a process that died in between): the view, still current, is what the queue serves...
    await seedCards(owner.uid, [{ word: 'unseen', dueInHours: -2 }]);
    expect(wordsServed((await queueOf(owner.token)).body)).toEqual(['oldest', 'middle', 'later']);
    // ...until the view is older than QUEUE_VIEW_MAX_AGE_MS: then it is rebuilt from the cards.
    await views().updateOne({ _id: owner.uid }, { $set: { builtAt: new Date(Date.now() - QUEUE_VIEW_MAX_AGE_MS - 60_000) } });
    expect(wordsServed((await queueOf(owner.token)).body)).toEqual(['oldest', 'middle', 'unseen', 'later']);
    await expectViewMatchesCards(owner.uid);
  });

  it('moves a reviewed card in the view before the review is answered: wrong (Again) leaves today’s queue; right on an almost learnt card leaves the view', async () => {
    const owner = await learner();
    const [wrongId, learntId] = await seedCards(owner.uid, [
      { word: 'wrong', dueInHours: -3 },
      { word: 'learnt', dueInHours: -2, almostLearnt: true },
      { word: 'stays', dueInHours: -1 },
    ]);
    expect((await queueOf(owner.token)).body.dueToday).toBe(3);
    expect((await reviewOf(owner.token, wrongId!.toHexString(), 'nope', 5_000)).body).toMatchObject({ correct: false, grade: 'again' });
    expect((await expectViewMatchesCards(owner.uid)).token).not.toBe(NO_WRITES_YET);
    expect(wordsServed((await queueOf(owner.token)).body)).toEqual(['learnt', 'stays']);
    expect((await reviewOf(owner.token, learntId!.toHexString(), 'learnt', 1_000)).body).toMatchObject({ correct: true, learnt: true });
    expect((await cardsColl().findOne({ _id: learntId }))!.learnt).toBe(true);
    const view = await expectViewMatchesCards(owner.uid);
    expect(decodeEntries(view.entriesJson).map((e) => e.id)).not.toContain(learntId!.toHexString());
    const { body } = await queueOf(owner.token);
    expect(body.dueToday).toBe(1);
    expect(wordsServed(body)).toEqual(['stays']);
  });

  it('stays in step through many reviews at once, with queue reads between them', async () => {
    const owner = await learner();
    const words = Array.from({ length: 8 }, (_, n) => `many${n}`);
    const ids = await seedCards(owner.uid, words.map((word, n) => ({ word, dueInHours: -1 - n })));
    expect((await queueOf(owner.token)).body.dueToday).toBe(8);
    const answers = await Promise.all([
      ...ids.map((id) => reviewOf(owner.token, id.toHexString(), 'wrong', 2_000)),
      ...Array.from({ length: 4 }, () => queueOf(owner.token)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...ids.map(() => 200), 200, 200, 200, 200]);
    // Every card was answered Again: due tomorrow, none left today, whichever write's view landed last.
    expect(await markOf(owner.uid)).not.toBe(NO_WRITES_YET);
    const after = await queueOf(owner.token);
    expect(after.body).toEqual({ cards: [], dueToday: 0 });
    await expectViewMatchesCards(owner.uid);
    expect(decodeEntries((await views().findOne({ _id: owner.uid }))!.entriesJson)).toHaveLength(8);
  });

  it('holds premium cards and serves them only while the learner has access; another learner gets none of them', async () => {
    const owner = await learner();
    await seedCards(owner.uid, [
      { word: 'free', dueInHours: -2 },
      { word: 'premium', dueInHours: -3, premium: true },
    ]);
    const without = await queueOf(owner.token);
    expect(without.body.dueToday).toBe(1);
    expect(wordsServed(without.body)).toEqual(['free']);
    const view = await expectViewMatchesCards(owner.uid);
    expect(decodeEntries(view.entriesJson).filter((e) => e.premium)).toHaveLength(1);
    await publishPaymentSucceeded(owner.uid);
    const paid = await eventually(() => queueOf(owner.token), (r) => r.body.dueToday === 2, 30_000);
    expect(wordsServed(paid.body)).toEqual(['premium', 'free']);
    const other = await learner();
    await seedCards(other.uid, [{ word: 'theirs', dueInHours: -1 }]);
    expect(wordsServed((await queueOf(other.token)).body)).toEqual(['theirs']);
  });

  it('rebuilds on the next read a view that does not carry the learner’s mark (a write landed and its rebuild failed)', async () => {
    const owner = await learner();
    await seedCards(owner.uid, [{ word: 'one', dueInHours: -1 }]);
    await queueOf(owner.token);
    // The card stored and the mark set, the rebuild after them never done.
    await seedCards(owner.uid, [{ word: 'two', dueInHours: -2 }]);
    const mark = randomUUID();
    await marks().updateOne({ _id: owner.uid }, { $set: { token: mark } }, { upsert: true });
    expect(decodeEntries((await views().findOne({ _id: owner.uid }))!.entriesJson)).toHaveLength(1);
    expect(wordsServed((await queueOf(owner.token)).body)).toEqual(['two', 'one']);
    expect((await expectViewMatchesCards(owner.uid)).token).toBe(mark);
  });
});
