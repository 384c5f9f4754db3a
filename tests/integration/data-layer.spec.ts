import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoClient, ObjectId, type Document, type Filter } from 'mongodb';
import { mongoUri } from '../support/stack';

/**
 * FerretDB v1 creates the indexes the schemas declare but filters with `_jsonb->'field' @> …`,
 * which only the GIN indexes the stack derives from them can serve (tools/stack/ferretdb-indexes.mjs).
 * These tests ask the database itself (FerretDB's explain returns PostgreSQL's plan) how it
 * answers every query on a request path, with enough stored documents that a scan is a real
 * choice for the planner.
 */

type Plan = { 'Node Type': string; 'Index Name'?: string; Plans?: Plan[] };

/** Every node of a PostgreSQL plan, depth first. */
function nodes(plan: Plan): Plan[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** How the database would answer this find: the plan's node types and the indexes they use. */
async function planOf(mongo: MongoClient, collection: string, filter: Filter<Document>) {
  const explained = await mongo.db().collection(collection).find(filter).explain();
  const plan = (explained.queryPlanner as { Plan: Plan }).Plan;
  const all = nodes(plan);
  return { types: all.map((n) => n['Node Type']), indexes: all.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])), pushdown: explained.filterPushdown };
}

const STORED = 10_000;
const LEARNERS = 500;
const TESTS = 20;

