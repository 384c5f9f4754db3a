import type { Tags } from './tags';
import { BASE_FORM_AFTER, DETERMINERS, isWord, PREPOSITION_SET, PREPOSITIONS } from './word-classes';

export { PREPOSITIONS } from './word-classes';

/** The kinds of slip the masked language model is asked about (issue 43's experiments name them so). */
export const CONFUSION_SETS = [
  'article',
  'unlikely article',
  'missing article',
  'preposition',
  'unlikely preposition',
  'number',
  'agreement',
  'auxiliary',
  'verb form',
  'determiner',
  'homophone',
  'opening comma',
  'phrase comma',
  'clause comma',
  'unlikely comma',
] as const;
export type ConfusionSet = (typeof CONFUSION_SETS)[number];

/** The sets about a comma, put in after the word they mark or taken out: punctuation, not grammar. */
const COMMA_SETS: ReadonlySet<ConfusionSet> = new Set<ConfusionSet>(['opening comma', 'phrase comma', 'clause comma', 'unlikely comma']);
export function isCommaSet(set: ConfusionSet): boolean {
  return COMMA_SETS.has(set);
}

/**
 * One proposed edit: `replacement` replaces words[start..end) (start === end inserts before
 * words[start]); `token` is the word a flag marks.
 */
export interface ConfusionEdit {
  set: ConfusionSet;
  token: number;
  start: number;
  end: number;
  replacement: string[];
}

const ARTICLES = new Set(['a', 'an', 'the']);
const AUXILIARIES = ['is', 'are', 'was', 'were', 'am'];
const AUXILIARY_SET = new Set([...AUXILIARIES, 'do', 'does', 'did', 'can', 'could', 'would', 'should', 'may', 'might', 'must', 'shall', 'to', 'not', "n't", 'being']);
const AGREEMENT_PAIRS = new Map([['is', 'are'], ['are', 'is'], ['was', 'were'], ['were', 'was'], ['has', 'have'], ['have', 'has'], ['does', 'do'], ['do', 'does']]);
/** A determiner and its other number or countability ("this books", "much people"). */
const DETERMINER_PAIRS = new Map([['this', 'these'], ['these', 'this'], ['that', 'those'], ['those', 'that'], ['much', 'many'], ['many', 'much'], ['little', 'few'], ['few', 'little'], ['less', 'fewer'], ['amount', 'number']]);
/** Words learners confuse with one that sounds or looks alike (LanguageTool needs its n-gram data for most of these). */
const HOMOPHONES = (
  [
  ['their', 'there'], ['then', 'than'], ['to', 'too'], ['were', 'where'], ['of', 'off'], ['lose', 'loose'], ['affect', 'effect'], ['accept', 'except'], ['quite', 'quiet'],
  ['weather', 'whether'], ['advice', 'advise'], ['past', 'passed'], ['whole', 'hole'], ['peace', 'piece'], ['hear', 'here'], ['know', 'no'], ['new', 'knew'], ['write', 'right'],
  ['by', 'buy'], ['though', 'through'], ['though', 'thought'], ['live', 'life'], ['chose', 'choose'], ['lost', 'lose'], ['felt', 'fell'],
  ] as [string, string][]
)
  .flatMap(([a, b]) => [[a, b], [b, a]] as [string, string][])
  .reduce((m, [a, b]) => m.set(a, [...(m.get(a) ?? []), b]), new Map<string, string[]>());
/**
 * How a sentence opens, when a comma usually closes its opening: a clause ("If it rains, …"), a
 * linking adverb ("However, …", "Thus, even today …") or a set linking phrase ("For example, …"),
 * the "opening comma"; or a preposition's or an adverb's phrase ("In a market economy, the price …"),
 * the "phrase comma", asked only from the opening's fourth word on and not where the words before
 * the gap are of time: careful writers often leave a short phrase without one ("On her desk there
 * is a lamp"), and a phrase of time however long ("For almost an hour he wandered …"). A gap the
 * phrase comma does not ask about is left to the clause comma ("In the past, however, people …").
 */
