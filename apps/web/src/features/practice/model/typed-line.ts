import { scoreTyping, typedWords, type TypingScore } from '@fluent/scoring';

/** The line the learner types: the due words in the session's order, one space apart. */
export const lineOf = (words: readonly string[]): string => words.join(' ');

/**
 * What the learner typed for each word of the line, by position, as the typing section compares
 * words ('' for a word not reached). Each becomes that word's own review.
 */
export function answersFor(words: readonly string[], typed: string): string[] {
  const given = typedWords(typed);
  return words.map((_, i) => given[i] ?? '');
}

/** The line's time shared out over its words (each review says how long its card took). */
export const elapsedPerWord = (elapsedMs: number, words: number): number => Math.round(elapsedMs / Math.max(words, 1));

/** Accuracy and WPM of the typed line, by the typing section's own rules (libs/scoring). */
export const lineFigures = (words: readonly string[], typed: string, elapsedMs: number): TypingScore => scoreTyping(lineOf(words), typed, elapsedMs);
