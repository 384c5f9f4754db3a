import type { Token } from './tag';

/** A noun phrase: an optional determiner or possessive, modifiers, and a head noun (end exclusive). */
export interface NounPhrase {
  start: number;
  end: number;
  /** Index of the determiner/possessive, or -1 for a bare phrase ("beginners", "climbing wall"). */
  det: number;
  /** Indices of the modifiers between the determiner and the head (adjectives, nouns, names). */
  modifiers: number[];
  head: number;
}

const MODIFIER = new Set(['adj', 'noun', 'proper', 'num']);
const HEAD = new Set(['noun', 'proper']);

/** The noun phrases of a sentence, left to right, none overlapping. */
export function nounPhrases(tokens: readonly Token[]): NounPhrase[] {
  const phrases: NounPhrase[] = [];
  let i = 0;
  while (i < tokens.length) {
    const cls = tokens[i]?.cls;
    const det = cls === 'det' || cls === 'poss' ? i : -1;
    let j = det >= 0 ? i + 1 : i;
    while (j < tokens.length && MODIFIER.has(tokens[j]?.cls ?? '')) j++;
    // The head is the last noun of the run; anything after it in the run is left out.
    let head = j - 1;
    while (head >= (det >= 0 ? i + 1 : i) && !HEAD.has(tokens[head]?.cls ?? '')) head--;
    const first = det >= 0 ? i + 1 : i;
    if (head >= first) {
      phrases.push({ start: i, end: head + 1, det, modifiers: range(first, head), head });
      i = head + 1;
    } else {
      i++;
    }
  }
  return phrases;
}

/** A prepositional phrase: a preposition and the noun phrase (with any "of …" after it) it governs. */
export interface Span {
  start: number;
  end: number;
}

export function prepositionalPhrases(tokens: readonly Token[], phrases: readonly NounPhrase[]): Span[] {
  const spans: Span[] = [];
  for (const [i, token] of tokens.entries()) {
    if (token.cls !== 'prep') continue;
    let np = phrases.find((p) => p.start === i + 1);
    if (!np && tokens[i + 1]?.cls === 'pron') np = { start: i + 1, end: i + 2, det: -1, modifiers: [], head: i + 1 };
    if (!np) continue;
    // "of all ages", "of the experiment": the of-phrase belongs to the noun before it.
    spans.push({ start: i, end: withOfPhrases(tokens, phrases, np.end) });
  }
  return spans;
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);
}

/** Where a noun phrase ending at `end` ends with the "of" phrases after it ("the possibility of error"). */
export function withOfPhrases(tokens: readonly Token[], phrases: readonly NounPhrase[], end: number): number {
  let at = end;
  for (let next = phrases.find((p) => p.start === at + 1); tokens[at]?.word === 'of' && next; next = phrases.find((p) => p.start === at + 1)) at = next.end;
  return at;
}