const CLAUSE_OPENERS: ReadonlySet<string> = new Set([
  'if', 'when', 'whenever', 'while', 'although', 'though', 'because', 'unless', 'whereas',
  'however', 'thus', 'hence', 'therefore', 'moreover', 'furthermore', 'besides', 'consequently', 'additionally', 'otherwise', 'instead', 'meanwhile', 'nevertheless', 'nonetheless',
  'firstly', 'secondly', 'thirdly', 'lastly', 'overall', 'indeed', 'similarly', 'likewise',
  'unfortunately', 'fortunately', 'luckily', 'sadly', 'hopefully', 'personally', 'obviously', 'clearly', 'generally', 'actually', 'basically',
]);
/** Words that open a phrase a comma may close; one that opens a phrase of time (during, after, then, today …) never does (longPhrase). */
const PHRASE_OPENERS: ReadonlySet<string> = new Set([...PREPOSITIONS, 'by', 'without', 'despite', 'as', 'like', 'unlike', 'according', 'due', 'so', 'also', 'still']);
/** How many words of a sentence's opening come before the first gap a phrase comma is asked at. */
const LONG_PHRASE_WORDS = 4;
/** Words that, anywhere before the gap, make an opening phrase one of time ("Once a year", "During the long winter", "In 1990"). */
const TIME_WORDS: ReadonlySet<string> = new Set([
  'time', 'times', 'moment', 'moments', 'seconds', 'minute', 'minutes', 'hour', 'hours', 'day', 'days', 'week', 'weeks', 'weekend', 'weekends',
  'month', 'months', 'year', 'years', 'decade', 'decades', 'century', 'centuries', 'age', 'ages', 'era', 'period', 'childhood', 'past', 'future',
  'morning', 'mornings', 'afternoon', 'afternoons', 'evening', 'evenings', 'night', 'nights', 'summer', 'autumn', 'winter', 'holiday', 'holidays',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'today', 'tonight', 'yesterday', 'tomorrow', 'nowadays', 'ago', 'during', 'after', 'before', 'until', 'since',
]);
/** Words of time or sequence that make a phrase one of time only at its start, first or after a preposition ("Then he heard …", "At first I …", "Until then …"), not further in ("In the second part …"). */
const TIME_OPENERS: ReadonlySet<string> = new Set(['once', 'first', 'second', 'third', 'next', 'then', 'now', 'finally', 'eventually', 'initially', 'ultimately', 'recently', 'later', 'soon']);
/** Whether the words of an opening up to a gap make a phrase that usually takes a comma there: four words or more, and not of time. */
const longPhrase = (words: readonly string[]) =>
  words.length >= LONG_PHRASE_WORDS && !words.slice(0, 2).some((w) => TIME_OPENERS.has(w)) && !words.some((w) => TIME_WORDS.has(w) || /^\d{4}s?$/.test(w));
/** Linking phrases that open a sentence: the comma goes right after them, nowhere else in the opening. */
const LINKING_PHRASES = ['for example', 'for instance', 'in addition', 'in fact', 'of course', 'in conclusion', 'in general', 'in short', 'in other words', 'in my opinion', 'on the other hand', 'on one hand', 'on the one hand', 'as a result', 'in contrast', 'by contrast'].map((p) => p.split(' '));
const OPENING_GAPS = 10;
/** Words a comma usually comes before when they add a clause or a comment ("…, which …", "…, especially …"); "but", "yet" and "so" only before a subject ("…, but we stayed", not "small but bright"). */
const CLAUSE_LINKS: ReadonlySet<string> = new Set(['but', 'so', 'yet', 'which', 'especially', 'whereas', 'although', 'though', 'however', 'therefore']);
const BEFORE_A_SUBJECT: ReadonlySet<string> = new Set(['but', 'so', 'yet']);
/** Words that join two clauses when a subject follows them: a comma before them is the writer's to choose, never a slip. */
const JOINING: ReadonlySet<string> = new Set(['and', 'or', ...BEFORE_A_SUBJECT]);
/** How many words an item of a list may have after the comma before it, for that comma to be read as a list's. */
const LIST_ITEM_WORDS = 3;
const LIST_MARKS_AFTER: ReadonlySet<string> = new Set([',', 'and', 'or']);
const LIST_MARKS_BEFORE: ReadonlySet<string> = new Set([',']);
/** Determiners that after "so" make it a degree word or a purpose ("so many", "so that I could"), not a clause's link. */
const NOT_A_SUBJECT: ReadonlySet<string> = new Set(['that', 'many', 'much', 'few', 'little', 'more', 'most', 'such', 'all', 'far', 'long']);

