import type { AssembledTest, TestAnswers } from '@fluent/contracts';
import { describe, expect, it } from 'vitest';
import { scoreTest } from './score-test';

const test: AssembledTest = {
  testId: 1,
  level: 'Easy',
  typing: { id: 1, paragraph: 'We walk to the park.' },
  sentences: [
    { id: 1, question: 'She ___ (go) home.', acceptableAnswers: ['went'] },
    { id: 2, question: 'I live ___ Rome.', acceptableAnswers: ['in'] },
  ],
  fills: [{ id: 1, question: 'It is ___ today.', options: ['sunny', 'sun', 'suns'], answer: 'sunny' }],
  jumbled: [{ id: 1, jumbled: 'park/we/to/walk/the', answer: 'We walk to the park.' }],
  passages: [{ id: 1, sentences: 'Tom bought fresh bread. He shared it with neighbours.' }],
  email: { id: 1, prompt: 'Write to your manager.' },
};

const answers: TestAnswers = {
  typing: { text: 'We walk to the park.', elapsedMs: 10_000 },
  sentenceAnswers: ['Went', ''],
  fillAnswers: ['sunny'],
  jumbledAnswers: ['we walk the to park'],
  passageInputs: ['Tom bought bread'],
  emailInput: 'Dear Ms Lee, I am writing to ask for a day off.',
};

describe('scoreTest', () => {
  const score = scoreTest(test, answers);

  it('scores typing, and sections 2-4 item by item', () => {
    expect(score.typing).toEqual({ wpm: 30, accuracy: 100 });
    expect(score.sentences).toEqual({
      correct: 1,
      total: 2,
      items: [
        { id: 1, answer: 'Went', correct: true },
        { id: 2, answer: '', correct: false },
      ],
    });
    expect(score.fills.correct).toBe(1);
    expect(score.jumbled.correct).toBe(0);
    expect(score.total).toEqual({ correct: 2, total: 4 });
  });

  it('gives passages and the email a word count and a guide, not a grade', () => {
    // Content words of the passage: tom bought fresh bread shared neighbours -> 3 of 6 kept.
    expect(score.passages).toEqual([{ id: 1, wordCount: 3, contentOverlap: 50 }]);
    expect(score.email).toEqual({ wordCount: 12 });
  });

  it('treats missing answers as blank', () => {
    const empty = scoreTest(test, { ...answers, sentenceAnswers: [], fillAnswers: [], jumbledAnswers: [], passageInputs: [] });
    expect(empty.sentences.items.map((i) => i.answer)).toEqual(['', '']);
    expect(empty.total.correct).toBe(0);
  });

  it('adds the typing detail only with a timeline, leaving the WPM and accuracy of docs/product.md#typing as they were', () => {
    expect(score.typingDetail).toBeUndefined();
    const timeline: Array<[number, number]> = [[2_000, 7], [4_000, 5], [10_000, 20]];
    const timed = scoreTest(test, { ...answers, typing: { ...answers.typing, timeline } });
    expect(timed.typing).toEqual(score.typing);
    expect(timed.typingDetail).toMatchObject({ rawWpm: 26, netWpm: 24, errorsCorrected: 2, errorsLeft: 0 });
    expect(timed.typingDetail?.perSecond).toHaveLength(10);
  });
});
