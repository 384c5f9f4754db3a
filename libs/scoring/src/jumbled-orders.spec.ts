import { describe, expect, it } from 'vitest';
import { isJumbledCorrect } from './answers';
import { jumbledOrderKey, sentenceForOrder, usesSameWords } from './jumbled-orders';
import { scoreTest } from './score-test';
import type { AssembledTest, JumbledItem, TestAnswers } from '@fluent/contracts';

/** A test asking only the given jumbled items. */
const testOf = (jumbled: JumbledItem[]): AssembledTest => ({
  testId: 1,
  level: 'Easy',
  typing: { id: 1, paragraph: 'Type this.' },
  sentences: [],
  fills: [],
  jumbled,
  passages: [],
  email: { id: 1, prompt: 'Write.' },
});
const blankAnswers = (): TestAnswers => ({ typing: { text: '', elapsedMs: 0 }, sentenceAnswers: [], fillAnswers: [], jumbledAnswers: [], passageInputs: [], emailInput: '' });

const thai = { id: 7, jumbled: 'try/Thai/we/the/new/suggested/restaurant/that/she', answer: 'She suggested that we try the new Thai restaurant.' };

describe('usesSameWords (docs/development.md#learners-correct-the-bank: the same-words rule)', () => {
  it('holds for another order of exactly the words, whatever the case, commas and final punctuation', () => {
    expect(usesSameWords(thai, 'We suggested that she try the new Thai restaurant.')).toBe(true);
    expect(usesSameWords(thai, 'we SUGGESTED that she try the new thai restaurant')).toBe(true);
    expect(usesSameWords(thai, 'We suggested, that she try the new Thai restaurant?!')).toBe(true);
  });

  it('counts each word as often as the key has it (a multiset, not a set)', () => {
    const item = { answer: 'The physiotherapist advised her to rest her injured back.' };
    expect(usesSameWords(item, 'The injured physiotherapist advised her to rest her back.')).toBe(true);
    // "her" once and "the" twice: the same set of words, not the same multiset.
    expect(usesSameWords(item, 'The injured physiotherapist advised the to rest her back.')).toBe(false);
  });

  it('fails for a missing, an extra or a changed word, another mark inside the sentence, and a blank', () => {
    expect(usesSameWords(thai, 'We suggested she try the new Thai restaurant.')).toBe(false);
    expect(usesSameWords(thai, 'We suggested that she try the new Thai restaurant today.')).toBe(false);
    expect(usesSameWords(thai, 'We suggested that she tried the new Thai restaurant.')).toBe(false);
    expect(usesSameWords(thai, 'We suggested that she try? the new Thai restaurant')).toBe(false);
    expect(usesSameWords(thai, '')).toBe(false);
  });
});

describe('jumbledOrderKey and isJumbledCorrect with orders accepted after review', () => {
  it('keys an order as scoring compares it', () => {
    expect(jumbledOrderKey('  We suggested, that she  try the new Thai restaurant. ')).toBe('we suggested that she try the new thai restaurant');
  });

  it('accepts an order listed in the overlay for that item only', () => {
    const order = jumbledOrderKey('We suggested that she try the new Thai restaurant.');
    expect(isJumbledCorrect(thai, 'We suggested that she try the new Thai restaurant')).toBe(false);
    expect(isJumbledCorrect(thai, 'We suggested that she try the new Thai restaurant', new Map([[7, [order]]]))).toBe(true);
    expect(isJumbledCorrect(thai, 'We suggested that she try the new Thai restaurant', new Map([[8, [order]]]))).toBe(false);
  });
});

describe('scoreTest marks the unlisted orders', () => {
  const test = testOf([thai]);
  const answers = (jumbled: string) => ({ ...blankAnswers(), jumbledAnswers: [jumbled] });

  it('marks a wrong answer of the same words unlistedOrder, and neither a right one nor other words', () => {
    expect(scoreTest(test, answers('We suggested that she try the new Thai restaurant.')).jumbled.items[0]).toMatchObject({ correct: false, unlistedOrder: true });
    expect(scoreTest(test, answers('She suggested that we try the new Thai restaurant.')).jumbled.items[0]).not.toHaveProperty('unlistedOrder');
    expect(scoreTest(test, answers('We suggested the restaurant.')).jumbled.items[0]).not.toHaveProperty('unlistedOrder');
  });

  it('scores an order accepted after review right, and no longer unlisted', () => {
    const accepted = new Map([[7, [jumbledOrderKey('We suggested that she try the new Thai restaurant')]]]);
    const score = scoreTest(test, answers('We suggested that she try the new Thai restaurant.'), accepted);
    expect(score.jumbled.items[0]).toEqual({ id: 7, answer: 'We suggested that she try the new Thai restaurant.', correct: true });
    expect(score.jumbled.correct).toBe(1);
  });
});

describe('sentenceForOrder (the sentence the bank lists for an accepted order)', () => {
  it("writes each word as the item does, capitalises the first and keeps the learner's ending", () => {
    expect(sentenceForOrder(thai, 'we suggested that she try the new thai restaurant')).toBe('We suggested that she try the new Thai restaurant.');
    const bridge = { jumbled: 'designed/Italian/a/engineer/was/famous/bridge/by/the', answer: 'The bridge was designed by a famous Italian engineer.' };
    expect(sentenceForOrder(bridge, 'was the bridge designed by a famous italian engineer?')).toBe('Was the bridge designed by a famous Italian engineer?');
  });
});
