import { describe, expect, it } from 'vitest';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { scoreTest } from '@fluent/scoring';
import type { AssembledTest, TestScore } from '@fluent/contracts';
import { unlistedAnswersOf } from './unlisted-answers';

const test1: AssembledTest = assembleTest(questionBank(), 1)!;
const [first, second, third] = test1.jumbled;
/** The key's words, last two swapped: the item's words in an order the bank does not list. */
const reordered = (answer: string) => {
  const words = answer.replace(/[.?]$/, '').split(' ');
  [words[words.length - 2], words[words.length - 1]] = [words[words.length - 1]!, words[words.length - 2]!];
  return `${words.join(' ')}.`;
};
const blank = { typing: { text: '', elapsedMs: 1 }, sentenceAnswers: [], fillAnswers: [], passageInputs: [], emailInput: '' };

/** A score as a release before `unlistedOrder` stored it: the flag removed from every item. */
function scoredWithoutFlags(jumbledAnswers: string[]): TestScore {
  const score = scoreTest(test1, { ...blank, jumbledAnswers } as never);
  return { ...score, jumbled: { ...score.jumbled, items: score.jumbled.items.map(({ unlistedOrder: _old, ...item }) => item) } };
}

describe('unlistedAnswersOf', () => {
  const record = (score: TestScore, questions: AssembledTest = test1) => ({ _id: 'attempt-1', uid: 'learner-1', score, questions });

  it('finds a wrong answer that uses exactly the item’s words, from the stored questions (no unlistedOrder flag needed)', () => {
    const order = reordered(second!.answer);
    const score = scoredWithoutFlags(['', order, '']);
    expect(score.jumbled.items[1]).toEqual({ id: second!.id, answer: order, correct: false });
    expect(unlistedAnswersOf(record(score))).toEqual([{ itemId: second!.id, order: order.replace(/\.$/, '').toLowerCase(), attemptId: 'attempt-1', uid: 'learner-1' }]);
  });

  it('leaves out right answers, blanks, and answers with other words', () => {
    const score = scoredWithoutFlags([first!.answer, '', `${third!.answer.replace(/[.?]$/, '')} again.`]);
    expect(unlistedAnswersOf(record(score))).toEqual([]);
  });

  it('checks each answer against the item it was asked as, not another position’s item', () => {
    const order = reordered(second!.answer);
    const score = scoredWithoutFlags(['', order, '']);
    const shuffled: AssembledTest = { ...test1, jumbled: [second!, first!, ...test1.jumbled.slice(2)] };
    expect(unlistedAnswersOf(record(score, shuffled))).toEqual([]);
  });
});
