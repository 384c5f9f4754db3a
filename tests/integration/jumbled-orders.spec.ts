import { randomInt, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { MongoClient, ObjectId, type Document, type Filter } from 'mongodb';
import { connect } from 'nats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Durables, EventStreams, EventSubjects, JumbledOrderErrors, type AssembledTest, type ClaimedOrder, type JumbledOrderAcceptedEvent } from '@fluent/contracts';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { jumbledOrderKey } from '@fluent/scoring';
import { natsAuthOptions } from '@fluent/server-kit';
import { ROOT } from '../../tools/stack/paths.mjs';
import { appEnvironment } from '../../tools/stack/profiles.mjs';
import { decidedOrders, freshUnlistedOrder } from '../support/jumbled-orders';
import { killStartedProcesses, runNode } from '../support/processes';
import { signedInOperator } from '../support/operators';
import { blankAnswers, submission, submitAttempt, uidOf } from '../support/catalog';
import { api, eventually, mongoUri, natsUrl, natsUser, profile } from '../support/stack';
import { bearer, signUp } from '../support/users';

// Learners correct the bank (docs/development.md#learners-correct-the-bank), on the real stack:
// results -> item report -> operators' list -> decision -> JetStream -> catalog-service's durable
// consumer -> every stored attempt with that answer rescored, once.
const test1: AssembledTest = assembleTest(questionBank(), 1)!;
const ITEM_AT = 2;
const item = test1.jumbled[ITEM_AT]!;

const clientAddress = () => `198.19.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const asFrom = (token: string) => ({ ...bearer(token), 'X-Forwarded-For': clientAddress() });

async function learnerAnswering(answer: string) {
  const { tokens } = await signUp();
  const token = tokens.accessToken;
  const answers = blankAnswers({ jumbledAnswers: test1.jumbled.map((_, i) => (i === ITEM_AT ? answer : '')) });
  const { status, body } = await submitAttempt(token, 1, submission(answers));
  expect(status).toBe(201);
  return { token, uid: await uidOf(token), attemptId: body.attemptId as string, result: body };
}

const claim = (token: string, attemptId: string) =>
  api(`/api/attempts/${attemptId}/reports`, { method: 'POST', headers: asFrom(token), body: JSON.stringify({ section: 'jumbled', itemId: item.id, reason: 'answer-should-be-accepted', comment: '' }) });
const claimedOrders = (token: string) => api('/api/reports/jumbled-orders?limit=50', { headers: asFrom(token) });
const decide = (token: string, body: unknown) => api('/api/reports/jumbled-orders/decisions', { method: 'POST', headers: asFrom(token), body: JSON.stringify(body) });
const result = (token: string, attemptId: string) => api(`/api/attempts/${attemptId}`, { headers: bearer(token) });

describe('learners correct the bank: an accepted jumbled order rescores the stored attempts', () => {
  const mongo = new MongoClient(mongoUri);
  let operator: string;

  beforeAll(async () => {
    await mongo.connect();
    operator = await signedInOperator();
  });
  afterAll(() => mongo.close());

  it('takes a claimed order from the results to the operators, accepts it, rescores every learner who gave it once, and scores it right from then on', async () => {
    const order = freshUnlistedOrder(item, await decidedOrders(mongo, item.id));
    const key = jumbledOrderKey(order);
    const [first, second, silent] = [await learnerAnswering(order), await learnerAnswering(order), await learnerAnswering(order)];

    // The results mark the answer as an unlisted order of the same words.
    expect(first.result.score.jumbled.items[ITEM_AT]).toEqual({ id: item.id, answer: order, correct: false, unlistedOrder: true });
    const before = first.result.score;

    // Two learners claim it (one report each, as before); the third never does.
    expect((await claim(first.token, first.attemptId)).status).toBe(201);
    expect((await claim(second.token, second.attemptId)).status).toBe(201);
    expect((await claim(first.token, first.attemptId)).status).toBe(409);

    // Operators see it once, with its count; learners may not.
    expect((await claimedOrders(first.token)).status).toBe(403);
    const listed = await claimedOrders(operator);
    expect(listed.status).toBe(200);
    const entry = (listed.body.orders as ClaimedOrder[]).find((o) => o.itemId === item.id && o.order === key);
    expect(entry).toMatchObject({ itemId: item.id, testId: 1, prompt: item.jumbled, key: item.answer, order: key, example: order, count: 2 });

    expect((await decide(first.token, { itemId: item.id, order, decision: 'accept' })).status).toBe(403);
    const accepted = await decide(operator, { itemId: item.id, order, decision: 'accept' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ itemId: item.id, order: key, decision: 'accept' });

    // Every stored attempt with that answer is rescored: the results, the dashboard's history and the stored documents.
    for (const learner of [first, second, silent]) {
      const after = await eventually(
        () => result(learner.token, learner.attemptId),
        (r) => r.body.score?.jumbled.items[ITEM_AT]?.correct === true,
      );
      expect(after.body.score.jumbled.items[ITEM_AT]).toEqual({ id: item.id, answer: order, correct: true, acceptedAfterReview: true });
      expect(after.body.score.jumbled.correct).toBe(before.jumbled.correct + 1);
      expect(after.body.score.total.correct).toBe(before.total.correct + 1);
      expect(after.body.reviews).toEqual([{ section: 'jumbled', itemId: item.id, itemNumber: ITEM_AT + 1, points: 1 }]);
      const history = await api('/api/attempts', { headers: bearer(learner.token) });
      expect(history.body.attempts[0]).toMatchObject({ attemptId: learner.attemptId, total: { correct: before.total.correct + 1 }, reviews: after.body.reviews });
    }
    const stored = await mongo.db().collection('attemptDetails').findOne({ _id: new ObjectId(first.attemptId) });
    expect(stored).toMatchObject({ appliedOrders: [`${item.id}:${key}`], revision: 1 });

    // The order has left the operators' list, and a learner who gives it now is right at once.
    const relisted = await claimedOrders(operator);
    expect((relisted.body.orders as ClaimedOrder[]).some((o) => o.itemId === item.id && o.order === key)).toBe(false);
    const later = await learnerAnswering(order);
    expect(later.result.score.jumbled.items[ITEM_AT]).toEqual({ id: item.id, answer: order, correct: true });
  });

  it('changes nothing twice when the acceptance is delivered again', async () => {
    const order = freshUnlistedOrder(item, await decidedOrders(mongo, item.id));
    const key = jumbledOrderKey(order);
    const learner = await learnerAnswering(order);
    expect((await decide(operator, { itemId: item.id, order, decision: 'accept' })).status).toBe(200);
    await eventually(() => result(learner.token, learner.attemptId), (r) => r.body.score?.jumbled.items[ITEM_AT]?.correct === true);
    const details = mongo.db().collection('attemptDetails');
    const attempts = mongo.db().collection('attempts');
    const id = new ObjectId(learner.attemptId);
    const [detailBefore, attemptBefore] = [await details.findOne({ _id: id }), await attempts.findOne({ _id: id })];

    // The same event again under a new message id (so JetStream does not drop it as a repeat), as a redelivery or a replay would bring it.
    const event: JumbledOrderAcceptedEvent = { itemId: item.id, order: key, sentence: order, acceptedAt: new Date().toISOString() };
    const nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    try {
      const ack = await nc.jetstream().publish(EventSubjects.jumbledOrderAccepted, new TextEncoder().encode(JSON.stringify(event)), { msgID: randomUUID() });
      const jsm = await nc.jetstreamManager();
      // Applied (acked) by catalog-service's durable consumer: its ack floor reaches the event.
      await eventually(() => jsm.consumers.info(EventStreams.attempts, Durables.jumbledOrders), (info) => info.ack_floor.stream_seq >= ack.seq, 30_000);
    } finally {
      await nc.close();
    }
    expect(await details.findOne({ _id: id })).toEqual(detailBefore);
    expect(await attempts.findOne({ _id: id })).toEqual(attemptBefore);
    expect(detailBefore).toMatchObject({ appliedOrders: [`${item.id}:${key}`], revision: 1 });
    const after = await result(learner.token, learner.attemptId);
    expect(after.body.score.total.correct).toBe(learner.result.score.total.correct + 1);
  });

  it('refuses an order once (it leaves the list, and cannot then be accepted), and refuses orders that are not the words of the item', async () => {
    const order = freshUnlistedOrder(item, await decidedOrders(mongo, item.id));
    const learner = await learnerAnswering(order);
    expect((await claim(learner.token, learner.attemptId)).status).toBe(201);
    const refused = await decide(operator, { itemId: item.id, order, decision: 'refuse' });
    expect(refused.status).toBe(200);
    expect((await decide(operator, { itemId: item.id, order, decision: 'refuse' })).status).toBe(200);
    const otherwise = await decide(operator, { itemId: item.id, order, decision: 'accept' });
    expect({ status: otherwise.status, message: otherwise.body.message }).toEqual({ status: 409, message: JumbledOrderErrors.decidedOtherwise });
    const listed = await claimedOrders(operator);
    expect((listed.body.orders as ClaimedOrder[]).some((o) => o.itemId === item.id && o.order === jumbledOrderKey(order))).toBe(false);
    expect((await result(learner.token, learner.attemptId)).body.score.jumbled.items[ITEM_AT].correct).toBe(false);

    const notTheWords = await decide(operator, { itemId: item.id, order: `${order} again`, decision: 'accept' });
    expect({ status: notTheWords.status, message: notTheWords.body.message }).toEqual({ status: 400, message: JumbledOrderErrors.notSameWords });
    const theKey = await decide(operator, { itemId: item.id, order: item.answer, decision: 'accept' });
    expect({ status: theKey.status, message: theKey.body.message }).toEqual({ status: 409, message: JumbledOrderErrors.alreadyListed });
    const unknown = await decide(operator, { itemId: 999_999, order, decision: 'accept' });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 404, message: JumbledOrderErrors.unknownItem });
  });
});

describe('rescore-jumbled-orders: attempts stored before the jumbledAnswers index get accepted orders too', () => {
  const mongo = new MongoClient(mongoUri);
  let operator: string;
  const rescore = (...args: string[]) => runNode([join(ROOT, 'apps/catalog-service/dist/jumbled-orders/rescore/command.js'), ...args], appEnvironment(profile, 'catalog-service'));
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    await mongo.connect();
    operator = await signedInOperator();
  });
  afterAll(() => mongo.close());
  afterEach(() => killStartedProcesses());

  /** A learner whose attempt looks as an earlier release stored it: no jumbledAnswers row, no unlistedOrder flag. */
  async function oldAttemptAnswering(order: string) {
    const learner = await learnerAnswering(order);
    const id = new ObjectId(learner.attemptId);
    const details = mongo.db().collection('attemptDetails');
    const stored = await details.findOne({ _id: id });
    const score = JSON.parse(stored!.scoreJson as string) as { jumbled: { items: Record<string, unknown>[] } };
    score.jumbled.items = score.jumbled.items.map(({ unlistedOrder: _flag, ...rest }) => rest);
    await details.updateOne({ _id: id }, { $set: { scoreJson: JSON.stringify(score) } });
    expect((await mongo.db().collection('jumbledAnswers').deleteMany({ attemptId: learner.attemptId })).deletedCount).toBe(1);
    return learner;
  }

  it('an accepted order misses an unindexed attempt; the command indexes it and applies the order, once, and a second run changes nothing', async () => {
    const order = freshUnlistedOrder(item, await decidedOrders(mongo, item.id));
    const key = jumbledOrderKey(order);
    const old = await oldAttemptAnswering(order);
    const indexed = await learnerAnswering(order);
    expect((await decide(operator, { itemId: item.id, order, decision: 'accept' })).status).toBe(200);
    // The acceptance has been applied (the indexed attempt is rescored); the old one was not found.
    await eventually(() => result(indexed.token, indexed.attemptId), (r) => r.body.score?.jumbled.items[ITEM_AT]?.correct === true);
    expect((await result(old.token, old.attemptId)).body.score.jumbled.items[ITEM_AT]).toEqual({ id: item.id, answer: order, correct: false });

    const dry = rescore('--dry-run', `--since=${today}`);
    await dry.waitForLine(/attempts read \(stored since .*\): [1-9]\d* unlisted jumbled answers would be added to the index/, 60_000);
    expect(await dry.exited).toEqual({ code: 0, signal: null });
    expect(await mongo.db().collection('jumbledAnswers').countDocuments({ attemptId: old.attemptId })).toBe(0);

    const run = rescore(`--since=${today}`, '--wait-ms=90000');
    await run.waitForLine(/catalog-service-jumbled-orders: applied every accepted order/, 120_000);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(await mongo.db().collection('jumbledAnswers').find({ attemptId: old.attemptId }, { projection: { _id: 0 } }).toArray()).toEqual([
      { itemId: item.id, order: key, attemptId: old.attemptId, uid: old.uid },
    ]);
    const after = await result(old.token, old.attemptId);
    expect(after.body.score.jumbled.items[ITEM_AT]).toEqual({ id: item.id, answer: order, correct: true, acceptedAfterReview: true });
    expect(after.body.score.total.correct).toBe(old.result.score.total.correct + 1);
    expect(after.body.reviews).toEqual([{ section: 'jumbled', itemId: item.id, itemNumber: ITEM_AT + 1, points: 1 }]);

    // Again: nothing new to index, and nobody scored twice.
    const details = mongo.db().collection('attemptDetails');
    const [oldBefore, indexedBefore] = [await details.findOne({ _id: new ObjectId(old.attemptId) }), await details.findOne({ _id: new ObjectId(indexed.attemptId) })];
    const again = rescore(`--since=${today}`, '--wait-ms=90000');
    await again.waitForLine(/attempts read \(stored since .*\): 0 unlisted jumbled answers were added to the index/, 60_000);
    expect(await again.exited).toEqual({ code: 0, signal: null });
    expect(await details.findOne({ _id: new ObjectId(old.attemptId) })).toEqual(oldBefore);
    expect(await details.findOne({ _id: new ObjectId(indexed.attemptId) })).toEqual(indexedBefore);
    expect(oldBefore).toMatchObject({ appliedOrders: [`${item.id}:${key}`], revision: 1 });
    // Three runs of the command, each a Node process that connects to MongoDB and NATS (about 20 s each on a loaded 2-core machine).
  }, 300_000);

  it('an order a new release lists rescores the attempts the release before marked wrong for it, once', async () => {
    // An item of test 1 whose bank entry lists another order: the release before did not list it.
    const at = test1.jumbled.findIndex((it) => (it.alternatives ?? []).some((a) => jumbledOrderKey(a) !== jumbledOrderKey(it.answer)));
    expect(at).toBeGreaterThanOrEqual(0);
    const listedItem = test1.jumbled[at]!;
    const sentence = listedItem.alternatives!.find((a) => jumbledOrderKey(a) !== jumbledOrderKey(listedItem.answer))!;
    const { tokens } = await signUp();
    const token = tokens.accessToken;
    const submitted = await submitAttempt(token, 1, submission(blankAnswers({ jumbledAnswers: test1.jumbled.map((_, i) => (i === at ? sentence : '')) })));
    expect(submitted.status).toBe(201);
    const attemptId = submitted.body.attemptId as string;
    expect(submitted.body.score.jumbled.items[at]).toEqual({ id: listedItem.id, answer: sentence, correct: true });

    // The attempt as the release before stored it: that answer wrong, one point fewer, not indexed.
    const details = mongo.db().collection('attemptDetails');
    const id = new ObjectId(attemptId);
    const stored = await details.findOne({ _id: id });
    const score = JSON.parse(stored!.scoreJson as string) as { jumbled: { correct: number; items: Record<string, unknown>[] }; total: { correct: number } };
    score.jumbled.items[at] = { id: listedItem.id, answer: sentence, correct: false };
    score.jumbled.correct -= 1;
    score.total.correct -= 1;
    await details.updateOne({ _id: id }, { $set: { scoreJson: JSON.stringify(score) } });
    expect(await mongo.db().collection('jumbledAnswers').countDocuments({ attemptId })).toBe(0);
    const before = await result(token, attemptId);
    expect(before.body.score.jumbled.items[at]).toEqual({ id: listedItem.id, answer: sentence, correct: false });

    const dry = rescore('--dry-run', `--since=${today}`);
    await dry.waitForLine(/would announce \d+ accepted orders and [1-9]\d* orders the bank lists that stored attempts gave/, 60_000);
    expect(await dry.exited).toEqual({ code: 0, signal: null });
    expect((await result(token, attemptId)).body.score.jumbled.items[at].correct).toBe(false);

    const run = rescore(`--since=${today}`, '--wait-ms=90000');
    await run.waitForLine(/announced \d+ accepted orders and [1-9]\d* orders the bank lists that stored attempts gave/, 90_000);
    await run.waitForLine(/catalog-service-jumbled-orders: applied every accepted order/, 120_000);
    expect(await run.exited).toEqual({ code: 0, signal: null });
    const after = await result(token, attemptId);
    expect(after.body.score.jumbled.items[at]).toEqual({ id: listedItem.id, answer: sentence, correct: true, acceptedAfterReview: true });
    expect(after.body.score.total.correct).toBe(before.body.score.total.correct + 1);
    expect(after.body.reviews).toEqual([{ section: 'jumbled', itemId: listedItem.id, itemNumber: at + 1, points: 1 }]);

    // Again: announced again, applied to nobody twice.
    const detailBefore = await details.findOne({ _id: id });
    expect(detailBefore).toMatchObject({ appliedOrders: [`${listedItem.id}:${jumbledOrderKey(sentence)}`], revision: 1 });
    const again = rescore(`--since=${today}`, '--wait-ms=90000');
    await again.waitForLine(/catalog-service-jumbled-orders: applied every accepted order/, 120_000);
    expect(await again.exited).toEqual({ code: 0, signal: null });
    expect(await details.findOne({ _id: id })).toEqual(detailBefore);
  }, 300_000);
});

type Plan = { 'Node Type': string; 'Index Name'?: string; Plans?: Plan[] };
const nodes = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

describe('the rescoring reads the attempts that gave an order by an index the database uses (10,000 unlisted answers stored)', () => {
  const mongo = new MongoClient(mongoUri);
  const run = randomUUID().slice(0, 8);
  const STORED = 10_000;

  beforeAll(async () => {
    await mongo.connect();
    // Shaped as catalog-service stores them: 100 items, 100 different orders each.
    const rows = Array.from({ length: STORED }, (_, i) => ({ itemId: 900_000 + (i % 100), order: `seeded ${run} order ${Math.floor(i / 100)}`, attemptId: `a${i}`, uid: `seeded-${run}`, seededBy: run }));
    for (let at = 0; at < STORED; at += 2000) await mongo.db().collection('jumbledAnswers').insertMany(rows.slice(at, at + 2000), { ordered: false });
  }, 180_000);

  afterAll(async () => {
    await mongo.db().collection('jumbledAnswers').deleteMany({ seededBy: run });
    await mongo.close();
  }, 180_000);

  it('answers (itemId, order) from the jumbledAnswers lookup indexes, not a scan, and finds the right rows', async () => {
    const filter: Filter<Document> = { itemId: 900_007, order: `seeded ${run} order 42` };
    const explained = await mongo.db().collection('jumbledAnswers').find(filter).explain();
    const all = nodes((explained.queryPlanner as { Plan: Plan }).Plan);
    expect(explained.filterPushdown).toBe(true);
    expect(all.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    const indexes = all.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
    expect(indexes.length).toBeGreaterThan(0);
    expect(indexes.every((name) => name.startsWith('jumbledanswers') && name.includes('_gin_'))).toBe(true);
    expect(await mongo.db().collection('jumbledAnswers').find(filter).toArray()).toHaveLength(1);
  });
});
