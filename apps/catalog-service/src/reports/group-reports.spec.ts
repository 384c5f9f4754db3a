import { describe, expect, it } from 'vitest';
import type { ItemReport } from './item-report.schema';
import { groupReports } from './group-reports';

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