describe(`data layer: request-path queries use an index (${STORED} attempts stored)`, () => {
  const mongo = new MongoClient(mongoUri);
  const run = randomUUID().slice(0, 8);
  const uidOf = (n: number) => `seeded-${run}-${n}`;
  let someAttempt: ObjectId;

  /** Inserts STORED documents, marked with this run's id so they can be removed again. */
  async function seed(collection: string, make: (i: number) => Document): Promise<void> {
    for (let at = 0; at < STORED; at += 2000) {
      const batch = Array.from({ length: Math.min(2000, STORED - at) }, (_, k) => ({ ...make(at + k), seededBy: run }));
      await mongo.db().collection(collection).insertMany(batch, { ordered: false });
    }
  }

  beforeAll(async () => {
    await mongo.connect();
    // Shaped as catalog-service stores them: a small attempt per finished test, its detail under the same id.
    const ids = Array.from({ length: STORED }, () => new ObjectId());
    const figures = { wpm: 40, accuracy: 95, sections: { sentences: { correct: 5, total: 10 }, fills: { correct: 5, total: 10 }, jumbled: { correct: 5, total: 15 } }, total: { correct: 15, total: 35 } };
    const attemptOf = (i: number) => ({ uid: uidOf(i % LEARNERS), testId: (Math.floor(i / LEARNERS) % TESTS) + 1, submittedAt: new Date(Date.now() - i * 1000) });
    await seed('attempts', (i) => ({ _id: ids[i], ...attemptOf(i), slot: 1, submissionId: randomUUID(), figures }));
    await seed('attemptDetails', (i) => ({ _id: ids[i], ...attemptOf(i), answers: { emailInput: 'x'.repeat(500) }, score: { total: figures.total } }));
    // The collections read by learner id hold one document per learner; a school's worth and more.
    await seed('entitlements', (i) => ({ _id: `${uidOf(i)}-e`, paymentIntentId: `pi_${run}_${i}`, amount: 4999, currency: 'usd' }));
    await seed('users', (i) => ({ _id: `${uidOf(i)}-u`, email: `${run}-${i}@example.com`, paidTests: false }));
    await seed('user_payments', (i) => ({ _id: `${uidOf(i)}-p`, paymentIntentId: `pi_${run}_${i}` }));
    await seed('succeeded_payments', (i) => ({ _id: `pi_${run}_${i}`, uid: `${uidOf(i)}-s`, amount: 4999, currency: 'usd' }));
    await seed('payment_intents', (i) => ({ _id: `pi_${run}_${i}`, uid: `${uidOf(i)}-i`, amount: 4999, currency: 'usd', createdAt: new Date() }));
    await seed('blogPosts', (i) => ({ slug: `seeded-${run}-${i}`, title: 'Seeded', date: '2020-01-01', content: 'x'.repeat(300) }));
    // feedback-service: one feedback and one skill-profile record per attempt, keyed by its id.
    await seed('writingFeedback', (i) => ({ _id: ids[i]!.toHexString(), uid: uidOf(i % LEARNERS), testId: 1, createdAt: new Date(), body: 'x'.repeat(500) }));
    await seed('skillProfiles', (i) => ({ _id: ids[i]!.toHexString(), ...attemptOf(i), scores: { grammar: 50, vocabulary: 50, organization: 50, voiceTone: 50, reading: 50 } }));
    someAttempt = ids[1234]!;
  }, 180_000);

  afterAll(async () => {
    for (const collection of ['attempts', 'attemptDetails', 'entitlements', 'users', 'user_payments', 'succeeded_payments', 'payment_intents', 'blogPosts', 'writingFeedback', 'skillProfiles']) {
      await mongo.db().collection(collection).deleteMany({ seededBy: run });
    }
    await mongo.close();
  }, 180_000);

  it.each([
    ["the dashboard's attempt counts and history (catalog-service: attempts by learner)", 'attempts', () => ({ uid: uidOf(7) })],
    ['the allowance check before a test starts (attempts by learner and test)', 'attempts', () => ({ uid: uidOf(7), testId: 3 })],
    ['a retried submission (attempts by learner and submission id)', 'attempts', () => ({ uid: uidOf(7), submissionId: randomUUID() })],
    ['a stored result (attempt details by id)', 'attemptDetails', () => ({ _id: someAttempt })],
    ['premium access (entitlements by learner id)', 'entitlements', () => ({ _id: uidOf(7) })],
    ['the signed-in learner (users by id)', 'users', () => ({ _id: uidOf(7) })],
    ['a payment applied once (auth-service: user payments by learner id)', 'user_payments', () => ({ _id: uidOf(7) })],
    ['"already unlocked" (payment-service: succeeded payments by learner)', 'succeeded_payments', () => ({ uid: uidOf(7) })],
    ['a PaymentIntent confirmed or reported by Stripe (payment-service: intents by id)', 'payment_intents', () => ({ _id: `pi_${run}_7` })],
    ['a blog post (posts by slug)', 'blogPosts', () => ({ slug: 'no-such-post' })],
    ["an attempt's writing feedback (feedback-service: by attempt id)", 'writingFeedback', () => ({ _id: someAttempt.toHexString() })],
    ["the dashboard's skill trend (feedback-service: skill profiles by learner)", 'skillProfiles', () => ({ uid: uidOf(7) })],
    ["the results summary's profile before an attempt (feedback-service: skill profiles by learner, earlier)", 'skillProfiles', () => ({ uid: uidOf(7), submittedAt: { $lt: new Date() } })],
  ] as [string, string, () => Filter<Document>][])('%s', async (_title, collection, filter) => {
    const plan = await planOf(mongo, collection, filter());
    expect(plan.pushdown).toBe(true);
    expect(plan.types).not.toContain('Seq Scan');
    expect(plan.indexes.length).toBeGreaterThan(0);
    expect(plan.indexes.every((name) => name.includes('_gin_'))).toBe(true);
  });

  it('reads the right documents through those indexes', async () => {
    const history = await mongo.db().collection('attempts').find({ uid: uidOf(7) }).toArray();
    expect(history).toHaveLength(STORED / LEARNERS);
    expect(new Set(history.map((a) => a.testId)).size).toBe(TESTS);
    const detail = await mongo.db().collection('attemptDetails').findOne({ _id: someAttempt });
    expect(detail?._id).toEqual(someAttempt);
  });
});
