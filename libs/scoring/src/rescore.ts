import type { ReviewNote, TestScore } from '@fluent/contracts';
import { jumbledOrderKey } from './jumbled-orders';

export interface AcceptedOrder {
  itemId: number;
  /** In jumbledOrderKey form. */
  order: string;
}

export interface Rescored {
  score: TestScore;
  note: ReviewNote;
}

/**
 * One stored attempt's score once an order of a jumbled item is accepted: the item marked right
 * (and `acceptedAfterReview`), its section and the total one more, and the note the learner reads.
 * Undefined when nothing changes: the attempt did not ask the item, gave another answer, or the
 * item is already right (so applying an accepted order twice changes nothing the second time).
 */
export function applyAcceptedOrder(score: TestScore, accepted: AcceptedOrder): Rescored | undefined {
  const index = score.jumbled.items.findIndex((item) => item.id === accepted.itemId);
  const item = score.jumbled.items[index];
  if (!item || item.correct || jumbledOrderKey(item.answer) !== accepted.order) return undefined;
  const items = score.jumbled.items.map((it, i) => {
    if (i !== index) return it;
    const { unlistedOrder: _listedNow, ...rest } = it;
    return { ...rest, correct: true, acceptedAfterReview: true as const };
  });
  return {
    score: {
      ...score,
      jumbled: { ...score.jumbled, correct: score.jumbled.correct + 1, items },
      total: { ...score.total, correct: score.total.correct + 1 },
    },
    note: { section: 'jumbled', itemId: accepted.itemId, itemNumber: index + 1, points: 1 },
  };
}
