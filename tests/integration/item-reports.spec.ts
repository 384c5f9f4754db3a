import { randomInt } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogErrors, ITEM_REPORT_THANKS, ItemReportErrors, type AssembledTest, type ReportedItem } from '@fluent/contracts';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { signedInOperator } from '../support/operators';
import { blankAnswers, submission, submitAttempt, uidOf } from '../support/catalog';
import { api, clearOfWindowEdge, mongoUri } from '../support/stack';
import { bearer, signUp } from '../support/users';

// "Report a problem" on /result: gateway -> NATS -> catalog-service -> FerretDB, one report per
// learner and item, and the operators' list behind the Keycloak realm role `operator`.
const test1: AssembledTest = assembleTest(questionBank(), 1)!;

const learner = async () => {
  const { tokens } = await signUp();
  return { token: tokens.accessToken, uid: await uidOf(tokens.accessToken) };
};

/** A learner who took Test 1 with one jumbled answer of their own (the third item). */
async function learnerWithAttempt(jumbledAnswer = 'my own order of the words') {
  const who = await learner();
  const answers = blankAnswers({ jumbledAnswers: test1.jumbled.map((_, i) => (i === 2 ? jumbledAnswer : '')) });
  const { status, body } = await submitAttempt(who.token, 1, submission(answers));
  expect(status).toBe(201);
  return { ...who, attemptId: body.attemptId as string };
}

/**
 * Reports are rate-limited per client address; the gateway trusts X-Forwarded-For from loopback
 * in the test profile, so each call comes from an address of its own unless a test names one.
 */
const clientAddress = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const report = (token: string, attemptId: string, body: unknown, from = clientAddress()) =>
  api(`/api/attempts/${attemptId}/reports`, { method: 'POST', headers: { ...bearer(token), 'X-Forwarded-For': from }, body: JSON.stringify(body) });

