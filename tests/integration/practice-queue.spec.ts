import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoClient, ObjectId, type Document, type Filter } from 'mongodb';
import { newSchedule } from '@fluent/practice';
import { QUEUE_READ_CAP } from '../../apps/catalog-service/src/practice/queue-read';
import { QUEUE_VIEW_MAX_CARDS } from '../../apps/catalog-service/src/practice/queue-view';
import { uidOf as uidOfToken } from '../support/catalog';
import { storedWordCard } from '../support/practice';
import { api, mongoUri } from '../support/stack';
import { bearer, signUp } from '../support/users';

/**
 * The practice queue at scale (issue 47): 10,000 cards, 100 learners × 100, shaped as catalog-service
 * stores them, and 10,000 learners' queue marks and views (queue-view.ts). The database itself is
 * asked how it answers every practice query on a request path (FerretDB's explain is PostgreSQL's
 * plan: see data-layer.spec.ts): the queue is the learner's mark and view, each read by key, the view
 * rebuilt by the cards' index. The queue route answers a signed-in learner holding 100 of them, a
 * second learner's queue longer than QUEUE_READ_CAP, and a third with more unlearnt cards than a view
 * holds (read by the cards' index: one read of at most QUEUE_READ_CAP due cards, a longer queue
 * counted apart). Its latency at 100,000 cards is measured by the bench
 * (`npm run bench -- --scale --full`, bench/REPORT.md section 2), not here: a timed test fails at
 * random on a loaded machine.
 */
type Plan = { 'Node Type': string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: Plan[] };
const nodes = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

async function planOf(mongo: MongoClient, collection: string, filter: Filter<Document>, sort?: Record<string, 1 | -1>) {
  const cursor = mongo.db().collection(collection).find(filter);
  // The queue reads as catalog-service does: sorted by due date, at most QUEUE_READ_CAP cards.
  const explained = await (sort ? cursor.sort(sort).limit(QUEUE_READ_CAP) : cursor.limit(10)).explain();
  const all = nodes((explained.queryPlanner as { Plan: Plan }).Plan);
  return {
    types: all.map((n) => n['Node Type']),
    indexes: all.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
    conditions: all.flatMap((n) => (n['Index Cond'] ? [n['Index Cond']] : [])),
    pushdown: explained.filterPushdown,
  };
}

const LEARNERS = 100;
const PER_LEARNER = 100;

