import type { JumbledItem } from '@fluent/contracts';
import { normaliseAnswer } from './normalise';

/**
 * The form a jumbled sentence is compared in: lower case, spacing collapsed, curly apostrophes
 * straight, commas and the final punctuation dropped (the jumbled words carry none; a learner's
 * comma or full stop never decides a mark). Two sentences are the same order when their keys are
 * equal; accepted orders are stored under this key.
 */
export const jumbledOrderKey = (sentence: string): string => normaliseAnswer(sentence.replaceAll(',', ' '));

/** The words of a sentence as jumbledOrderKey compares them, sorted (a multiset). */
const sortedWords = (sentence: string): string[] =>
  jumbledOrderKey(sentence)
    .split(' ')
    .filter(Boolean)
    .sort();

/**
 * Does the answer use exactly the item's words: every word of the key, each as often, and no
 * other (case, commas and the final punctuation do not count, as in scoring; any other mark,
 * such as a question mark inside the sentence, makes a different word)?
 */
export function usesSameWords(item: Pick<JumbledItem, 'answer'>, answer: string): boolean {
  const given = sortedWords(answer);
  const key = sortedWords(item.answer);
  return given.length > 0 && given.length === key.length && given.every((word, i) => word === key[i]);
}

/** Orders accepted after review, by item id, in jumbledOrderKey form (the overlay beside the bank). */
export type AcceptedOrders = ReadonlyMap<number, readonly string[]>;
export const NO_ACCEPTED_ORDERS: AcceptedOrders = new Map();

/** Every order an item accepts: its key, its listed alternatives and the orders accepted after review. */
export function acceptedOrderKeys(item: Pick<JumbledItem, 'id' | 'answer' | 'alternatives'>, accepted: AcceptedOrders = NO_ACCEPTED_ORDERS): Set<string> {
  return new Set([item.answer, ...(item.alternatives ?? [])].map(jumbledOrderKey).concat(accepted.get(item.id) ?? []));
}

/**
 * The sentence the bank lists for an accepted order: the learner's words in their order, each
 * written as the item writes it (so "Thai" and "I" keep their capitals), the first capitalised,
 * ending as the learner ended it (a question mark turns a statement into a question) or, without
 * an ending, as the key does.
 */
export function sentenceForOrder(item: Pick<JumbledItem, 'jumbled' | 'answer'>, learnerSentence: string): string {
  const forms = new Map<string, string>();
  const keyWords = item.answer.replace(/[.!?]+\s*$/, '').replaceAll(',', ' ').split(/\s+/).filter(Boolean);
  // The jumbled pieces keep a proper noun's capital but not the first word's; the key's other words do too.
  for (const word of [...keyWords.slice(1), ...item.jumbled.split(/[\s/]+/).filter(Boolean)]) forms.set(word.toLowerCase(), word);
  const words = jumbledOrderKey(learnerSentence).split(' ').filter(Boolean).map((word) => forms.get(word) ?? word);
  if (words.length === 0) return '';
  const first = words[0]!;
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  const ending = /([.!?])\s*$/.exec(learnerSentence.trim())?.[1] ?? /([.!?])\s*$/.exec(item.answer.trim())?.[1] ?? '.';
  return `${words.join(' ')}${ending}`;
}
