import { describe, expect, it } from 'vitest';
import type { ItemReport } from './item-report.schema';
import { groupReports, pageOfItems, truncateText } from './group-reports';

const report = (over: Partial<ItemReport>): ItemReport => ({
  uid: 'u',
  item: 'jumbled:7',
  section: 'jumbled',
  itemId: 7,
  testId: 2,
  attemptId: 'a',
  prompt: 'words / in / order',
  answer: 'in order words',
  reason: 'answer-should-be-accepted',
  comment: '',
  reportedAt: new Date('2026-11-01T10:00:00Z'),
  ...over,
});

describe('groupReports', () => {
  it('groups by item, counts reasons, lists the most reported item first and each item’s reports newest first', () => {
    const grouped = groupReports([
      report({ uid: 'a', reportedAt: new Date('2026-11-01T10:00:00Z') }),
      report({ uid: 'b', item: 'sentences:3', section: 'sentences', itemId: 3, reason: 'question-unclear', prompt: 'A ___ day.' }),
      report({ uid: 'c', reason: 'other', comment: 'typo', reportedAt: new Date('2026-11-02T10:00:00Z') }),
    ]);
    expect(grouped.map((g) => [g.section, g.itemId, g.count])).toEqual([
      ['jumbled', 7, 2],
      ['sentences', 3, 1],
    ]);
    expect(grouped[0]!.reasons).toEqual({ 'answer-should-be-accepted': 1, 'question-unclear': 0, other: 1 });
    expect(grouped[0]!.reports.map((r) => r.comment)).toEqual(['typo', '']);
    expect(grouped[0]!.reports[0]!.reportedAt).toBe('2026-11-02T10:00:00.000Z');
    expect(grouped[1]).toMatchObject({ testId: 2, prompt: 'A ___ day.', reasons: { 'question-unclear': 1 } });
  });

  it('gives an empty list for no reports', () => {
    expect(groupReports([])).toEqual([]);
  });
});

describe('pageOfItems (what operators get of the grouped reports)', () => {
  const many = (items: number, perItem: number, text = 'x') =>
    groupReports(
      Array.from({ length: items * perItem }, (_, n) =>
        report({ uid: `u${n}`, item: `fills:${Math.floor(n / perItem)}`, section: 'fills', itemId: Math.floor(n / perItem), answer: text, comment: text, prompt: text, reportedAt: new Date(Date.UTC(2026, 10, 1, 0, 0, n)) }),
      ),
    );

  it('answers the asked page of items, with the number of items of every page', () => {
    const list = pageOfItems(many(7, 1), { page: 2, limit: 3 });
    expect(list).toMatchObject({ page: 2, limit: 3, totalItems: 7 });
    expect(list.items.map((i) => i.itemId)).toEqual([3, 4, 5]);
    expect(pageOfItems(many(7, 1), { page: 4, limit: 3 }).items).toEqual([]);
  });

  it('keeps the newest 10 reports of an item, and its count and reasons of all of them', () => {
    const [item] = pageOfItems(many(1, 25), { page: 1, limit: 10 }).items;
    expect(item!.count).toBe(25);
    expect(item!.reasons['answer-should-be-accepted']).toBe(25);
    expect(item!.reports).toHaveLength(10);
    expect(item!.reports[0]!.reportedAt).toBe('2026-11-01T00:00:24.000Z');
  });

  it('cuts a prompt, answer or comment past 300 characters, ending it with …', () => {
    const [item] = pageOfItems(many(1, 1, 'é'.repeat(5000)), { page: 1, limit: 10 }).items;
    for (const text of [item!.prompt, item!.reports[0]!.answer, item!.reports[0]!.comment]) {
      expect(Array.from(text)).toHaveLength(300);
      expect(text.endsWith('…')).toBe(true);
    }
    expect(truncateText('short')).toBe('short');
    // A character outside the BMP is never cut in half.
    expect(truncateText('😀'.repeat(400))).toBe(`${'😀'.repeat(299)}…`);
  });

  it("keeps a full page of the largest reports under NATS's 1 MB payload limit, in the worst characters for JSON", () => {
    // A control character takes 6 bytes in JSON (\u0001), a CJK one 3 in UTF-8.
    for (const text of ['\u0001'.repeat(1000), '字'.repeat(1000)]) {
      const list = pageOfItems(many(20, 30, text), { page: 1, limit: 20 });
      expect(list.items).toHaveLength(20);
      expect(Buffer.byteLength(JSON.stringify(list))).toBeLessThan(900_000);
    }
  });
});
