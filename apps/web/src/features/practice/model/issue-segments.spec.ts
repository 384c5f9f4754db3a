import { describe, expect, it } from 'vitest';
import { daysUntil, issueSegments } from './issue-segments';

describe('issueSegments: the sentence cut at its issues', () => {
  it('marks each issue and keeps the text between them', () => {
    const sentence = 'I has went to the library.';
    expect(issueSegments(sentence, [{ offset: 2, length: 3 }, { offset: 6, length: 4 }])).toEqual([
      { text: 'I ' },
      { text: 'has', issue: 0 },
      { text: ' ' },
      { text: 'went', issue: 1 },
      { text: ' to the library.' },
    ]);
  });

  it('numbers issues by their place in the list even when given out of order, and clips overlaps and overruns', () => {
    const segments = issueSegments('abcdef', [{ offset: 4, length: 9 }, { offset: 0, length: 3 }, { offset: 2, length: 2 }]);
    expect(segments).toEqual([{ text: 'abc', issue: 1 }, { text: 'd', issue: 2 }, { text: 'ef', issue: 0 }]);
    expect(segments.map((s) => s.text).join('')).toBe('abcdef');
  });
});

describe('daysUntil: when a card comes back, in calendar days', () => {
  const now = new Date(2026, 10, 26, 23, 30);
  it('counts days between the dates, not 24-hour periods', () => {
    expect(daysUntil(new Date(2026, 10, 27, 0, 10), now)).toBe(1);
    expect(daysUntil(new Date(2026, 10, 26, 23, 50), now)).toBe(0);
    expect(daysUntil(new Date(2026, 11, 3, 9, 0), now)).toBe(7);
  });
});
