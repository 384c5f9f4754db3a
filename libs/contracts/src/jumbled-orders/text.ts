/**
 * Learners correct the bank (docs/development.md#learners-correct-the-bank): a jumbled answer that
 * uses exactly the item's words but is not an order we accept yet can be sent for review in one
 * tap; operators accept or refuse each order once, and an accepted order rescores every stored
 * attempt that gave it. The words here; the schemas in schemas.ts (the results page does not load
 * the validation library for them).
 */

/** What the results page says under such an answer. */
export const UNLISTED_ORDER_NOTE = 'Your sentence uses all the words but is not one we accept yet';
/** The one-tap claim: files an item report with the learner's order. */
export const CLAIM_ORDER_BUTTON = 'I think my sentence is correct';
/** Once the claim is stored (or was stored before). */
export const CLAIM_ORDER_SENT = 'Sent for review. If we accept your sentence, your score will change here.';

/** The note on the results page and the dashboard once an order was accepted. */
export const acceptedAfterReviewNote = (itemNumber: number, points: number): string => `Your answer to item ${itemNumber} was accepted after review: +${points}`;

export const JUMBLED_ORDER_DECISIONS = ['accept', 'refuse'] as const;
export type JumbledOrderDecision = (typeof JUMBLED_ORDER_DECISIONS)[number];

export const JumbledOrderErrors = {
  unknownItem: 'There is no jumbled item with that id.',
  notSameWords: 'That order does not use exactly the words of the item.',
  alreadyListed: 'That order is already accepted for the item.',
  decidedOtherwise: 'That order was already decided otherwise.',
  notAnnounced: 'The decision is stored but the rescoring could not be started. Send the same decision again.',
} as const;

/** The operators' list of orders: at most this many reports are read, and pages of these sizes. */
export const JUMBLED_ORDER_LIST_READ = 5000;
export const JUMBLED_ORDER_LIST_PAGE_MAX = 50;
export const JUMBLED_ORDER_LIST_PAGE_DEFAULT = 20;
/** An order is a sentence of an item's words: no item comes near this. */
export const JUMBLED_ORDER_MAX = 300;
