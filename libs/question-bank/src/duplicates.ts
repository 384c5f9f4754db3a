import { comparable } from './text';

export interface Entry {
  /** Where the text lives, for the report. */
  where: string;
  text: string;
}

/** Words too common to tell two items apart. */
const FUNCTION_WORDS = new Set(
  (
    'a an the and or but of to in on at by for with from as is are was were be been am it its this that ' +
    'he she we they you i my your his her our their me him us them do does did have has had will would ' +
    'can could should may might must not no so if then than there here what who which when where why how'
  ).split(' '),
);

const contentWords = (text: string): Set<string> =>
  new Set(
    comparable(text.replaceAll('___', ' '))
      .split(' ')
      .filter((w) => w.length > 1 && !FUNCTION_WORDS.has(w)),
  );

/** Jaccard similarity of two word sets. */
function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * Pairs of items whose content words overlap so much that one reads as a copy of the other.
 * The threshold catches a sentence reused with a changed name or tense, not two sentences that
 * merely share a topic.
 */
export function findNearDuplicates(entries: Entry[], threshold = 0.75): string[] {
  const sets = entries.map((e) => contentWords(e.text));
  const pairs: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const a = sets[i]!;
    if (a.size < 3) continue;
    for (let j = i + 1; j < entries.length; j++) {
      const b = sets[j]!;
      if (b.size < 3) continue;
      if (similarity(a, b) >= threshold) pairs.push(`${entries[i]!.where} ~ ${entries[j]!.where}: "${entries[i]!.text}" / "${entries[j]!.text}"`);
    }
  }
  return pairs;
}
