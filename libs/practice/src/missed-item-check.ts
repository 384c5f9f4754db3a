import type { FillItem, JumbledItem, SentenceItem } from '@fluent/contracts';
import { isFillCorrect, isJumbledCorrect, isSentenceCorrect, NO_ACCEPTED_ORDERS, type AcceptedOrders } from '@fluent/scoring';

/** The bank item behind a missed-item card, with its answers (read on the server only). */
export type MissedItem =
  | { section: 'sentence'; item: SentenceItem }
  | { section: 'fill'; item: FillItem }
  | { section: 'jumbled'; item: JumbledItem };

/**
 * Is the learner's answer to a missed item right now? Checked exactly as the test checks it
 * (libs/scoring), accepted jumbled orders included, so practice never marks right what the test
 * marked wrong or the other way round.
 */
export function isMissedItemCorrect(missed: MissedItem, answer: string, accepted: AcceptedOrders = NO_ACCEPTED_ORDERS): boolean {
  switch (missed.section) {
    case 'sentence':
      return isSentenceCorrect(missed.item, answer);
    case 'fill':
      return isFillCorrect(missed.item, answer);
    case 'jumbled':
      return isJumbledCorrect(missed.item, answer, accepted);
  }
}
