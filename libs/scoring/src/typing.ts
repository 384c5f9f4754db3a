/** Typing section scoring, exactly as docs/product.md#typing defines it. */

export interface TypingScore {
  /** Correct words per minute, rounded. */
  wpm: number;
  /** Correct characters by position as a share of typed characters, in %, rounded. */
  accuracy: number;
}

/** The typed or reference text's words, split at whitespace, as §9 compares them position by position. */
export const typedWords = (text: string): string[] => text.trim().split(/\s+/).filter(Boolean);

/** The minutes a speed divides by: elapsed time counted as at least one second (§9). */
export const elapsedMinutes = (elapsedMs: number): number => Math.max(elapsedMs, 1000) / 60_000;

/** Words that match the reference word at the same position. */
export function correctWords(reference: string, typed: string): number {
  const expected = typedWords(reference);
  return typedWords(typed).reduce((count, word, i) => (word === expected[i] ? count + 1 : count), 0);
}

/** Characters that match the reference character at the same position. */
export function correctCharacters(reference: string, typed: string): number {
  let count = 0;
  for (let i = 0; i < typed.length; i++) if (typed[i] === reference[i]) count++;
  return count;
}

/**
 * WPM = correct words / elapsed minutes (elapsed counted as at least 1 second), rounded.
 * Accuracy = correct characters by position / typed characters × 100, rounded.
 * Empty input scores 0 and 0.
 */
export function scoreTyping(reference: string, typed: string, elapsedMs: number): TypingScore {
  if (typed.length === 0) return { wpm: 0, accuracy: 0 };
  const minutes = elapsedMinutes(elapsedMs);
  return {
    wpm: Math.round(correctWords(reference, typed) / minutes),
    accuracy: Math.round((correctCharacters(reference, typed) / typed.length) * 100),
  };
}
