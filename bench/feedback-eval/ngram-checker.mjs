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
/** @typedef {'article' | 'unlikely article' | 'missing article' | 'preposition' | 'unlikely preposition' | 'number' | 'agreement' | 'auxiliary' | 'verb form' | 'determiner' | 'homophone'} ConfusionSet */
/** @typedef {{ set: ConfusionSet, token: number, start: number, end: number, replacement: string[], gain: number, rareOriginal: boolean }} Flag */

export const CONFUSION_SETS = /** @type {const} */ (['article', 'unlikely article', 'missing article', 'preposition', 'unlikely preposition', 'number', 'agreement', 'auxiliary', 'verb form', 'determiner', 'homophone']);

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
/** Words after which a verb takes its base form ("can return", "didn't go"); "to" only before a verb the tagger sees. */
const BASE_FORM_AFTER = new Set(['can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must', 'do', 'does', 'did', 'to']);
/** A determiner and its other number or countability ("this books", "much people"). */
const DETERMINER_PAIRS = new Map([['this', 'these'], ['these', 'this'], ['that', 'those'], ['those', 'that'], ['much', 'many'], ['many', 'much'], ['little', 'few'], ['few', 'little'], ['less', 'fewer'], ['amount', 'number']]);
/** Words learners confuse with one that sounds or looks alike (LanguageTool needs its n-gram data for most of these). */
const HOMOPHONES = new Map(
  [['their', 'there'], ['then', 'than'], ['to', 'too'], ['were', 'where'], ['of', 'off'], ['lose', 'loose'], ['affect', 'effect'], ['accept', 'except'], ['quite', 'quiet'],
    ['weather', 'whether'], ['advice', 'advise'], ['past', 'passed'], ['whole', 'hole'], ['peace', 'piece'], ['hear', 'here'], ['know', 'no'], ['new', 'knew'], ['write', 'right'],
    ['by', 'buy'], ['though', 'through'], ['though', 'thought'], ['live', 'life'], ['chose', 'choose'], ['lost', 'lose'], ['felt', 'fell']]
    .flatMap(([a, b]) => [[a, b], [b, a]])
    .reduce((m, [a, b]) => m.set(a, [...(m.get(a) ?? []), b]), /** @type {Map<string, string[]>} */ (new Map())),
);
const indefinite = (/** @type {string | undefined} */ next) => (next && /^[aeiou]/.test(next) && !/^(?:u[nts]i|eu|one|once|use)/.test(next) ? 'an' : 'a');

/**
 * @typedef {{ noun?: boolean, pronoun?: boolean, proper?: boolean, plural?: boolean, adjective?: boolean,
 *   verb?: boolean, gerund?: boolean, pastTense?: boolean, participle?: boolean, presentTense?: boolean, infinitive?: boolean,
 *   otherNumber?: string, otherPerson?: string, baseForm?: string }} Tags
 *  What the tagger says of one token, and its other number (nouns) or person (present-tense verbs),
 *  and a verb's base form.
 */

/**
 * The edits proposed at each token of a sentence, per confusion set: { start, end, replacement }
 * replaces words[start..end) (start === end inserts before words[start]); `token` is the word a
 * flag marks. `wide` is for a scorer that sees the whole sentence (a masked language model): it
 * also proposes an article before an adjective, agreement wherever a verb is (not only right after
 * its subject), a verb's base form after a modal, "do" or "to" (the "verb form" set), a
 * determiner's other number ("determiner") and a word learners confuse with another ("homophone");
 * and an inserted article ("missing article") and an article or preposition removed are sets of
 * their own. A removal's score is the odds against the word as written, so it is never below a
 * replacement's at the same word: "unlikely article" and "unlikely preposition" say the word looks
 * wrong there, whatever should replace it.
 * @param {string[]} words lowercased tokens @param {Tags[]} tags @param {{ wide?: boolean }} [options]
 */
export function candidates(words, tags, { wide = false } = {}) {
  /** @type {{ set: ConfusionSet, token: number, start: number, end: number, replacement: string[] }[]} */
  const out = [];
  words.forEach((w, i) => {
    const t = tags[i] ?? {};
    const next = words[i + 1];
    const prev = words[i - 1];
    if (ARTICLES.has(w)) {
      const others = w === 'the' ? [indefinite(next)] : ['the'];
      for (const r of others) out.push({ set: 'article', token: i, start: i, end: i + 1, replacement: [r] });
      out.push({ set: wide ? 'unlikely article' : 'article', token: i, start: i, end: i + 1, replacement: [] });
    } else if (isWord(w) && isWord(prev) && ((t.noun && !t.plural && !t.adjective) || (wide && t.adjective && !t.noun && !t.verb)) && !t.pronoun && !t.proper && !NO_ARTICLE_AFTER.has(/** @type {string} */ (prev)) && !tags[i - 1]?.adjective) {
      // A missing article before a singular noun; before an adjective or a plural noun "the" is so often optional that bigrams only guess.
      out.push({ set: wide ? 'missing article' : 'article', token: i, start: i, end: i, replacement: ['the'] });
      out.push({ set: wide ? 'missing article' : 'article', token: i, start: i, end: i, replacement: [indefinite(w)] });
    }
    if (PREPOSITION_SET.has(w)) {
      for (const r of PREPOSITIONS) if (r !== w) out.push({ set: 'preposition', token: i, start: i, end: i + 1, replacement: [r] });
      out.push({ set: wide ? 'unlikely preposition' : 'preposition', token: i, start: i, end: i + 1, replacement: [] });
    }
    if (t.noun && !t.pronoun && !t.proper && t.otherNumber && t.otherNumber !== w) {
      out.push({ set: 'number', token: i, start: i, end: i + 1, replacement: [t.otherNumber] });
    }
    const pair = AGREEMENT_PAIRS.get(w);
    // A bigram sees a verb's subject only when it is the word before.
    const subjectBefore = tags[i - 1]?.noun || tags[i - 1]?.pronoun;
    const agreementAt = wide ? i > 0 : subjectBefore;
    if (pair && agreementAt) out.push({ set: 'agreement', token: i, start: i, end: i + 1, replacement: [pair] });
    else if (!pair && agreementAt && t.verb && t.otherPerson && t.otherPerson !== w && (t.presentTense || t.infinitive)) {
      out.push({ set: 'agreement', token: i, start: i, end: i + 1, replacement: [t.otherPerson] });
    }
    // A missing "be" before an -ing form after its subject ("they going"); a past tense needs no auxiliary.
    if (t.verb && t.gerund && subjectBefore && !(prev && AUXILIARY_SET.has(prev)) && !AUXILIARY_SET.has(w)) {
      for (const r of AUXILIARIES) out.push({ set: 'auxiliary', token: i, start: i, end: i, replacement: [r] });
    }
    if (wide && DETERMINER_PAIRS.has(w)) out.push({ set: 'determiner', token: i, start: i, end: i + 1, replacement: [/** @type {string} */ (DETERMINER_PAIRS.get(w))] });
    if (wide) for (const r of HOMOPHONES.get(w) ?? []) out.push({ set: 'homophone', token: i, start: i, end: i + 1, replacement: [r] });
    if (wide && prev && BASE_FORM_AFTER.has(prev) && t.verb && t.baseForm && t.baseForm !== w && !AUXILIARY_SET.has(w)) {
      out.push({ set: 'verb form', token: i, start: i, end: i + 1, replacement: [t.baseForm] });
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