describe(`practice queue: index reads at ${LEARNERS * PER_LEARNER} cards`, () => {
  const mongo = new MongoClient(mongoUri);
  const run = randomUUID().slice(0, 8);
  const uidOf = (n: number) => `seeded-practice-${run}-${n}`;
  const now = new Date();
  let token: string;
  let learnerUid: string;
  let longQueueToken: string;
  let longQueueUid: string;
  let someCard: ObjectId;
  let overflowToken: string;
  let overflowUid: string;

  beforeAll(async () => {
    await mongo.connect();
    const { tokens } = await signUp();
    token = tokens.accessToken;
    learnerUid = await uidOfToken(token);
    // Learner 0 is the signed-in one: the route reads their 100 cards among everyone's.
    const owner = (l: number) => (l === 0 ? learnerUid : uidOf(l));
    const cardOf = (i: number) => {
      const learner = Math.floor(i / PER_LEARNER);
      const n = i % PER_LEARNER;
      // Even cards overdue by n + 1 hours, odd ones due in n + 1 days; a tenth of the overdue ones learnt.
      const schedule = newSchedule(new Date(now.getTime() + (n % 2 === 0 ? -(n + 1) * 3_600_000 : (n + 1) * 86_400_000)));
      return { ...storedWordCard(owner(learner), { word: `word${n}`, typed: `wrod${n}`, schedule, learnt: n % 10 === 8, attemptId: 'a', createdAt: now }), seededBy: run };
    };
    for (let at = 0; at < LEARNERS * PER_LEARNER; at += 2_000) {
      await mongo.db().collection('practiceCards').insertMany(Array.from({ length: 2_000 }, (_, k) => cardOf(at + k)), { ordered: false });
    }
    await mongo.db().collection('practiceReviews').insertMany(Array.from({ length: 10_000 }, (_, i) => ({ uid: uidOf(i % LEARNERS), cardId: 'x', at: new Date(now.getTime() - i * 60_000), grade: 'good', elapsedMs: 1, seededBy: run })));
    someCard = (await mongo.db().collection('practiceCards').findOne({ uid: uidOf(7) }))!._id as ObjectId;
    // A learner with more due cards than one queue read brings back: 5 more than the cap due (the
    // last seeded the most overdue), 10 learnt and 10 due in two days besides.
    const long = await signUp();
    longQueueToken = long.tokens.accessToken;
    longQueueUid = await uidOfToken(longQueueToken);
    const longCard = (n: number) => {
      const learnt = n >= QUEUE_READ_CAP + 5 && n < QUEUE_READ_CAP + 15;
      const tomorrow = n >= QUEUE_READ_CAP + 15;
      const schedule = newSchedule(new Date(now.getTime() + (tomorrow ? 2 * 86_400_000 : -(n + 1) * 60_000)));
      return storedWordCard(longQueueUid, { word: `long${n}`, typed: `lnog${n}`, schedule, learnt, attemptId: 'a', createdAt: now });
    };
    await mongo.db().collection('practiceCards').insertMany(Array.from({ length: QUEUE_READ_CAP + 25 }, (_, n) => longCard(n)));
    // Learners' queue marks and views as catalog-service writes them (one text of their unlearnt cards), keyed by learner.
    const entriesJson = JSON.stringify(Array.from({ length: 3 }, (_, n) => [new ObjectId().toHexString(), now.getTime() - n * 60_000, 0, JSON.stringify({ key: `typed:s${n}`, word: `s${n}` })]));
    for (let at = 0; at < 10_000; at += 2_000) {
      const uids = Array.from({ length: 2_000 }, (_, k) => `${uidOf(at + k)}-view`);
      await mongo.db().collection<{ _id: string }>('practiceQueueMarks').insertMany(uids.map((_id) => ({ _id, token: randomUUID(), seededBy: run })), { ordered: false });
      await mongo.db().collection<{ _id: string }>('practiceQueueViews').insertMany(uids.map((_id) => ({ _id, token: randomUUID(), builtAt: now, overflow: false, entriesJson, seededBy: run })), { ordered: false });
    }
    // A learner with one unlearnt card more than a view holds: 5 more than QUEUE_READ_CAP due (so the
    // index read's separate count is used), the rest due in two days.
    const over = await signUp();
    overflowToken = over.tokens.accessToken;
    overflowUid = await uidOfToken(overflowToken);
    const overCard = (n: number) => ({ ...longCard(n), uid: overflowUid, learnt: false, ...(n < QUEUE_READ_CAP + 5 ? {} : { dueAt: new Date(now.getTime() + 2 * 86_400_000) }) });
    await mongo.db().collection('practiceCards').insertMany(Array.from({ length: QUEUE_VIEW_MAX_CARDS + 1 }, (_, n) => overCard(n)));
  }, 600_000);

  afterAll(async () => {
    await mongo.db().collection('practiceCards').deleteMany({ uid: learnerUid });
    await mongo.db().collection('practiceCards').deleteMany({ uid: longQueueUid });
    await mongo.db().collection('practiceCards').deleteMany({ uid: overflowUid });
    for (const collection of ['practiceQueueMarks', 'practiceQueueViews']) {
      await mongo.db().collection<{ _id: string }>(collection).deleteMany({ _id: { $in: [learnerUid, longQueueUid, overflowUid] } });
    }
    // In batches: FerretDB turns one delete into one SQL statement, at most 65,535 parameters.
    for (const collection of ['practiceCards', 'practiceReviews', 'practiceQueueMarks', 'practiceQueueViews']) {
      for (;;) {
        const ids = (await mongo.db().collection(collection).find({ seededBy: run }, { projection: { _id: 1 } }).limit(10_000).toArray()).map((d) => d._id);
        if (ids.length === 0) break;
        await mongo.db().collection(collection).deleteMany({ _id: { $in: ids } });
      }
    }
    await mongo.close();
  }, 600_000);

  it.each([
    ['the queue’s mark (by key)', 'practiceQueueMarks', () => ({ _id: `${uidOf(7)}-view` }), undefined, ['_id']],
    ['the queue’s view (by key)', 'practiceQueueViews', () => ({ _id: `${uidOf(7)}-view` }), undefined, ['_id']],
    ['the view’s rebuild (the learner’s unlearnt cards)', 'practiceCards', () => ({ uid: uidOf(7), learnt: false }), undefined, ['uid']],
    ['the queue past a view (unlearnt cards due by the end of today, by due date)', 'practiceCards', () => ({ uid: uidOf(7), learnt: false, dueAt: { $lte: now } }), { dueAt: 1 }, ['uid']],
    ['the queue past a view without premium access', 'practiceCards', () => ({ uid: uidOf(7), learnt: false, dueAt: { $lte: now }, premium: false }), { dueAt: 1 }, ['uid']],
    // Either field narrows it to the learner's cards at most: the planner may pick either index.
    ['a card to review (by id and learner)', 'practiceCards', () => ({ _id: someCard, uid: uidOf(7) }), undefined, ['_id', 'uid']],
    ['the card upsert (by learner and key)', 'practiceCards', () => ({ uid: uidOf(7), key: 'typed:word3' }), undefined, ['uid', 'key']],
    ['the progress figures (cards by learner)', 'practiceCards', () => ({ uid: uidOf(7) }), undefined, ['uid']],
    ['reviewed today and the streak (reviews by learner, the last year)', 'practiceReviews', () => ({ uid: uidOf(7), at: { $gte: new Date(now.getTime() - 366 * 86_400_000) } }), undefined, ['uid']],
  ] as [string, string, () => Filter<Document>, Record<string, 1> | undefined, string[]][])('%s reads by index', async (_title, collection, filter, sort, selective) => {
    const plan = await planOf(mongo, collection, filter(), sort);
    expect(plan.pushdown).toBe(true);
    expect(plan.types).not.toContain('Seq Scan');
    expect(plan.indexes.length).toBeGreaterThan(0);
    // By a selective field (the learner, the card's id or key), not `learnt` alone: most cards are unlearnt.
    expect(plan.conditions.some((condition) => selective.some((field) => condition.includes(`'${field}'`)))).toBe(true);
  });

  it('answers GET /api/practice/cards for a learner among them: their due cards only, most overdue first', async () => {
    const first = await api('/api/practice/cards?limit=10', { headers: bearer(token) });
    expect(first.status).toBe(200);
    // Their 50 overdue cards minus the 10 learnt ones, most overdue first.
    expect(first.body.dueToday).toBe(40);
    expect(first.body.cards).toHaveLength(10);
    const dues = first.body.cards.map((c: { dueAt: string }) => Date.parse(c.dueAt));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    expect(dues.every((due: number) => due <= now.getTime())).toBe(true);
  });

  it(`counts a queue longer than an index read brings back (${QUEUE_READ_CAP} cards) exactly from the learner's view, and serves its most overdue cards first`, async () => {
    const { status, body } = await api('/api/practice/cards?limit=10', { headers: bearer(longQueueToken) });
    expect(status).toBe(200);
    expect(body.dueToday).toBe(QUEUE_READ_CAP + 5);
    expect(body.cards.map((c: { word: string }) => c.word)).toEqual(Array.from({ length: 10 }, (_, i) => `long${QUEUE_READ_CAP + 4 - i}`));
  });

  it(`serves a learner with more unlearnt cards than a view holds (${QUEUE_VIEW_MAX_CARDS}) from the cards' index, a queue longer than one read (${QUEUE_READ_CAP}) counted exactly`, async () => {
    const { status, body } = await api('/api/practice/cards?limit=5', { headers: bearer(overflowToken) });
    expect(status).toBe(200);
    // Past one index read (QUEUE_READ_CAP): counted apart, exactly.
    expect(body.dueToday).toBe(QUEUE_READ_CAP + 5);
    // Card n overdue by n + 1 minutes: the most overdue first.
    expect(body.cards.map((c: { word: string }) => c.word)).toEqual(Array.from({ length: 5 }, (_, i) => `long${QUEUE_READ_CAP + 4 - i}`));
    const view = await mongo.db().collection<{ _id: string; overflow: boolean; entriesJson: string }>('practiceQueueViews').findOne({ _id: overflowUid });
    expect(view).toMatchObject({ overflow: true, entriesJson: '[]' });
  });
});
