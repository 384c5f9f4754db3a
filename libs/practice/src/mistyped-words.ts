import { diffArrays } from 'diff';
import { typedWords } from '@fluent/scoring';

/** A word of the typing paragraph and what the learner typed in its place. */
export interface MistypedWord {
  /** As the paragraph writes it, case kept, punctuation around it removed. */
  word: string;
  typed: string;
}

/**
 * At most this many word cards from one typing section, in paragraph order: a learner who typed
 * little of the paragraph right gets a day's worth of words, not a deck of eighty.
 */
export const MAX_MISTYPED_WORDS = 12;

const bare = (token: string): string => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * The paragraph's words the learner typed wrong, deduplicated (in lower case, first form kept).
 *
 * The score compares words position by position (docs/product.md#typing), so one skipped word
 * makes every later word "wrong" there. Here the typed words are aligned with the paragraph's
 * (a word diff), and a paragraph word counts as mistyped only where the learner typed another
 * word in its place. Not mistyped: words never reached, words skipped (nothing typed for them:
 * there is no wrong form to practise), a last word not followed by a space that begins its
 * paragraph word (still being typed when time ran out), and a word whose only difference is the
 * punctuation around it (a comma is not a word to practise).
 */
export function mistypedWords(paragraph: string, typed: string): MistypedWord[] {
  const expected = typedWords(paragraph);
  const given = typedWords(typed);
  const lastMayBeUnfinished = !/\s$/.test(typed);
  const found: MistypedWord[] = [];
  const seen = new Set<string>();
  let typedIndex = 0;
  const parts = diffArrays(expected, given);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    // Unchanged and inserted words are in what was typed; jsdiff lists a removal before the insertion that replaces it.
    if (!part.removed) {
      typedIndex += part.value.length;
      continue;
    }
    const next = parts[i + 1];
    const replacements = next?.added ? next.value : [];
    part.value.forEach((reference, k) => {
      const typedWord = replacements[k];
      if (typedWord === undefined) return;
      const isLastTyped = typedIndex + k === given.length - 1;
      if (isLastTyped && lastMayBeUnfinished && reference.startsWith(typedWord)) return;
      const word = bare(reference);
      if (word === '' || word === bare(typedWord)) return;
      const key = word.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ word, typed: typedWord });
    });
    if (next?.added) {
      typedIndex += next.value.length;
      i++;
    }
  }
  return found.slice(0, MAX_MISTYPED_WORDS);
}
