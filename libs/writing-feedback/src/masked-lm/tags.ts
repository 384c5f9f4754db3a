import nlp from 'compromise';
import { lowerWord } from '../words';
import { BASE_FORM_AFTER, DETERMINERS, isWord, PREPOSITION_SET, PREPOSITIONS } from './word-classes';

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
  /** A noun the tagger knows as a mass noun ("advice", "traffic") or a time word ("year", "Monday"). */
  uncountable?: boolean;
  time?: boolean;
  verb?: boolean;
  gerund?: boolean;
  pastTense?: boolean;
  participle?: boolean;
  presentTense?: boolean;
  infinitive?: boolean;
  otherNumber?: string;
  otherPerson?: string;
  baseForm?: string;
  /**
   * On the first verb of a verb group ("is painting", "has went", "eventually retreats"): whether
   * its form agrees with its subject's number, as the subject is found (compromise, or the group's
   * it is joined to by "and", "or", "but") and read here. A collective noun agrees with either form
   * ("the crew want"); unset where no subject is found or its number is another word's ("the rest
   * of"). A verb after "to", a modal or "do" is 'not finite': it agrees with nothing.
   */
  subjectAgreement?: 'agrees' | 'disagrees' | 'not finite';
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
  verbs(): { conjugate(): Conjugation[]; subjects(): Doc; forEach(each: (verbGroup: Doc) => void): void };
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
/** A verb after these agrees with no subject ("will stay", "to finish", "did not go", "don't know"). */
const NOT_FINITE_AFTER = new Set([...BASE_FORM_AFTER, 'not', "n't"]);

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

/** A subject's number; 'either' for a collective noun, which takes either form ("the crew want", "the crew wants"). */
type SubjectNumber = 'singular' | 'plural' | 'I' | 'either';
const JOINING = new Set(['and', 'or', 'but']);
const SINGULAR_BEFORE_OF = new Set(['one', 'each', 'either', 'neither']);
/** Words that open a clause whose "were" may be a subjunctive ("if she were", "I wish he were", "as though it were"). */
const SUBJUNCTIVE_AFTER = new Set(['if', 'wish', 'though', 'unless', 'suppose', 'imagine']);
const PLURAL_PRONOUNS = new Set(['we', 'you', 'they', 'these', 'those']);
const SINGULAR_PRONOUNS = new Set(['he', 'she', 'it', 'this', 'that', 'everyone', 'everybody', 'everything', 'someone', 'somebody', 'something', 'anyone', 'anybody', 'anything', 'nobody', 'nothing', 'each', 'one']);
/** Nouns that take a singular or a plural verb as the writer means them, in British English above all. */
const COLLECTIVE = new Set(['crew', 'team', 'staff', 'family', 'government', 'committee', 'audience', 'class', 'company', 'group', 'public', 'band', 'club', 'council', 'jury', 'police', 'majority', 'minority', 'couple', 'pair']);
/** Heads whose number is another word's ("the rest of the cakes", "people who are"): no judgement. */
const NUMBER_ELSEWHERE = new Set(['number', 'rest', 'lot', 'half', 'none', 'all', 'most', 'some', 'any', 'who', 'which', 'that', 'what']);
/** Where a subject's head ends: "the list of items", "the students who study". */
const SUBJECT_ENDS_AT = new Set([...PREPOSITIONS, 'who', 'which', 'that', 'whose', 'where']);

/**
 * Where a subject really starts when the tagger's subject is a preposition's object: "People in my
 * city is" gives "my city", whose head is "people". Walks back over "noun phrase + preposition"
 * links to the first noun phrase; undefined where a link is not a noun phrase ("the points made in
 * the lecture": no judgement). "A lot of people", "the rest of the cakes": the object decides, as
 * subjectNumber reads them.
 */
function subjectStart(words: readonly string[], tags: readonly Tags[], from: number): number | undefined {
  const inPhrase = (i: number) => (tags[i]?.noun && !tags[i]?.pronoun) || tags[i]?.adjective || DETERMINERS.has(words[i] ?? '');
  let start = from;
  while (PREPOSITION_SET.has(words[start - 1] ?? '')) {
    const before = words[start - 2] ?? '';
    if (words[start - 1] === 'of' && (SINGULAR_BEFORE_OF.has(before) || NUMBER_ELSEWHERE.has(before))) return start;
    let k = start - 2;
    if (!tags[k]?.noun || tags[k]?.pronoun) return undefined;
    while (k > 0 && inPhrase(k - 1) && !PREPOSITION_SET.has(words[k - 1] ?? '')) k -= 1;
    start = k;
  }
  return start;
}

