// @ts-check
/**
 * A word-bigram checker on confusion sets (issue 43's experiment, bench only; its edits are the
 * library's confusionEdits, which learners get scored by the masked language model).
 * For a sentence it proposes small edits of the kinds learners get wrong (an article, a
 * preposition, a noun's number, a verb's agreement, a missing auxiliary), scores the few words
 * around each edit with a bigram language model, and flags a word when the edit is at least
 * `threshold` times more probable than what was written. Pure given the counts and the tags.
 *
 * Counts: symspellpy's frequency_dictionary_en_82_765.txt (unigrams) and
 * frequency_bigramdictionary_en_243_342.txt (bigrams), both derived from Google Books Ngram. The
 * bigram list keeps only pairs seen about 6.4 million times or more, so an absent pair is "rarer
 * than that", not "never": its probability is estimated below that floor (see `logP`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { confusionEdits } from '@fluent/writing-feedback';

/** @typedef {{ unigrams: Map<string, number>, bigrams: Map<string, number>, total: number, floor: number }} Counts */
/** @typedef {import('@fluent/writing-feedback').ConfusionSet} ConfusionSet */
/** @typedef {{ set: ConfusionSet, token: number, start: number, end: number, replacement: string[], gain: number, rareOriginal: boolean }} Flag */

export { CONFUSION_SETS } from '@fluent/writing-feedback';

/** Reads symspellpy's two dictionaries ("word count" and "word word count" per line) from a folder. @returns {Counts} */
export function loadCounts(/** @type {string} */ dir) {
  const unigrams = new Map();
  let total = 0;
  for (const line of readFileSync(join(dir, 'frequency_dictionary_en_82_765.txt'), 'utf8').split('\n')) {
    const [word, count] = line.trim().split(' ');
    if (!word || !count) continue;
    unigrams.set(word, Number(count));
    total += Number(count);
  }
  const bigrams = new Map();
  let floor = Infinity;
  for (const line of readFileSync(join(dir, 'frequency_bigramdictionary_en_243_342.txt'), 'utf8').split('\n')) {
    const [a, b, count] = line.trim().split(' ');
    if (!a || !b || !count) continue;
    bigrams.set(`${a} ${b}`, Number(count));
    floor = Math.min(floor, Number(count));
  }
  return { unigrams, bigrams, total, floor };
}

const isWord = (/** @type {string | undefined} */ w) => w !== undefined && /^[a-z]+$/.test(w);

/**
 * log P(b | a) for two lowercased tokens (undefined: the sentence's edge). Punctuation, clitics
 * ("n't") and words the unigram list lacks (misspellings) break the chain: after one, b is scored
 * by its unigram probability; a non-word b adds nothing. A pair missing from the bigram list gets
 * the smaller of stupid backoff (0.4 · P(b)) and half the floor's share of a's count.
 */
export function logP(/** @type {Counts} */ counts, /** @type {string | undefined} */ a, /** @type {string | undefined} */ b) {
  if (!isWord(b)) return 0;
  const cb = counts.unigrams.get(/** @type {string} */ (b)) ?? 0;
  if (cb === 0) return Math.log(1 / counts.total);
  const ca = isWord(a) ? counts.unigrams.get(/** @type {string} */ (a)) ?? 0 : 0;
  if (ca === 0) return Math.log(cb / counts.total);
  const cab = counts.bigrams.get(`${a} ${b}`);
  if (cab !== undefined) return Math.log(cab / Math.max(ca, cab));
  return Math.log(Math.min((0.4 * cb) / counts.total, (0.5 * counts.floor) / Math.max(ca, counts.floor)));
}

/**
 * The score of tokens [from, to) with the edit applied, from the word before to the word after:
 * the rest of the sentence scores the same either way. `attested` is whether every word pair the
 * edit creates is in the bigram list (an alternative is only proposed on evidence), `pairs` how many.
 */
function windowScore(/** @type {Counts} */ counts, /** @type {string[]} */ words, /** @type {number} */ start, /** @type {number} */ end, /** @type {string[]} */ replacement) {
  const seq = [words[start - 1], ...replacement, words[end]];
  let score = 0;
  let attested = true;
  let pairs = 0;
  for (let k = 1; k < seq.length; k += 1) {
    score += logP(counts, seq[k - 1], seq[k]);
    if (isWord(seq[k - 1]) && isWord(seq[k])) {
      pairs += 1;
      if (!counts.bigrams.has(`${seq[k - 1]} ${seq[k]}`)) attested = false;
    }
  }
  return { score, attested, pairs };
}

/** @typedef {import('@fluent/writing-feedback').Tags} Tags */

/**
 * The edits proposed at each token of a sentence: the library's confusionEdits (what learners get
 * runs it with `wide`), here without `wide` by default, which is the bigram experiment's five sets.
 * @param {string[]} words lowercased tokens @param {Tags[]} tags @param {{ wide?: boolean }} [options]
 */
export function candidates(words, tags, { wide = false } = {}) {
  return confusionEdits(words, tags, { wide });
}

/**
 * Every edit whose best alternative at a word beats what was written by at least `minGain` (natural
 * log of the probability ratio), on attested bigrams only; one flag per word and set, the best.
 * @param {Counts} counts @param {string[]} words @param {Tags[]} tags @param {number} minGain
 * @returns {Flag[]}
 */
export function ngramFlags(counts, words, tags, minGain) {
  return bestFlags(candidates(words, tags), (c) => {
    const alt = windowScore(counts, words, c.start, c.end, c.replacement);
    if (!alt.attested || alt.pairs === 0) return undefined;
    const orig = windowScore(counts, words, c.start, c.end, words.slice(c.start, c.end));
    // rareOriginal: some word pair as written is below the list's floor (what a slip usually looks like).
    return { gain: alt.score - orig.score, rareOriginal: !orig.attested };
  }, minGain);
}

/**
 * One flag per word and set, the edit with the best score, among the edits a scorer scores at least
 * `minGain`; the scorer (bigrams here, a masked language model in mlm-score.py) may decline an edit.
 * @param {ReturnType<typeof candidates>} edits
 * @param {(edit: ReturnType<typeof candidates>[number], index: number) => { gain: number, rareOriginal: boolean } | undefined} score
 * @param {number} minGain
 * @returns {Flag[]}
 */
export function bestFlags(edits, score, minGain) {
  /** @type {Map<string, Flag>} */
  const best = new Map();
  edits.forEach((c, index) => {
    const scored = score(c, index);
    if (!scored || scored.gain < minGain) return;
    const key = `${c.set}:${c.token}`;
    const seen = best.get(key);
    if (!seen || scored.gain > seen.gain) best.set(key, { ...c, ...scored });
  });
  return [...best.values()];
}
