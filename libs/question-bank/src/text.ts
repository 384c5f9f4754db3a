/** Small text measures the content rules and the statistics share. */

export const BLANK = '___';

export function words(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean);
}

/** Counted the way the results screen counts a learner's writing. */
export { wordCount } from '@fluent/scoring';

/** Sentences as written: runs of text ending in . ! or ? (the content avoids abbreviations with dots). */
export function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]+/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

/** How many times the blank marker appears. */
export function blankCount(question: string): number {
  return question.split(BLANK).length - 1;
}

/** Lower case, straight apostrophes, letters/digits/apostrophes only, single spaces: for comparing texts. */
export function comparable(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .toLowerCase()
    .replace(/[^a-z0-9'\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a sentence as a learner would type them, without the final . or ?. */
export function sentenceWords(sentence: string): string[] {
  return words(sentence.replace(/[.?!]\s*$/, ''));
}

/** The pieces of a jumbled item, in the order shown. */
export function jumbledPieces(jumbled: string): string[] {
  return jumbled.split('/');
}

const sortedLower = (list: string[]): string[] => list.map((w) => w.toLowerCase()).sort();

/** True when both lists hold the same words, ignoring case and order. */
export function sameWords(a: string[], b: string[]): boolean {
  const x = sortedLower(a);
  const y = sortedLower(b);
  return x.length === y.length && x.every((w, i) => w === y[i]);
}

/** How many words already sit where the answer has them (case-insensitive). */
export function wordsInPlace(pieces: string[], answerWords: string[]): number {
  return pieces.reduce((n, piece, i) => (piece.toLowerCase() === answerWords[i]?.toLowerCase() ? n + 1 : n), 0);
}