/** Gaps where a comma may be missing: in a sentence's opening phrase or clause, and before a word that links a clause. */
function commaEdits(words: readonly string[], tags: readonly Tags[]): ConfusionEdit[] {
  const out: ConfusionEdit[] = [];
  const gap = (set: ConfusionSet, i: number) => out.push({ set, token: i - 1, start: i, end: i, replacement: [','] });
  // Where a comma goes, a word stands on either side; and not before the last word of a line without a full stop (a greeting, a sign-off: "Best wishes Anna").
  const between = (i: number) => isWord(words[i - 1]) && isWord(words[i]) && i < words.length - 1;
  const first = words.findIndex(isWord);
  const opener = words[first] ?? '';
  // "In addition to this …", "As a result of the storm …" go on as a phrase: the comma is not right after the linking words.
  const phrase = LINKING_PHRASES.find((p) => p.every((w, k) => words[first + k] === w) && words[first + p.length] !== 'to' && words[first + p.length] !== 'of');
  // "Instead of watching …", "Because of the rain …" open a phrase, not a clause.
  const openingSet: ConfusionSet = phrase || (CLAUSE_OPENERS.has(opener) && words[first + 1] !== 'of') ? 'opening comma' : 'phrase comma';
  const opening = new Set<number>();
  if (phrase) {
    if (between(first + phrase.length)) opening.add(first + phrase.length);
  } else if (CLAUSE_OPENERS.has(opener) || PHRASE_OPENERS.has(opener)) {
    // "and" or "or" inside the opening joins its own parts ("Because the steps are steep and there is no rail, …").
    for (let i = first + 1; i <= first + OPENING_GAPS && between(i); i += 1) {
      if (words[i] === 'and' || words[i] === 'or') continue;
      if (openingSet === 'phrase comma' && !longPhrase(words.slice(first, i))) continue;
      opening.add(i);
    }
  }
  for (const i of opening) gap(openingSet, i);
  // The word after "but", "yet" or "so" starts a clause when it can be its subject.
  const subjectAt = (i: number) => {
    const word = words[i] ?? '';
    const t = tags[i];
    return !NOT_A_SUBJECT.has(word) && (DETERMINERS.has(word) || word === 'there' || Boolean(t?.pronoun) || Boolean(t?.noun && !t.adjective));
  };
  // A comma that parts the items of a list: another comma, or "and" or "or", within a few words after it ("walking tours, beaches and parks"), or another comma within a few words before it ("a change, a reason, a result").
  const listMarkWithin = (i: number, step: 1 | -1, marks: ReadonlySet<string>) => {
    for (let k = i + 2 * step; Math.abs(k - i) <= 1 + LIST_ITEM_WORDS && k >= 0 && k < words.length; k += step) {
      const word = words[k] ?? '';
      if (marks.has(word)) return true;
      if (!isWord(word)) return false;
    }
    return false;
  };
  const inList = (i: number) => listMarkWithin(i, 1, LIST_MARKS_AFTER) || listMarkWithin(i, -1, LIST_MARKS_BEFORE);
  words.forEach((w, i) => {
    const forExample = w === 'for' && (words[i + 1] === 'example' || words[i + 1] === 'instance');
    const links = forExample || (CLAUSE_LINKS.has(w) && (!BEFORE_A_SUBJECT.has(w) || subjectAt(i + 1)));
    if (links && i > first + 1 && between(i) && !opening.has(i)) gap('clause comma', i);
    // A comma between two words, where the model finds one unlikely ("I believe, this number is …"); not one that joins two clauses ("since Monday, and water is …").
    if (w === ',' && isWord(words[i - 1]) && isWord(words[i + 1]) && !(JOINING.has(words[i + 1] ?? '') && subjectAt(i + 2)) && !inList(i)) {
      out.push({ set: 'unlikely comma', token: i, start: i, end: i + 1, replacement: [] });
    }
  });
  return out;
}

