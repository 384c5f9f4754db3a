import { describe, expect, it } from 'vitest';
import { jumbledOrderKey } from '@fluent/scoring';
import { isMissedItemCorrect } from './missed-item-check';

describe('isMissedItemCorrect', () => {
  it('checks each section as the test does: normalised sentence answers, the fill option, strict jumbled order', () => {
    const sentence = { id: 1, question: 'I ___ tea.', acceptableAnswers: ['drink', 'like'] };
    expect(isMissedItemCorrect({ section: 'sentence', item: sentence }, ' Like. ')).toBe(true);
    expect(isMissedItemCorrect({ section: 'sentence', item: sentence }, 'want')).toBe(false);
    const fill = { id: 2, question: 'She ___ late.', options: ['is', 'are', 'am'] as [string, string, string], answer: 'is' };
    expect(isMissedItemCorrect({ section: 'fill', item: fill }, 'is')).toBe(true);
    expect(isMissedItemCorrect({ section: 'fill', item: fill }, 'are')).toBe(false);
    const jumbled = { id: 3, jumbled: 'late / is / she', answer: 'She is late.' };
    expect(isMissedItemCorrect({ section: 'jumbled', item: jumbled }, 'she is late')).toBe(true);
    expect(isMissedItemCorrect({ section: 'jumbled', item: jumbled }, 'Is she late?')).toBe(false);
  });

  it('counts a jumbled order accepted after review as right', () => {
    const jumbled = { id: 3, jumbled: 'today / she / late / is', answer: 'She is late today.' };
    expect(isMissedItemCorrect({ section: 'jumbled', item: jumbled }, 'Today she is late.')).toBe(false);
    expect(isMissedItemCorrect({ section: 'jumbled', item: jumbled }, 'Today she is late.', new Map([[3, [jumbledOrderKey('Today she is late.')]]]))).toBe(true);
  });
});
