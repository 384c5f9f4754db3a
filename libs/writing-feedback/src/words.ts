import lemmatizer from 'wink-lemmatizer';
import stem from 'wink-porter2-stemmer';
import { STOP_WORDS } from '@fluent/scoring';

/** A word of a text with where it stands (UTF-16 offsets, as JavaScript and LanguageTool count). */
export interface Token {
  word: string;
  /** Lower case, straight apostrophe. */
  lower: string;
  offset: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** A word as the checks compare it: lower case, a curly apostrophe straight ("Don’t" → "don't"). */
export const lowerWord = (word: string): string => word.toLowerCase().replace(/’/g, "'");

export function tokens(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0], lower: lowerWord(m[0]), offset: m.index }));
}

export function wordCount(text: string): number {
  return tokens(text).length;
}

/**
 * The key two forms of a word share when they are the same word: the verb lemma when the word
 * is an inflected verb ("went" → "go"), else the noun lemma ("children" → "child"), then the Porter2
 * stem ("carried" → "carri" ← "carry"). Lemmas catch irregular forms a stemmer misses, the stem
 * the regular ones a lemmatizer does not know. Possessive and contracted endings are dropped.
 */
export function wordKey(lower: string): string {
  const bare = lower.replace(/'(s|re|ve|ll|d|m|t)$/, '');
  const verb = lemmatizer.verb(bare);
  const lemma = verb !== bare ? verb : lemmatizer.noun(bare);
  return stem(lemma);
}

export function isContentWord(lower: string): boolean {
  return !STOP_WORDS.has(lower) && !/^\d+$/.test(lower) && lower.length > 1;
}

/** Keys of a text's content words, in order (repeats kept). */
export function contentKeys(text: string): string[] {
  return tokens(text)
    .filter((t) => isContentWord(t.lower))
    .map((t) => wordKey(t.lower));
}

/** A sentence of a text, trimmed, with where it starts (UTF-16 code units, as issue offsets count). */
export interface SentenceSpan {
  text: string;
  start: number;
}

/**
 * Sentences as written, with their offsets: runs ending in . ! ? or a line break; a last run
 * without an end counts too; a run without a word is none. The one place a text is cut into
 * sentences, so feedback, the passage comparison and practice cards cut it alike.
 */
export function sentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  for (const match of text.matchAll(/[^.!?\n]+(?:[.!?]+|\n|$)/g)) {
    const raw = match[0];
    const sentence = raw.trim();
    if (tokens(sentence).length > 0) spans.push({ text: sentence, start: match.index + raw.length - raw.trimStart().length });
  }
  return spans;
}

/** Sentences as written (see sentenceSpans). */
export function sentences(text: string): string[] {
  return sentenceSpans(text).map((span) => span.text);
}

/** Paragraphs: blocks separated by a blank line, or by a line break when there is no blank line. */
export function paragraphs(text: string): string[] {
  const blocks = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const source = blocks.length > 1 ? blocks : text.split(/\n/).map((p) => p.trim()).filter(Boolean);
  return source.filter((p) => tokens(p).length > 0);
}

export const round = (n: number): number => Math.round(n);
export const round1 = (n: number): number => Math.round(n * 10) / 10;
export const clamp = (n: number, low = 0, high = 100): number => Math.min(high, Math.max(low, n));