/**
 * Whether only adverbs lie between a subject and its verb ("the points surely challenge"): a noun,
 * a verb, a comma or a clause word there means the tagger's subject belongs to another clause
 * ("She said that the students was late" gives "she" for "was").
 */
function adjacent(words: readonly string[], tags: readonly Tags[], to: number, opens: number): boolean {
  for (let k = to; k < opens; k += 1) {
    const w = words[k] ?? '';
    if (!isWord(w) || tags[k]?.noun || tags[k]?.verb || JOINING.has(w) || SUBJECT_ENDS_AT.has(w)) return false;
  }
  return true;
}

/**
 * Whether a base form with no subject judged is an imperative, which agrees with nothing: at the
 * sentence's start ("Look at the words"), after an opening phrase with a preposition and no verb
 * ("For this test, prioritise:"), or "be" after "and", "but" or "or" ("…, which is fine, but be
 * consistent"). Not after any comma: "My brother, who lives in London, work in a bank" is a slip.
 */
function imperative(words: readonly string[], tags: readonly Tags[], opens: number, word: string, form: ReturnType<typeof formNumber>): boolean {
  if (word !== 'be' && (form !== 'plural' || PLURAL_FORMS.has(word))) return false;
  if (opens === 0) return true;
  const before = words[opens - 1] ?? '';
  if (JOINING.has(before)) return word === 'be';
  return (before === ',' || before === ':') && PREPOSITION_SET.has(words[0] ?? '') && !tags.slice(0, opens).some((t) => t.verb);
}

/**
 * A subject's number from its words (compromise's own `isPlural` leans on the verb's form, the very
 * thing checked): "and" makes it plural; otherwise its head, the last word before a preposition or
 * a relative pronoun, decides ("the list of items" is singular).
 */
function subjectNumber(words: readonly string[], tags: readonly Tags[], from: number, to: number): SubjectNumber | undefined {
  let end = to;
  for (let k = from + 1; k < to; k += 1) {
    if (SUBJECT_ENDS_AT.has(words[k] ?? '')) {
      end = k;
      break;
    }
  }
  // "One of my friends lives": the tagger's subject is the noun after "of"; the quantifier decides.
  if (words[from - 1] === 'of' && SINGULAR_BEFORE_OF.has(words[from - 2] ?? '')) return 'singular';
  // "My brother and my sister live": the tagger's subject can be the last of those joined by "and".
  if (words.slice(from, end).includes('and') || words[from - 1] === 'and') return 'plural';
  const head = words[end - 1];
  const t = tags[end - 1];
  if (!head || !t || NUMBER_ELSEWHERE.has(head)) return undefined;
  if (COLLECTIVE.has(head)) return 'either';
  if (head === 'i') return 'I';
  if (PLURAL_PRONOUNS.has(head)) return 'plural';
  if (SINGULAR_PRONOUNS.has(head)) return 'singular';
  if (!t.noun || t.pronoun || !isWord(head)) return undefined;
  return t.plural ? 'plural' : 'singular';
}

const SINGULAR_FORMS = new Set(['is', 'was', 'has', 'does']);
const PLURAL_FORMS = new Set(['are', 'were', 'have', 'do']);
/** Which subjects a finite verb's form goes with, or undefined for a form that goes with any (past tense, modal). */
function formNumber(word: string, t: Tags): SubjectNumber | 'singular or I' | undefined {
  if (word === 'am') return 'I';
  if (word === 'was') return 'singular or I';
  if (SINGULAR_FORMS.has(word)) return 'singular';
  if (PLURAL_FORMS.has(word)) return 'plural';
  if (!t.verb || !t.otherPerson || t.gerund || t.pastTense) return undefined;
  if (t.presentTense && word.endsWith('s') && !t.otherPerson.endsWith('s')) return 'singular';
  return t.infinitive || t.presentTense ? 'plural' : undefined;
}

