import { randomBytes, randomInt } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_REPORT_LIST_PAGE_MAX, ITEM_REPORT_LIST_REPORTS_PER_ITEM, ITEM_REPORT_LIST_TEXT_MAX, PAGE_VIEW_REPORT_PAGE_MAX, type ItemReportList, type PageViewReport } from '@fluent/contracts';
import { signedInOperator } from '../support/operators';
import { gatewayUrl, mongoUri } from '../support/stack';
import { bearer } from '../support/users';

// The operators' lists grow with what anyone sends (item reports, page views), and each answer
// travels over NATS, whose payload limit is 1 MB (the stack's nats-server default). Seeded straight
// into the database past that size, both lists still answer: one bounded page at a time.
const NATS_MAX_PAYLOAD = 1024 * 1024;
const DAY_MS = 86_400_000;

type Doc = { _id: string; [field: string]: unknown };

describe('operator reports past NATS payload limit', () => {
  const mongo = new MongoClient(mongoUri);
  const collection = (name: string) => mongo.db().collection<Doc>(name);
  /** This run's seeded documents carry it, so they are found and removed again. */
  const marker = `seed${randomBytes(4).toString('hex')}`;
  let operator: string;

  beforeAll(async () => {
    await mongo.connect();
    operator = await signedInOperator();
  });
  afterAll(async () => {
    await collection('itemReports').deleteMany({ uid: { $regex: `^${marker}-` } });
    await collection('pageViewDays').deleteMany({ _id: { $regex: `^${marker}-` } });
    await mongo.close();
  });

  /** The raw answer: its size on the wire, and its body. */
  async function get(path: string) {
    const response = await fetch(`${gatewayUrl}${path}`, { headers: bearer(operator) });
    const text = await response.text();
    return { status: response.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) as unknown };
  }

  it('pages the item reports (several MB stored: 60 items of 5 reports with 5,000-character texts), each page under the limit with texts cut at 300 characters', async () => {
    const long = (c: string) => `${c.repeat(4999)}!`;
    const items = 60;
    const docs = Array.from({ length: items * 5 }, (_, n) => ({
      _id: `${marker}-${n}`,
      uid: `${marker}-${n}`,
      item: `fills:${900_000 + Math.floor(n / 5)}-${marker}`,
      section: 'fills',
      itemId: 900_000 + Math.floor(n / 5),
      testId: 1,
      attemptId: `${marker}-attempt-${n}`,
      prompt: long('p'),
      answer: long('a'),
      reason: 'other',
      comment: long('c'),
      reportedAt: new Date(Date.now() - n * 1000),
    }));
    await collection('itemReports').insertMany(docs as never);
    expect(docs.reduce((sum, d) => sum + d.prompt.length + d.answer.length + d.comment.length, 0)).toBeGreaterThan(4 * NATS_MAX_PAYLOAD);

    const seen = new Map<number, ItemReportList['items'][number]>();
    let totalItems = 0;
    for (let page = 1; page === 1 || (page - 1) * ITEM_REPORT_LIST_PAGE_MAX < totalItems; page++) {
      const answer = await get(`/api/reports?page=${page}&limit=${ITEM_REPORT_LIST_PAGE_MAX}`);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
      expect(answer.bytes).toBeLessThan(NATS_MAX_PAYLOAD);
      const list = answer.body as ItemReportList;
      expect(list).toMatchObject({ page, limit: ITEM_REPORT_LIST_PAGE_MAX });
      expect(list.items.length).toBeLessThanOrEqual(ITEM_REPORT_LIST_PAGE_MAX);
      totalItems = list.totalItems;
      for (const item of list.items) {
        expect(item.reports.length).toBeLessThanOrEqual(ITEM_REPORT_LIST_REPORTS_PER_ITEM);
        if (item.itemId >= 900_000 && item.reports.every((r) => r.attemptId.startsWith(`${marker}-`))) seen.set(item.itemId, item);
      }
    }
    expect(totalItems).toBeGreaterThanOrEqual(items);
    expect(seen.size).toBe(items);
    for (const item of seen.values()) {
      expect(item.count).toBe(5);
      expect(item.reports).toHaveLength(5);
      for (const text of [item.prompt, ...item.reports.flatMap((r) => [r.answer, r.comment])]) {
        expect(text).toHaveLength(ITEM_REPORT_LIST_TEXT_MAX);
        expect(text.endsWith('…')).toBe(true);
      }
    }
  }, 180_000);

  it('refuses a page size past the maximum with 400 naming the field', async () => {
    const answer = await get(`/api/reports?limit=${ITEM_REPORT_LIST_PAGE_MAX + 1}`);
    expect(answer.status).toBe(400);
    expect((answer.body as { errors: Record<string, string> }).errors).toEqual({ limit: `limit must be a whole number from 1 to ${ITEM_REPORT_LIST_PAGE_MAX}` });
    expect((await get(`/api/analytics/page-views?limit=${PAGE_VIEW_REPORT_PAGE_MAX + 1}`)).status).toBe(400);
  });

  it('pages the page-view report (a day of 6,000 counted paths, past 1 MB), each page under the limit, the total over all of them', async () => {
    // A day long closed and within the retention period, counted straight into the daily counts.
    const day = new Date(Date.now() - (200 + randomInt(0, 100)) * DAY_MS).toISOString().slice(0, 10);
    const rows = Array.from({ length: 6000 }, (_, n) => ({ _id: `${marker}-${n}`, day, path: `/blog/${marker}-${String(n).padStart(5, '0')}-${'x'.repeat(160)}`, views: 2 }));
    await collection('pageViewDays').insertMany(rows);
    await collection('pageViewRollups').updateOne({ _id: day }, { $setOnInsert: { views: 0, rolledUpAt: new Date() } }, { upsert: true });
    expect(Buffer.byteLength(JSON.stringify(rows))).toBeGreaterThan(NATS_MAX_PAYLOAD);

    const paths: string[] = [];
    let rowsInSpan = 0;
    let total = 0;
    for (let page = 1; page === 1 || (page - 1) * PAGE_VIEW_REPORT_PAGE_MAX < rowsInSpan; page++) {
      const answer = await get(`/api/analytics/page-views?from=${day}&to=${day}&page=${page}&limit=${PAGE_VIEW_REPORT_PAGE_MAX}`);
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
      expect(answer.bytes).toBeLessThan(NATS_MAX_PAYLOAD);
      const report = answer.body as PageViewReport;
      expect(report.counts.length).toBeLessThanOrEqual(PAGE_VIEW_REPORT_PAGE_MAX);
      rowsInSpan = report.rows;
      total = report.total;
      paths.push(...report.counts.filter((c) => c.path.includes(marker)).map((c) => c.path));
    }
    expect(rowsInSpan).toBeGreaterThanOrEqual(6000);
    expect(total).toBeGreaterThanOrEqual(12_000);
    expect(paths).toEqual(rows.map((r) => r.path));
  }, 180_000);
});