const indefinite = (next: string | undefined) => (next && /^[aeiou]/.test(next) && !/^(?:u[nts]i|eu|one|once|use)/.test(next) ? 'an' : 'a');

/**
 * The edits proposed at each token of a sentence (lowercased tokens, contractions split as "do n't"),
 * per confusion set. `wide` is for a scorer that sees the whole sentence (the masked language model,
 * what learners get): it also proposes an article before an adjective, agreement wherever a verb is
 * (not only right after its subject), a verb's base form after a modal, "do" or "to" ("verb form"),
 * a determiner's other number ("determiner") and a word learners confuse with another
 * ("homophone"); and an inserted article ("missing article") and an article or preposition removed
 * are sets of their own, and so is a comma put in after a sentence's opening clause or linking
 * word ("opening comma"), after a long opening phrase not of time ("phrase comma") or before a
 * word that links a clause ("clause comma"), and a comma taken out ("unlikely comma"). Without
 * `wide`: the word-bigram experiment's five sets (bench/feedback-eval).
 */
export function confusionEdits(words: readonly string[], tags: readonly Tags[], { wide = true }: { wide?: boolean } = {}): ConfusionEdit[] {
  const out: ConfusionEdit[] = [];
  words.forEach((w, i) => {
    const t = tags[i] ?? {};
    const next = words[i + 1];
    const prev = words[i - 1];
    if (ARTICLES.has(w)) {
      const others = w === 'the' ? [indefinite(next)] : ['the'];
      for (const r of others) out.push({ set: 'article', token: i, start: i, end: i + 1, replacement: [r] });
      out.push({ set: wide ? 'unlikely article' : 'article', token: i, start: i, end: i + 1, replacement: [] });
    } else if (isWord(w) && isWord(prev) && ((t.noun && !t.plural && !t.adjective) || (wide && t.adjective && !t.noun && !t.verb)) && !t.pronoun && !t.proper && !DETERMINERS.has(prev) && !tags[i - 1]?.adjective) {
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
    const determiner = DETERMINER_PAIRS.get(w);
    if (wide && determiner) out.push({ set: 'determiner', token: i, start: i, end: i + 1, replacement: [determiner] });
    if (wide) for (const r of HOMOPHONES.get(w) ?? []) out.push({ set: 'homophone', token: i, start: i, end: i + 1, replacement: [r] });
    // After "to" only where the tagger sees a verb (t.verb).
    if (wide && prev && BASE_FORM_AFTER.has(prev) && t.verb && t.baseForm && t.baseForm !== w && !AUXILIARY_SET.has(w)) {
      out.push({ set: 'verb form', token: i, start: i, end: i + 1, replacement: [t.baseForm] });
    }
  });
  return wide ? [...out, ...commaEdits(words, tags)] : out;
}

/** Nouns a preposition takes without an article ("at night", "in winter", "by car", "to school"). */
const BARE_AFTER: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    at: 'home school work night noon midnight dawn dusk university college church sea first last least most once heart sight breakfast lunch dinner present risk',
    in: 'bed hospital prison town school church class winter summer spring autumn time charge length fact general particular public private advance person half',
    by: 'car bus train bike bicycle plane air sea road post email phone mistake chance heart day night hand foot',
    on: 'foot time top holiday board purpose fire sale display average strike duty',
    to: 'school work bed church hospital prison town sea university college',
    for: 'breakfast lunch dinner example instance sale fun ever free good',
    from: 'home school work scratch top',
    after: 'school work breakfast lunch dinner dark',
    before: 'breakfast lunch dinner school work dark',
    during: 'winter summer spring autumn breakfast lunch dinner',
    of: 'course',
  }).map(([preposition, nouns]) => [preposition, new Set(nouns.split(' '))]),
);

/**
 * Where British and American English put another preposition, or none, before the same noun ("at
 * the weekend", "on the weekend", "open weekends"): the page accepts either variety, so the model,
 * which learnt mostly American text, is not asked.
 */
