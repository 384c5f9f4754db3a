// @ts-check
import { describe, expect, it } from 'vitest';
import { figuresOf } from './migrate.mjs';

describe('migrate: old-shape attempts', () => {
  it('keeps the figures the dashboard shows, and nothing else of the score', () => {
    const score = {
      typing: { wpm: 41, accuracy: 97 },
      typingDetail: { consistency: 80 },
      sentences: { correct: 7, total: 10, items: [{ id: 's1', correct: true }] },
      fills: { correct: 8, total: 10, items: [] },
      jumbled: { correct: 9, total: 15, items: [] },
      passages: [{ words: 40 }],
      email: { words: 120 },
      total: { correct: 24, total: 35 },
    };
    expect(figuresOf(score)).toEqual({
      wpm: 41,
      accuracy: 97,
      sections: { sentences: { correct: 7, total: 10 }, fills: { correct: 8, total: 10 }, jumbled: { correct: 9, total: 15 } },
      total: { correct: 24, total: 35 },
    });
  });
});
