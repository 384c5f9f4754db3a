// Properties of the functions that read a learner's free text (answer normalisation, the three
// auto-marked sections, jumbled words, the whole test's score): no string makes them throw, and
// every figure stays in its bounds. The typing timeline and the writing figures have theirs beside
// them (typing-detail.spec.ts, typing.spec.ts, writing.spec.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jumbledForDisplay, type AssembledTest, type TestAnswers } from '@fluent/contracts';
import { isFillCorrect, isJumbledCorrect, isSentenceCorrect } from './answers';
import { normaliseAnswer, wordsOf } from './normalise';
import { scoreTest } from './score-test';

/** Any string, including lone surrogates, control characters and long whitespace runs. */
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '.', ',', '!', '?', '/', 'a', "'", '\u2019'), maxLength: 60 }));

describe('answer normalisation', () => {
  it('never throws, is idempotent, and leaves no outer space, case or final punctuation', () => {
    fc.assert(
      fc.property(text, (s) => {
        const n = normaliseAnswer(s);
        expect(normaliseAnswer(n)).toBe(n);
        expect(n).toBe(n.trim());
        expect(n).toBe(n.toLowerCase());
        expect(n).not.toMatch(/[\s.,!?;:]$/);
        expect(n).not.toMatch(/\s\s/);
        expect(n.length).toBeLessThanOrEqual(s.length);
      }),
    );
  });

  it('splits into non-empty words without spaces', () => {
    fc.assert(fc.property(text, (s) => wordsOf(s).every((word) => word.length > 0 && !/\s/.test(word))));
  });
});

describe('auto-marked answers', () => {
  it('never throw on any answer or item text, and an empty answer is never right', () => {
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 4 }), text, (answer, accepted, key) => {
        const results = [
          isSentenceCorrect({ acceptableAnswers: accepted }, answer),
          isFillCorrect({ answer: key }, answer),
          isJumbledCorrect({ answer: key, alternatives: accepted }, answer),
        ];
        expect(results.every((r) => typeof r === 'boolean')).toBe(true);
        if (normaliseAnswer(answer.replaceAll(',', ' ')) === '') expect(isJumbledCorrect({ answer: key, alternatives: accepted }, answer)).toBe(false);
        if (normaliseAnswer(answer) === '') expect(results.slice(0, 2)).toEqual([false, false]);
      }),
    );
  });

  it('marks the key itself right, whatever its outer spacing', () => {
    fc.assert(
      fc.property(text, (key) => {
        fc.pre(normaliseAnswer(key.replaceAll(',', ' ')) !== '');
        expect(isJumbledCorrect({ answer: key }, `  ${key}  `)).toBe(true);
        if (normaliseAnswer(key) !== '') expect(isFillCorrect({ answer: key }, ` ${key} `)).toBe(true);
      }),
    );
  });
});

describe('jumbled words', () => {
  it('shows any jumbled string as words without slashes or doubled spaces', () => {
    fc.assert(
      fc.property(text, (jumbled) => {
        const shown = jumbledForDisplay(jumbled);
        expect(shown).toBe(shown.trim());
        expect(shown.split('/').length).toBe(1);
        expect(shown.length).toBeLessThanOrEqual(jumbled.length);
      }),
    );
  });
});

const item = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { minLength: 1, maxLength: 3 });
const testArb: fc.Arbitrary<AssembledTest> = fc.record({
  testId: fc.constant(1),
  level: fc.constant('Easy' as const),
  typing: fc.record({ id: fc.nat(), paragraph: text }),
  sentences: item(fc.record({ id: fc.nat(), question: text, acceptableAnswers: fc.array(text, { maxLength: 3 }) })),
  fills: item(fc.record({ id: fc.nat(), question: text, options: fc.tuple(text, text, text), answer: text })),
  jumbled: item(fc.record({ id: fc.nat(), jumbled: text, answer: text })),
  passages: item(fc.record({ id: fc.nat(), sentences: text })),
  email: fc.record({ id: fc.nat(), prompt: text }),
});
const answersArb: fc.Arbitrary<TestAnswers> = fc.record({
  typing: fc.record(
    {
      text,
      elapsedMs: fc.nat(600_000),
      timeline: fc.array(fc.tuple(fc.nat(600_000), fc.nat(5000)), { maxLength: 30 }),
    },
    { requiredKeys: ['text', 'elapsedMs'] },
  ),
  sentenceAnswers: fc.array(text, { maxLength: 4 }),
  fillAnswers: fc.array(text, { maxLength: 4 }),
  jumbledAnswers: fc.array(text, { maxLength: 4 }),
  passageInputs: fc.array(text, { maxLength: 4 }),
  emailInput: text,
});

describe('a whole test scored', () => {
  it('never throws on any answers, and every count and percentage stays in range', () => {
    fc.assert(
      fc.property(testArb, answersArb, (test, answers) => {
        const score = scoreTest(test, answers);
        for (const section of [score.sentences, score.fills, score.jumbled]) {
          expect(section.correct).toBeGreaterThanOrEqual(0);
          expect(section.correct).toBeLessThanOrEqual(section.total);
        }
        expect(score.total.correct).toBeLessThanOrEqual(score.total.total);
        expect(score.typing.accuracy).toBeGreaterThanOrEqual(0);
        expect(score.typing.accuracy).toBeLessThanOrEqual(100);
        expect(Number.isFinite(score.typing.wpm)).toBe(true);
        for (const passage of score.passages) {
          expect(passage.contentOverlap).toBeGreaterThanOrEqual(0);
          expect(passage.contentOverlap).toBeLessThanOrEqual(100);
          expect(passage.wordCount).toBeGreaterThanOrEqual(0);
        }
        expect(score.email.wordCount).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});
