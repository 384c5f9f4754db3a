import type { TestScore } from '@fluent/contracts';
import { describe, expect, it } from 'vitest';
import { jumbledOrderKey } from './jumbled-orders';
import { applyAcceptedOrder } from './rescore';

const unlisted = 'We suggested that she try the new Thai restaurant.';
const score: TestScore = {
  typing: { wpm: 40, accuracy: 95 },
  sentences: { correct: 1, total: 1, items: [{ id: 1, answer: 'went', correct: true }] },
  fills: { correct: 0, total: 1, items: [{ id: 1, answer: '', correct: false }] },
  jumbled: {
    correct: 1,
    total: 3,
    items: [
      { id: 4, answer: 'We walk to the park.', correct: true },
      { id: 5, answer: 'park the', correct: false },
      { id: 7, answer: unlisted, correct: false, unlistedOrder: true },
    ],
  },
  passages: [],
  email: { wordCount: 0 },
  total: { correct: 2, total: 5 },
};
const accepted = { itemId: 7, order: jumbledOrderKey(unlisted) };

describe('applyAcceptedOrder (rescoring one stored attempt)', () => {
  it('marks the item right after review, adds one to its section and the total, and names the item by its number on the results page', () => {
    const rescored = applyAcceptedOrder(score, accepted)!;
    expect(rescored.score.jumbled.items[2]).toEqual({ id: 7, answer: unlisted, correct: true, acceptedAfterReview: true });
    expect(rescored.score.jumbled.correct).toBe(2);
    expect(rescored.score.total).toEqual({ correct: 3, total: 5 });
    expect(rescored.score.sentences).toBe(score.sentences);
    expect(rescored.note).toEqual({ section: 'jumbled', itemId: 7, itemNumber: 3, points: 1 });
  });

  it('changes nothing when applied a second time', () => {
    const once = applyAcceptedOrder(score, accepted)!;
    expect(applyAcceptedOrder(once.score, accepted)).toBeUndefined();
  });

  it('changes nothing for another answer, another item, or an item the attempt did not ask', () => {
    expect(applyAcceptedOrder(score, { itemId: 7, order: jumbledOrderKey('She suggested that we try the new Thai restaurant') })).toBeUndefined();
    expect(applyAcceptedOrder(score, { itemId: 5, order: accepted.order })).toBeUndefined();
    expect(applyAcceptedOrder(score, { itemId: 99, order: accepted.order })).toBeUndefined();
  });
});
