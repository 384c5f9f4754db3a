import { STOP_WORDS } from '@fluent/scoring';
import { comparable } from './text';

export interface Entry {
  /** Where the text lives, for the report. */
  where: string;
  text: string;
}

const contentWords = (text: string): Set<string> =>
  new Set(
    comparable(text.replaceAll('___', ' '))
      .split(' ')
      .filter((w) => w.length > 1 && !STOP_WORDS.has(w)),
  );

/** Jaccard similarity of two word sets. */
function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * Runs of SHINGLE content words in a row, for texts of LONG_TEXT words or more: two passages
 * sharing several were written one from the other. (Short items share set phrases such as
 * "Could you tell me where" legitimately, and prompts share their instructions.)
 */
const SHINGLE = 4;
const LONG_TEXT = 30;
const shingles = (text: string): Set<string> => {
  const all = comparable(text.replaceAll('___', ' ')).split(' ');
  const runs = new Set<string>();
  if (all.length < LONG_TEXT) return runs;
  const list = all.filter((w) => w.length > 1 && !STOP_WORDS.has(w));
  for (let i = 0; i + SHINGLE <= list.length; i++) runs.add(list.slice(i, i + SHINGLE).join(' '));
  return runs;
};

const shared = (a: Set<string>, b: Set<string>): number => {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
};

/**
 * Pairs of items where one reads as a copy of the other: short items whose content words
 * overlap almost entirely (a sentence reused with a changed name or tense), and longer texts that
 * share several runs of four content words. Two items that merely share a topic pass.
 */
export function findNearDuplicates(entries: Entry[], threshold = 0.75, sharedRuns = 3): string[] {
  const sets = entries.map((e) => contentWords(e.text));
  const runs = entries.map((e) => shingles(e.text));
  const pairs: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const a = sets[i]!;
    for (let j = i + 1; j < entries.length; j++) {
      const b = sets[j]!;
      const copied = (a.size >= 3 && b.size >= 3 && similarity(a, b) >= threshold) || shared(runs[i]!, runs[j]!) >= sharedRuns;
      if (copied) pairs.push(`${entries[i]!.where} ~ ${entries[j]!.where}: "${entries[i]!.text}" / "${entries[j]!.text}"`);
    }
  }
  return pairs;
}