const VARIETY_PREPOSITIONS: ReadonlyMap<string, { prepositions: ReadonlySet<string>; orNone: boolean }> = new Map([
  ['weekend', { prepositions: new Set(['at', 'on']), orNone: true }],
  ['weekends', { prepositions: new Set(['at', 'on']), orNone: true }],
  ['street', { prepositions: new Set(['in', 'on']), orNone: false }],
  ['team', { prepositions: new Set(['in', 'on']), orNone: false }],
]);

/** A preposition written where the other variety has another one, or none ("at my weekend" and "on my weekend" alike). */
function varietyPreposition(edit: ConfusionEdit, words: readonly string[]): boolean {
  if (edit.set !== 'preposition' && edit.set !== 'unlikely preposition') return false;
  const next = DETERMINERS.has(words[edit.token + 1] ?? '') ? words[edit.token + 2] : words[edit.token + 1];
  const varies = VARIETY_PREPOSITIONS.get(next ?? '');
  if (!varies?.prepositions.has(words[edit.token] ?? '')) return false;
  return edit.replacement.length === 0 ? varies.orNone : edit.replacement.every((w) => varies.prepositions.has(w));
}

const INDEFINITE_ARTICLES: ReadonlySet<string> = new Set(['a', 'an']);
/** Verbs a word describing the subject follows, as an adjective or a noun alike ("is vegetarian", "became a vegetarian"). */
const LINKING_VERBS: ReadonlySet<string> = new Set(['be', 'is', 'are', 'was', 'were', 'am', 'been', 'being', 'become', 'becomes', 'became', 'seem', 'seems', 'seemed', 'remain', 'remains', 'remained']);

/** The noun a phrase starting at `from` leads to, past the adjectives before it ("new school"); `from` itself where no noun follows them. */
function nounHead(from: number, tags: readonly Tags[]): number {
  let head = from;
  while (tags[head]?.adjective && tags[head + 1]?.noun) head += 1;
  return head;
}

/**
 * Whether an edit goes to the model. Agreement: unless the tagger finds the verb's form agrees with
 * its subject, or the verb follows "to" or a modal (tags.ts, subjectAgreement); where it finds no
 * subject it can judge, the model decides. An article put in: only before a singular noun the
 * tagger does not know as a mass noun or a time word, an adjective counting as the noun it comes
 * before, and not where a preposition takes the noun bare ("at night"). "A" or "an" taken out: only
 * where the tagger finds no singular count noun after it, past its adjectives ("a useful advice",
 * not "at a new school"). A preposition where the varieties differ ("at the weekend"): never.
 * Proposed everywhere, all three flagged well-written passages of ours where the text was right
 * ("until the glasshouse reopens" → reopen, "next year" → the next year, "at a new school" → at
 * new school): the model reads the words around, not which of them is the verb's subject or
 * whether a noun is counted.
 */
export function worthScoring(edit: ConfusionEdit, words: readonly string[], tags: readonly Tags[]): boolean {
  if (edit.set === 'agreement') {
    const judged = tags[edit.token]?.subjectAgreement;
    return judged === undefined || judged === 'disagrees';
  }
  if (edit.set === 'missing article') {
    const head = nounHead(edit.token, tags);
    const noun = tags[head];
    // A word the tagger also reads as an adjective ("one of our guests is vegetarian") may need no article.
    if (DETERMINERS.has(words[edit.token] ?? '') || !noun?.noun || noun.adjective || noun.plural || noun.uncountable || noun.time) return false;
    // A lone word that ends a clause after "be" may be an adjective the tagger knows only as a noun ("our guest is vegetarian", "she is expert").
    if (head === edit.token && LINKING_VERBS.has(words[edit.token - 1] ?? '') && !isWord(words[edit.token + 1])) return false;
    return !BARE_AFTER.get(words[edit.token - 1] ?? '')?.has(words[head] ?? '');
  }
  if (edit.set === 'unlikely article' && INDEFINITE_ARTICLES.has(words[edit.token] ?? '')) {
    // "a"/"an" goes only before one of a thing: it is a slip before a plural or a mass noun ("a useful advice"), never before a singular count noun ("at a new school").
    const noun = tags[nounHead(edit.token + 1, tags)];
    return !(noun?.noun && !noun.adjective && !noun.pronoun && !noun.plural && !noun.uncountable);
  }
  return !varietyPreposition(edit, words);
}
