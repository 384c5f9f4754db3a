import type { FillItem, JumbledItem, SentenceItem } from '@fluent/contracts';
import { normaliseAnswer } from './normalise';
import { acceptedOrderKeys, jumbledOrderKey, NO_ACCEPTED_ORDERS, type AcceptedOrders } from './jumbled-orders';

/** Sentence completion: right when the answer equals any acceptable answer, normalised. */
export function isSentenceCorrect(item: Pick<SentenceItem, 'acceptableAnswers'>, answer: string): boolean {
  const given = normaliseAnswer(answer);
  return given !== '' && item.acceptableAnswers.some((accepted) => normaliseAnswer(accepted) === given);
}

/** Fill in the blanks: right when the chosen option is the answer. */
export function isFillCorrect(item: Pick<FillItem, 'answer'>, answer: string): boolean {
  const given = normaliseAnswer(answer);
  return given !== '' && normaliseAnswer(item.answer) === given;
}

/**
 * Jumbled words: right when the sentence equals the answer, a listed alternative or an order
 * accepted after review (`accepted`, the overlay beside the bank), ignoring case, spacing, the
 * final punctuation and commas; the order of the words is strict.
 * Commas are the learner's own: the jumbled words carry none, and a fronted clause or a moved
 * reporting clause ("To open an account, …", "…, the mechanic said") is right with or without one.
 */
export function isJumbledCorrect(item: Pick<JumbledItem, 'answer' | 'alternatives'> & { id?: number }, answer: string, accepted: AcceptedOrders = NO_ACCEPTED_ORDERS): boolean {
  const given = jumbledOrderKey(answer);
  if (given === '') return false;
  return acceptedOrderKeys({ id: item.id ?? -1, answer: item.answer, alternatives: item.alternatives }, accepted).has(given);
}