function agreement(form: ReturnType<typeof formNumber>, subject: SubjectNumber): 'agrees' | 'disagrees' {
  if (subject === 'either') return 'agrees';
  if (form === 'singular or I') return subject === 'plural' ? 'disagrees' : 'agrees';
  // "I" takes the base form ("I have", "I go") and "am".
  if (subject === 'I') return form === 'plural' || form === 'I' ? 'agrees' : 'disagrees';
  return form === subject ? 'agrees' : 'disagrees';
}

/**
 * Tags per token of a sentence, from compromise (npm, MIT), which reads the whole sentence: `spans`
 * are where each token is in `text`.
 */
export function tagTokens(text: string, spans: readonly Span[]): Tags[] {
  const tags: Tags[] = spans.map(() => ({}));
  const doc = parse(text);
  const tokenAt = (offset: number) => spans.findIndex((s) => s.start <= offset && offset < s.end);
  const terms = doc.json({ offset: true }).flatMap((s) => s.terms);
  for (const term of terms) {
    const at = tokenAt(term.offset.start);
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
    t.uncountable = has('Uncountable');
    t.time = has('Date') || has('Duration');
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
  // As wordsOf writes them: "don’t" is "do n't" whichever apostrophe the learner typed.
  const words = spans.map((s) => lowerWord(text.slice(s.start, s.end)));
  // A verb after "to", a modal or "do" is not the one that agrees ("want to finish", "will stay").
  tags.forEach((t, i) => {
    if (t.verb && NOT_FINITE_AFTER.has(words[i - 1] ?? '')) t.subjectAgreement = 'not finite';
  });
  // The subject of the verb group before, for one joined to it ("lets the air cool or opens a vent").
  let previous: SubjectNumber | undefined;
  doc.verbs().forEach((group) => {
    const terms = group.json({ offset: true })[0]?.terms ?? [];
    const opens = terms[0] ? tokenAt(terms[0].offset.start) : -1;
    // The group's first verb, past an adverb before it ("eventually retreats").
    const first = terms.find((term) => term.tags.includes('Verb'));
    // "…, but moving on early keeps …": a gerund that opens a clause (at the start, after a comma,
    // "but" or "that") is the subject of the verb after it (compromise groups the two), and it is
    // singular. Not after "and" or "or", which may join it to another ("swimming and running are").
    const before = words[opens - 1] ?? '';
    const gerundSubject = first !== undefined && first.tags.includes('Gerund') && (opens === 0 || !isWord(before) || before === 'but' || before === 'that');
    const verb = gerundSubject ? terms.find((term) => term.offset.start > first.offset.start && term.tags.includes('Verb') && !term.tags.includes('Gerund') && !term.tags.includes('Particle')) : first;
    const at = verb ? tokenAt(verb.offset.start) : -1;
    const t = tags[at];
    const word = words[at];
    if (!t || !word || t.subjectAgreement) return;
    const subject = group.verbs().subjects().json({ offset: true })[0]?.terms ?? [];
    const from = subject[0] ? tokenAt(subject[0].offset.start) : -1;
    const last = subject.at(-1);
    const to = last ? tokenAt(last.offset.start) + 1 : -1;
    let number: SubjectNumber | undefined;
    // Right after "and", "or" or "but", the verb shares the subject before it; what the tagger finds
    // there is the first verb's object ("lets the air cool or opens a vent").
    if (gerundSubject) number = 'singular';
    else if (JOINING.has(before)) number = previous;
    else if (from >= 0 && to > from && to <= opens && adjacent(words, tags, to, opens)) {
      const start = subjectStart(words, tags, from);
      number = start === undefined ? undefined : subjectNumber(words, tags, start, to);
    }
    previous = number;
    // "If I were you", "I wish she were here": the subjunctive is not a slip.
    if (word === 'were' && number && words.slice(0, at).some((w) => SUBJUNCTIVE_AFTER.has(w))) {
      t.subjectAgreement = 'agrees';
      return;
    }
    const form = formNumber(word, t);
    if (!number && at === opens && imperative(words, tags, opens, word, form)) t.subjectAgreement = 'not finite';
    else if (number && form) t.subjectAgreement = agreement(form, number);
  });
  return tags;
}
