// @ts-check
/**
 * A word-bigram checker on confusion sets (issue 43's experiment, bench only: not in the library).
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

/** @typedef {{ unigrams: Map<string, number>, bigrams: Map<string, number>, total: number, floor: number }} Counts */
/** @typedef {'article' | 'preposition' | 'number' | 'agreement' | 'auxiliary'} ConfusionSet */
/** @typedef {{ set: ConfusionSet, token: number, start: number, end: number, replacement: string[], gain: number, rareOriginal: boolean }} Flag */

export const CONFUSION_SETS = /** @type {const} */ (['article', 'preposition', 'number', 'agreement', 'auxiliary']);

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

const ARTICLES = new Set(['a', 'an', 'the']);
export const PREPOSITIONS = ['in', 'on', 'at', 'for', 'to', 'of', 'with', 'about', 'from'];
const PREPOSITION_SET = new Set(PREPOSITIONS);
const NO_ARTICLE_AFTER = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'my', 'your', 'his', 'her', 'its', 'our', 'their', 'some', 'any', 'no', 'every', 'each', 'many', 'much', 'more', 'most', 'few', 'several', 'all', 'both', 'such', 'what', 'which', 'whose', 'another', 'other', 'one', 'two', 'three']);
const AUXILIARIES = ['is', 'are', 'was', 'were', 'am'];
const AUXILIARY_SET = new Set([...AUXILIARIES, 'do', 'does', 'did', 'can', 'could', 'would', 'should', 'may', 'might', 'must', 'shall', 'to', 'not', "n't", 'being']);
const AGREEMENT_PAIRS = new Map([['is', 'are'], ['are', 'is'], ['was', 'were'], ['were', 'was'], ['has', 'have'], ['have', 'has'], ['does', 'do'], ['do', 'does']]);
const indefinite = (/** @type {string | undefined} */ next) => (next && /^[aeiou]/.test(next) && !/^(?:u[nts]i|eu|one|once|use)/.test(next) ? 'an' : 'a');

/**
 * @typedef {{ noun?: boolean, pronoun?: boolean, proper?: boolean, plural?: boolean, adjective?: boolean,
 *   verb?: boolean, gerund?: boolean, pastTense?: boolean, participle?: boolean, presentTense?: boolean, infinitive?: boolean,
 *   otherNumber?: string, otherPerson?: string }} Tags
 *  What the tagger says of one token, and its other number (nouns) or person (present-tense verbs).
 */

/**
 * The edits proposed at each token of a sentence, per confusion set: { start, end, replacement }
 * replaces words[start..end) (start === end inserts before words[start]); `token` is the word a
 * flag marks.
 * @param {string[]} words lowercased tokens @param {Tags[]} tags
 */
export function candidates(words, tags) {
  /** @type {{ set: ConfusionSet, token: number, start: number, end: number, replacement: string[] }[]} */
  const out = [];
  words.forEach((w, i) => {
    const t = tags[i] ?? {};
    const next = words[i + 1];
    const prev = words[i - 1];
    if (ARTICLES.has(w)) {
      const others = w === 'the' ? [indefinite(next)] : ['the'];
      for (const r of others) out.push({ set: 'article', token: i, start: i, end: i + 1, replacement: [r] });
      out.push({ set: 'article', token: i, start: i, end: i + 1, replacement: [] });
    } else if (isWord(w) && isWord(prev) && t.noun && !t.plural && !t.adjective && !t.pronoun && !t.proper && !NO_ARTICLE_AFTER.has(/** @type {string} */ (prev)) && !tags[i - 1]?.adjective) {
      // A missing article before a singular noun; before an adjective or a plural noun "the" is so often optional that bigrams only guess.
      out.push({ set: 'article', token: i, start: i, end: i, replacement: ['the'] });
      out.push({ set: 'article', token: i, start: i, end: i, replacement: [indefinite(w)] });
    }
    if (PREPOSITION_SET.has(w)) {
      for (const r of PREPOSITIONS) if (r !== w) out.push({ set: 'preposition', token: i, start: i, end: i + 1, replacement: [r] });
      out.push({ set: 'preposition', token: i, start: i, end: i + 1, replacement: [] });
    }
    if (t.noun && !t.pronoun && !t.proper && t.otherNumber && t.otherNumber !== w) {
      out.push({ set: 'number', token: i, start: i, end: i + 1, replacement: [t.otherNumber] });
    }
    const pair = AGREEMENT_PAIRS.get(w);
    // A bigram sees a verb's subject only when it is the word before.
    const subjectBefore = tags[i - 1]?.noun || tags[i - 1]?.pronoun;
    if (pair && subjectBefore) out.push({ set: 'agreement', token: i, start: i, end: i + 1, replacement: [pair] });
    else if (!pair && subjectBefore && t.verb && t.otherPerson && t.otherPerson !== w && (t.presentTense || t.infinitive)) {
      out.push({ set: 'agreement', token: i, start: i, end: i + 1, replacement: [t.otherPerson] });
    }
    // A missing "be" before an -ing form after its subject ("they going"); a past tense needs no auxiliary.
    if (t.verb && t.gerund && subjectBefore && !(prev && AUXILIARY_SET.has(prev)) && !AUXILIARY_SET.has(w)) {
      for (const r of AUXILIARIES) out.push({ set: 'auxiliary', token: i, start: i, end: i, replacement: [r] });
    }
  });
  return out;
}

/**
 * Every edit whose best alternative at a word beats what was written by at least `minGain` (natural
 * log of the probability ratio), on attested bigrams only; one flag per word and set, the best.
 * @param {Counts} counts @param {string[]} words @param {Tags[]} tags @param {number} minGain
 * @returns {Flag[]}
 */
export function ngramFlags(counts, words, tags, minGain) {
  /** @type {Map<string, Flag>} */
  const best = new Map();
  for (const c of candidates(words, tags)) {
    const alt = windowScore(counts, words, c.start, c.end, c.replacement);
    if (!alt.attested || alt.pairs === 0) continue;
    const orig = windowScore(counts, words, c.start, c.end, words.slice(c.start, c.end));
    const gain = alt.score - orig.score;
    if (gain < minGain) continue;
    const key = `${c.set}:${c.token}`;
    const seen = best.get(key);
    // rareOriginal: some word pair as written is below the list's floor (what a slip usually looks like).
    if (!seen || gain > seen.gain) best.set(key, { ...c, gain, rareOriginal: !orig.attested });
  }
  return [...best.values()];
}
