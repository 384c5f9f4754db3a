// @ts-check
/**
 * Part-of-speech tags for the n-gram experiment's confusion sets, from compromise (npm, MIT, already
 * a dependency of the repository): which tokens are nouns, adjectives, verbs and in which form,
 * with a noun's other number and a present-tense verb's other person.
 */
import nlp from 'compromise';

/** @type {Map<string, string | undefined>} */
const numberCache = new Map();
/** @type {Map<string, string | undefined>} */
const personCache = new Map();
/** @type {Map<string, any>} */
const conjugationCache = new Map();

/** compromise's conjugation of a word read as a verb (Infinitive, PresentTense …), once a word. */
function conjugation(/** @type {string} */ word) {
  if (!conjugationCache.has(word)) conjugationCache.set(word, /** @type {any} */ (nlp(word).tag('Verb')).verbs().conjugate()[0]);
  return conjugationCache.get(word);
}

function otherNumber(/** @type {string} */ word, /** @type {boolean} */ plural) {
  const key = `${word}|${plural}`;
  if (!numberCache.has(key)) {
    // compromise's types leave out the views its plugins add (nouns, verbs).
    const doc = /** @type {any} */ (nlp(word).tag(plural ? 'Plural' : 'Singular'));
    const other = (plural ? doc.nouns().toSingular() : doc.nouns().toPlural()).text().toLowerCase();
    numberCache.set(key, /^[a-z]+$/.test(other) && other !== word ? other : undefined);
  }
  return numberCache.get(key);
}

/** A verb's base form ("returned" → "return"). */
function baseForm(/** @type {string} */ word) {
  const base = conjugation(word)?.Infinitive;
  return typeof base === 'string' && /^[a-z]+$/.test(base) ? base : undefined;
}

function otherPerson(/** @type {string} */ word) {
  if (!personCache.has(word)) {
    const forms = conjugation(word);
    let other;
    if (forms?.PresentTense === word && forms.Infinitive !== word) other = forms.Infinitive;
    else if (forms?.Infinitive === word && forms.PresentTense !== word) other = forms.PresentTense;
    personCache.set(word, other && /^[a-z]+$/.test(other) ? other : undefined);
  }
  return personCache.get(word);
}

/**
 * Tags per token of a detokenized sentence (spans: where each token is in text).
 * @param {string} text @param {{ start: number, end: number }[]} spans
 * @returns {import('./ngram-checker.mjs').Tags[]}
 */
export function tagTokens(text, spans) {
  /** @type {import('./ngram-checker.mjs').Tags[]} */
  const tags = spans.map(() => ({}));
  const terms = nlp(text).json({ offset: true }).flatMap((/** @type {any} */ s) => s.terms);
  for (const term of terms) {
    const at = spans.findIndex((s) => s.start <= term.offset.start && term.offset.start < s.end);
    if (at < 0) continue;
    const has = (/** @type {string} */ tag) => term.tags.includes(tag);
    const word = text.slice(spans[at].start, spans[at].end).toLowerCase();
    const t = tags[at];
    t.noun = has('Noun');
    t.pronoun = has('Pronoun');
    // A capital inside the sentence is a name; compromise also files some names as plain nouns.
    t.proper = has('ProperNoun') || (at > 0 && /^[A-Z]/.test(text.slice(spans[at].start, spans[at].end)));
    t.plural = has('Plural');
    t.adjective = has('Adjective');
    t.verb = has('Verb');
    t.gerund = has('Gerund');
    t.pastTense = has('PastTense');
    t.participle = has('Participle');
    t.presentTense = has('PresentTense');
    t.infinitive = has('Infinitive');
    if (t.noun && !t.pronoun && (has('Plural') || has('Singular'))) t.otherNumber = otherNumber(word, has('Plural'));
    if (t.verb && (t.presentTense || t.infinitive) && !t.gerund) t.otherPerson = otherPerson(word);
    if (t.verb && (t.pastTense || t.participle || t.presentTense || t.gerund)) t.baseForm = baseForm(word);
  }
  return tags;
}
