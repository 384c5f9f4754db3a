import {
  PRACTICE_ANSWER_MAX_CHARS,
  type AssembledTest,
  type MissedItemCard,
  type PracticeCard,
  type PublicMissedItem,
  type PublicPracticeCard,
} from '@fluent/contracts';
import type { MissedItem } from '@fluent/practice';

/**
 * The bank item a missed-item card asks again, from the assembled test (with its answers: the
 * server's side only). Undefined when the bank no longer has it (the card is then not served).
 */
export function missedItemOf(test: AssembledTest | undefined, card: Pick<MissedItemCard, 'section' | 'itemId'>): MissedItem | undefined {
  if (!test) return undefined;
  switch (card.section) {
    case 'sentence': {
      const item = test.sentences.find((i) => i.id === card.itemId);
      return item && { section: 'sentence', item };
    }
    case 'fill': {
      const item = test.fills.find((i) => i.id === card.itemId);
      return item && { section: 'fill', item };
    }
    case 'jumbled': {
      const item = test.jumbled.find((i) => i.id === card.itemId);
      return item && { section: 'jumbled', item };
    }
  }
}

/** The question without its answers, as the runner asked it. */
export function publicItem(missed: MissedItem): PublicMissedItem {
  switch (missed.section) {
    case 'sentence':
      return { section: 'sentence', id: missed.item.id, question: missed.item.question };
    case 'fill':
      return { section: 'fill', id: missed.item.id, question: missed.item.question, options: missed.item.options };
    case 'jumbled':
      return { section: 'jumbled', id: missed.item.id, jumbled: missed.item.jumbled };
  }
}

/** The right answer, told once the learner has answered (a sentence item's first acceptable answer). */
export function rightAnswer(missed: MissedItem): string {
  return missed.section === 'sentence' ? (missed.item.acceptableAnswers[0] ?? '') : missed.item.answer;
}

/** The longest corrected sentence a review takes: twice the original, at most PRACTICE_ANSWER_MAX_CHARS. */
export function fixMaxLength(sentence: string): number {
  return Math.min(2 * sentence.length, PRACTICE_ANSWER_MAX_CHARS);
}

/** A stored card in its public form; undefined for a missed item the bank no longer has. */
export function toPublicCard(id: string, card: PracticeCard, dueAt: Date, testOf: (testId: number) => AssembledTest | undefined): PublicPracticeCard | undefined {
  const base = { id, skill: card.skill, testId: card.testId, dueAt: dueAt.toISOString() };
  switch (card.kind) {
    case 'missed-item': {
      const missed = missedItemOf(testOf(card.testId), card);
      return missed && { ...base, kind: 'missed-item', item: publicItem(missed), given: card.given };
    }
    case 'fix-sentence':
      return { ...base, kind: 'fix-sentence', section: card.section, sentence: card.sentence, issues: card.issues, maxLength: fixMaxLength(card.sentence) };
    case 'mistyped-words':
      return { ...base, kind: 'mistyped-words', word: card.word, typed: card.typed };
  }
}
