import type { FixSentenceSection, MissedItemSection } from '@fluent/contracts';

/**
 * A card's key, unique per learner and made from its source alone, so building the cards of the
 * same event twice gives the same keys and the store's upsert by (learner, key) adds nothing.
 * - A missed item is one card however many attempts miss it: item ids are unique in their section
 *   across the bank.
 * - A sentence belongs to one attempt's text.
 * - A word is one card whichever attempt mistyped it (compared in lower case).
 */
export const missedItemKey = (section: MissedItemSection, itemId: number): string => `missed:${section}:${itemId}`;

export const fixSentenceKey = (attemptId: string, section: FixSentenceSection, textIndex: number, sentenceIndex: number): string =>
  `fix:${attemptId}:${section}:${textIndex}:${sentenceIndex}`;

export const mistypedWordKey = (word: string): string => `typed:${word.toLowerCase()}`;
