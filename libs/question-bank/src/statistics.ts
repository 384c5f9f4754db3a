import { TEST_COUNT, testLevel, type TestLevel } from '@fluent/contracts';
import type { QuestionBank } from './bank';
import { assembleTest } from './assemble-test';
import { sentencesOf, words } from './text';

/**
 * Measures that make a test's difficulty visible: how long its sentences are and how rare its
 * words are in everyday English (by a word-frequency list handed in by the caller).
 */

/** Where a word sits in a frequency list (1 = most common); undefined when not listed. */
export type RankOf = (word: string) => number | undefined;

/** Words beyond this rank count as less common vocabulary. */
export const COMMON_WORDS = 3000;

export interface TextStatistics {
  sentences: number;
  /** Mean words per sentence. */
  meanSentenceWords: number;
  /** Share (%) of word tokens outside the COMMON_WORDS most frequent. */
  rareWordShare: number;
}

/** A rank lookup from a list sorted by frequency (most common first), case-insensitive. */
export function rankTable(list: readonly { word: string }[]): RankOf {
  const ranks = new Map<string, number>();
  list.forEach(({ word }, i) => {
    const key = word.toLowerCase();
    if (!ranks.has(key)) ranks.set(key, i + 1);
  });
  return (word) => ranks.get(word.toLowerCase());
}

/** Word tokens for the frequency measure: letters only; "don't" counts as "don", as the list has it. */
function tokens(text: string): string[] {
  return (text.replaceAll('___', ' ').match(/[A-Za-z]+(?:'[A-Za-z]+)?/g) ?? []).map((w) => w.split("'")[0]!.toLowerCase());
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

export function textStatistics(texts: string[], rankOf: RankOf): TextStatistics {
  const sentences = texts.flatMap((t) => {
    const found = sentencesOf(t);
    return found.length > 0 ? found : [t];
  });
  const wordTotal = sentences.reduce((n, s) => n + words(s).length, 0);
  const all = texts.flatMap(tokens);
  const rare = all.filter((w) => (rankOf(w) ?? Number.POSITIVE_INFINITY) > COMMON_WORDS).length;
  return {
    sentences: sentences.length,
    meanSentenceWords: sentences.length === 0 ? 0 : round1(wordTotal / sentences.length),
    rareWordShare: all.length === 0 ? 0 : round1((rare / all.length) * 100),
  };
}

/** The texts of one test whose difficulty the learner meets (instructions excluded). */
export function testTexts(bank: QuestionBank, testId: number): string[] {
  const test = assembleTest(bank, testId, { warn: () => undefined, error: () => undefined });
  if (!test) return [];
  return [
    test.typing.paragraph,
    ...test.sentences.map((s) => s.question),
    ...test.fills.map((f) => f.question),
    ...test.jumbled.map((j) => j.answer),
    ...test.passages.map((p) => p.sentences),
  ];
}

export interface TestStatistics extends TextStatistics {
  testId: number;
  level: TestLevel;
}

export function perTestStatistics(bank: QuestionBank, rankOf: RankOf): TestStatistics[] {
  return Array.from({ length: TEST_COUNT }, (_, i) => {
    const testId = i + 1;
    return { testId, level: testLevel(testId), ...textStatistics(testTexts(bank, testId), rankOf) };
  });
}

export type LevelStatistics = Record<TestLevel, TextStatistics & { tests: number[] }>;

export function perLevelStatistics(bank: QuestionBank, rankOf: RankOf): LevelStatistics {
  const levels: TestLevel[] = ['Easy', 'Moderate', 'Hard'];
  return Object.fromEntries(
    levels.map((level) => {
      const tests = Array.from({ length: TEST_COUNT }, (_, i) => i + 1).filter((id) => testLevel(id) === level);
      return [level, { tests, ...textStatistics(tests.flatMap((id) => testTexts(bank, id)), rankOf) }];
    }),
  ) as LevelStatistics;
}
