import nlp from 'compromise';

/**
 * What the tagger says of one token, with the forms the confusion sets propose: a noun's other
 * number, a present-tense verb's other person and a verb's base form.
 */
export interface Tags {
  noun?: boolean;
  pronoun?: boolean;
  proper?: boolean;
  plural?: boolean;
  adjective?: boolean;
  verb?: boolean;
  gerund?: boolean;
  pastTense?: boolean;
  participle?: boolean;
  presentTense?: boolean;
  infinitive?: boolean;
  otherNumber?: string;
  otherPerson?: string;
  baseForm?: string;
}

/** A token's place in the text it was cut from. */
export interface Span {
  start: number;
  end: number;
}

// compromise's types leave out the views its plugins add (nouns, verbs): the parts used, typed here.
interface Conjugation {
  Infinitive?: string;
  PresentTense?: string;
}
interface Term {
  offset: { start: number };
  tags: string[];
}
interface Doc {
  tag(tag: string): Doc;
  nouns(): { toSingular(): { text(): string }; toPlural(): { text(): string } };
  verbs(): { conjugate(): Conjugation[] };
  json(options: { offset: true }): { terms: Term[] }[];
}
const parse = nlp as unknown as (text: string) => Doc;

/**
 * compromise's answers per word, kept for the life of the process: tagging and conjugating are the
 * costly part of a text's edits, and a learner's vocabulary repeats.
 */
const numbers = new Map<string, string | undefined>();
const conjugations = new Map<string, Conjugation | undefined>();
const persons = new Map<string, string | undefined>();
/** Past this many words a cache starts again: made-up words must not grow it without end. */
const CACHE_LIMIT = 50_000;
const remember = <T>(cache: Map<string, T>, key: string, value: T) => {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
};
const isWord = (w: string | undefined): w is string => w !== undefined && /^[a-z]+$/.test(w);

function conjugation(word: string): Conjugation | undefined {
  if (!conjugations.has(word)) remember(conjugations, word, parse(word).tag('Verb').verbs().conjugate()[0]);
  return conjugations.get(word);
}

function otherNumber(word: string, plural: boolean): string | undefined {
  const key = `${word}|${plural}`;
  if (!numbers.has(key)) {
    const doc = parse(word).tag(plural ? 'Plural' : 'Singular');
    const other = (plural ? doc.nouns().toSingular() : doc.nouns().toPlural()).text().toLowerCase();
    remember(numbers, key, isWord(other) && other !== word ? other : undefined);
  }
  return numbers.get(key);
}

function baseForm(word: string): string | undefined {
  const base = conjugation(word)?.Infinitive;
  return isWord(base) ? base : undefined;
}

function otherPerson(word: string): string | undefined {
  if (!persons.has(word)) {
    const forms = conjugation(word);
    let other: string | undefined;
    if (forms?.PresentTense === word && forms.Infinitive !== word) other = forms.Infinitive;
    else if (forms?.Infinitive === word && forms.PresentTense !== word) other = forms.PresentTense;
    remember(persons, word, isWord(other) ? other : undefined);
  }
  return persons.get(word);
}

/**
 * Tags per token of a sentence, from compromise (npm, MIT), which reads the whole sentence: `spans`
 * are where each token is in `text`.
 */
export function tagTokens(text: string, spans: readonly Span[]): Tags[] {
  const tags: Tags[] = spans.map(() => ({}));
  const terms = parse(text).json({ offset: true }).flatMap((s) => s.terms);
  for (const term of terms) {
    const at = spans.findIndex((s) => s.start <= term.offset.start && term.offset.start < s.end);
    const span = spans[at];
    const t = tags[at];
    if (!span || !t) continue;
    const has = (tag: string) => term.tags.includes(tag);
    const written = text.slice(span.start, span.end);
    const word = written.toLowerCase();
    t.noun = has('Noun');
    t.pronoun = has('Pronoun');
    // A capital inside the sentence is a name; compromise also files some names as plain nouns.
    t.proper = has('ProperNoun') || (at > 0 && /^[A-Z]/.test(written));
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