describe('item reports', () => {
  const mongo = new MongoClient(mongoUri);
  const reports = () => mongo.db().collection('itemReports');
  let operator: string;

  beforeAll(async () => {
    await mongo.connect();
    operator = await signedInOperator();
  });
  afterAll(() => mongo.close());

  it('stores a report with the item as asked and the answer as stored with the attempt, and thanks the learner', async () => {
    const { token, uid, attemptId } = await learnerWithAttempt();
    const item = test1.jumbled[2]!;
    const { status, body } = await report(token, attemptId, { section: 'jumbled', itemId: item.id, reason: 'answer-should-be-accepted', comment: '  Both orders are fine.  ' });
    expect(status).toBe(201);
    expect(body).toEqual({ message: ITEM_REPORT_THANKS });
    const stored = await reports().findOne({ uid, item: `jumbled:${item.id}` });
    expect(stored).toMatchObject({
      section: 'jumbled',
      itemId: item.id,
      testId: 1,
      attemptId,
      prompt: item.jumbled,
      answer: 'my own order of the words',
      reason: 'answer-should-be-accepted',
      comment: 'Both orders are fine.',
    });
  });

  it('takes one report per learner and item: a second one answers 409 and changes nothing', async () => {
    const { token, uid, attemptId } = await learnerWithAttempt();
    const item = { section: 'sentences', itemId: test1.sentences[0]!.id };
    expect((await report(token, attemptId, { ...item, reason: 'question-unclear' })).status).toBe(201);
    const again = await report(token, attemptId, { ...item, reason: 'other', comment: 'once more' });
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 409, message: ItemReportErrors.alreadyReported });
    const stored = await reports().find({ uid }).toArray();
    expect(stored.map((r) => [r.item, r.reason])).toEqual([[`sentences:${item.itemId}`, 'question-unclear']]);
  });

  it('answers 404 for an item the attempt did not ask, and for an unknown attempt', async () => {
    const { token, attemptId } = await learnerWithAttempt();
    const elsewhere = assembleTest(questionBank(), 2)!.sentences[0]!.id;
    const notAsked = await report(token, attemptId, { section: 'sentences', itemId: elsewhere, reason: 'other' });
    expect({ status: notAsked.status, message: notAsked.body.message }).toEqual({ status: 404, message: ItemReportErrors.notInAttempt });
    const unknown = await report(token, new ObjectId().toHexString(), { section: 'email', itemId: test1.email.id, reason: 'other' });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 404, message: CatalogErrors.attemptNotFound });
  });

  it("refuses a report on another learner's attempt, and stores nothing", async () => {
    const owner = await learnerWithAttempt();
    const other = await learner();
    const { status } = await report(other.token, owner.attemptId, { section: 'email', itemId: test1.email.id, reason: 'other' });
    expect(status).toBe(404);
    expect(await reports().countDocuments({ uid: other.uid })).toBe(0);
  });

  it('refuses a malformed report with 400 naming the field, and a signed-out caller with 401', async () => {
    const { token, attemptId } = await learnerWithAttempt();
    const bad = await report(token, attemptId, { section: 'jumbled', itemId: test1.jumbled[0]!.id, reason: 'because' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['reason']);
    const smuggled = await report(token, attemptId, { section: 'jumbled', itemId: test1.jumbled[0]!.id, reason: 'other', answer: 'what I wish I had typed' });
    expect(smuggled.status).toBe(400);
    const long = await report(token, attemptId, { section: 'jumbled', itemId: test1.jumbled[0]!.id, reason: 'other', comment: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.errors)).toEqual(['comment']);
    const signedOut = await api(`/api/attempts/${attemptId}/reports`, { method: 'POST', body: JSON.stringify({ section: 'email', itemId: test1.email.id, reason: 'other' }) });
    expect(signedOut.status).toBe(401);
  });

  it('refuses the 21st report within a minute from one address with 429 (ITEM_REPORT_RATE_LIMIT, default 20)', async () => {
    const { token, attemptId } = await learnerWithAttempt();
    const from = clientAddress();
    // A fixed one-minute window: start the count clear of its edge, so all 21 fall in one window.
    await clearOfWindowEdge(60_000, 15_000);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      // Each a different item of the attempt's fills and sentences (20 items), then one more.
      const [section, itemId] = i < 10 ? ['fills', test1.fills[i]!.id] : i < 20 ? ['sentences', test1.sentences[i - 10]!.id] : ['email', test1.email.id];
      statuses.push((await report(token, attemptId, { section, itemId, reason: 'other' }, from)).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
  });

  it('lists reports grouped by item for operators only (401 signed out, 403 a learner)', async () => {
    const item = test1.fills[4]!;
    const first = await learnerWithAttempt();
    const second = await learnerWithAttempt();
    expect((await report(first.token, first.attemptId, { section: 'fills', itemId: item.id, reason: 'question-unclear' })).status).toBe(201);
    expect((await report(second.token, second.attemptId, { section: 'fills', itemId: item.id, reason: 'other', comment: 'two options fit' })).status).toBe(201);

    expect((await api('/api/reports')).status).toBe(401);
    expect((await api('/api/reports', { headers: bearer(first.token) })).status).toBe(403);
    // One page of items at a time (most reported first): earlier runs may have put others before it.
    let fill: ReportedItem | undefined;
    for (let page = 1; !fill; page++) {
      const { status, body } = await api(`/api/reports?page=${page}&limit=20`, { headers: bearer(operator) });
      expect(status).toBe(200);
      expect(body.items.length, `item not found by page ${page}`).toBeGreaterThan(0);
      fill = (body.items as ReportedItem[]).find((i) => i.section === 'fills' && i.itemId === item.id);
    }
    expect(fill).toMatchObject({ testId: 1, prompt: item.question });
    // Earlier runs against the same stack may have reported this item too: ours are the newest two.
    expect(fill!.reports.slice(0, 2).map((r) => [r.attemptId, r.reason, r.comment])).toEqual([
      [second.attemptId, 'other', 'two options fit'],
      [first.attemptId, 'question-unclear', ''],
    ]);
    // Its newest 10 reports are listed; the count and reasons cover them all.
    expect(fill!.reports.length).toBe(Math.min(fill!.count, 10));
    expect(Object.values(fill!.reasons).reduce((a, b) => a + b, 0)).toBe(fill!.count);
  });
});
