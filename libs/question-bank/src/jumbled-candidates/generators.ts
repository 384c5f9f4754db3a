import { nounPhrases, prepositionalPhrases, range, type NounPhrase, type Span } from './phrases';
import type { Token, WordClass } from './tag';

/**
 * Candidate orders of exactly a sentence's words, each from one rule of issue #42: a targeted set
 * (what a careful reader could write instead), not all permutations.
 */
export interface Generated {
  words: string[];
  rule: GeneratorRule;
  /** Set when the order is a question though its source is not, or the reverse. */
  question?: boolean;
}

export const GENERATOR_RULES = [
  'swap-pronouns',
  'swap-determiners',
  'swap-adjectives',
  'swap-nouns',
  'move-modifier',
  'move-modifier+swap-determiners',
  'front-adverbial',
  'move-adverbial',
  'question-statement',
  'reporting-clause',
  'move-adverbial-end',
  'detach-infinitive',
  'listed-question-statement',
  'partitive-to-end',
  'move-pp',
  'swap-pronoun-antecedent',
  'pp-into-subject',
  'wh-determiner-move',
  'swap-objects',
  'clause-after-wh',
  'swap-subject-object',
  'move-object-pronoun',
  'embedded-question',
  'front-complement-clause',
  'move-auxiliary',
  'that-subject-relative',
  'swap-relative-main',
  'swap-main-relative',
  'noun-compound',
  'pp-to-main-verb',
  'that-as-demonstrative',
  'exchange-tenses',
  'comment-clause-inside',
  'front-partitive',
  'exchange-pronoun-pp-object',
  'inversion-adverb-to-adjective',
  'front-contrast-adverb',
  'move-particle',
  'number-before-previous-noun',
] as const;
export type GeneratorRule = (typeof GENERATOR_RULES)[number];

export interface Sentence {
  tokens: Token[];
  question: boolean;
}

type Generator = (s: Sentence) => Generated[];

export function generateAll(s: Sentence): Generated[] {
  return [swapPronouns, swapDeterminers, swapAdjectives, swapNouns, moveModifiers, frontAdverbials, moveAdverbials, questionStatement, reportingClause, nounCompound].flatMap((g) => g(s));
}

/**
 * The word rules that `candidatesFor` also runs on every other order an item lists: an order the
 * item accepts has the same fronted adverbials, adverbs before the verb and compounds a reader
 * could write ("It is unclear whether the scheme remains financially viable." → "Financially it
 * is unclear whether the scheme remains viable."). Moving an adverbial to the end is
 * `move-adverbial-end`'s there.
 */
export function listedOrderWordRules(s: Sentence): Generated[] {
  return [frontAdverbials, adverbsBeforeVerb, nounCompound].flatMap((g) => g(s));
}

export const wordsOf = (tokens: readonly Token[], order: readonly number[]): string[] => order.map((i) => tokens[i]?.word ?? '');
export const identity = (n: number): number[] => range(0, n);

function swapped(order: readonly number[], a: number, b: number): number[] {
  const next = [...order];
  next[a] = order[b] ?? -1;
  next[b] = order[a] ?? -1;
  return next;
}

/** Every pair of tokens whose class is in `classes`, exchanged. */
function swapPairs(s: Sentence, pick: (t: Token, i: number) => boolean, rule: GeneratorRule): Generated[] {
  const picked = s.tokens.flatMap((t, i) => (pick(t, i) ? [i] : []));
  const out: Generated[] = [];
  for (const [k, a] of picked.entries()) {
    for (const b of picked.slice(k + 1)) {
      if (s.tokens[a]?.word.toLowerCase() === s.tokens[b]?.word.toLowerCase()) continue;
      out.push({ words: wordsOf(s.tokens, swapped(identity(s.tokens.length), a, b)), rule });
    }
  }
  return out;
}

const inClasses = (...classes: WordClass[]) => (t: Token) => classes.includes(t.cls);

/** She … we → We … she. */
export const swapPronouns: Generator = (s) => swapPairs(s, inClasses('pron'), 'swap-pronouns');

/** the … our → our … the; a … the → the … a. */
export const swapDeterminers: Generator = (s) => swapPairs(s, inClasses('det', 'poss'), 'swap-determiners');

export const swapAdjectives: Generator = (s) => swapPairs(s, inClasses('adj'), 'swap-adjectives');

/** Head nouns of the same number exchanged ("the passenger … every airline"). */
export const swapNouns: Generator = (s) => {
  const heads = new Set(nounPhrases(s.tokens).map((p) => p.head));
  const singular = swapPairs(s, (t, i) => heads.has(i) && t.cls === 'noun' && !t.plural, 'swap-nouns');
  const plural = swapPairs(s, (t, i) => heads.has(i) && t.cls === 'noun' && t.plural, 'swap-nouns');
  return [...singular, ...plural];
};

/**
 * A modifier (or the whole run of modifiers) of one noun phrase moved into another, at every
 * place among that phrase's modifiers, alone and with the two determiners exchanged:
 * "the climbing wall … beginners" → "the wall … climbing beginners", "The bridge … a famous
 * Italian engineer" → "A famous Italian bridge … the engineer".
 */
export const moveModifiers: Generator = (s) => {
  const phrases = nounPhrases(s.tokens);
  const out: Generated[] = [];
  for (const from of phrases) {
    const runs = from.modifiers.length > 1 ? [...from.modifiers.map((m) => [m]), from.modifiers] : from.modifiers.map((m) => [m]);
    for (const to of phrases) {
      if (to === from) continue;
      for (const run of runs) {
        for (const slot of [...to.modifiers, to.head]) {
          const order = moveBefore(identity(s.tokens.length), run, slot);
          out.push({ words: wordsOf(s.tokens, order), rule: 'move-modifier' });
          const dets = determinersToSwap(s, from, to);
          if (dets) out.push({ words: wordsOf(s.tokens, swapped(order, order.indexOf(dets[0]), order.indexOf(dets[1]))), rule: 'move-modifier+swap-determiners' });
        }
      }
    }
  }
  return out;
};

function determinersToSwap(s: Sentence, a: NounPhrase, b: NounPhrase): [number, number] | undefined {
  if (a.det < 0 || b.det < 0) return undefined;
  if (s.tokens[a.det]?.word.toLowerCase() === s.tokens[b.det]?.word.toLowerCase()) return undefined;
  return [a.det, b.det];
}

/** The token indices `moved` (in their order) taken out and put just before token `before`. */
export function moveBefore(order: readonly number[], moved: readonly number[], before: number): number[] {
  const rest = order.filter((i) => !moved.includes(i));
  const at = rest.indexOf(before);
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

export function moveSpanTo(order: readonly number[], span: Span, at: 'front' | 'end'): number[] {
  const moved = order.slice(span.start, span.end);
  const rest = [...order.slice(0, span.start), ...order.slice(span.end)];
  return at === 'front' ? [...moved, ...rest] : [...rest, ...moved];
}

/** Words that start a relative or content clause belonging to the noun before them. */
const CLAUSE_AFTER_NOUN = new Set(['who', 'whom', 'whose', 'which', 'that']);

/** Adverbials of the sentence: prepositional phrases, single adverbs, purpose infinitives and adverbial clauses. */
export function adverbials(s: Sentence): Span[] {
  const { tokens } = s;
  const pps = prepositionalPhrases(tokens, nounPhrases(tokens));
  // A phrase whose noun has a clause after it takes the clause along when it moves, as a reader
  // would front it: "In honour of the engineers who had built the railways the station was renamed.",
  // "On condition that repayments be made within five years the loan was granted."
  const withClause = pps.filter((sp) => sp.end < tokens.length - 1 && CLAUSE_AFTER_NOUN.has(tokens[sp.end]?.word.toLowerCase() ?? '')).map((sp) => ({ start: sp.start, end: tokens.length }));
  const spans = [...pps, ...withClause];
  for (const [i, t] of tokens.entries()) {
    if (t.cls === 'adv' && t.word.toLowerCase() !== 'not') spans.push({ start: i, end: i + 1 });
    // A purpose infinitive to the end ("… repeated to rule out …"), not the complement of a verb ("forgot to bring").
    const before = tokens[i - 1]?.cls;
    if (t.cls === 'to' && i > 0 && before !== 'verb' && before !== 'aux' && before !== 'adj' && before !== 'wh') spans.push({ start: i, end: tokens.length });
    // An adverbial clause to the end ("… when I tried to pay").
    if (i > 0 && ['when', 'because', 'if', 'until', 'while', 'before', 'after', 'unless', 'although'].includes(t.word.toLowerCase()) && tokens[i + 1] && ['pron', 'det', 'poss', 'proper', 'noun'].includes(tokens[i + 1]?.cls ?? '')) {
      spans.push({ start: i, end: tokens.length });
    }
  }
  return dedupeSpans(spans);
}

function dedupeSpans(spans: Span[]): Span[] {
  const seen = new Set<string>();
  return spans.filter((sp) => {
    const key = `${sp.start}-${sp.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** An adverbial put first: "For lunch the airline gave every passenger a voucher." */
export const frontAdverbials: Generator = (s) =>
  adverbials(s)
    .filter((sp) => sp.start > 0)
    .map((sp) => ({ words: wordsOf(s.tokens, moveSpanTo(identity(s.tokens.length), sp, 'front')), rule: 'front-adverbial' as const }));

/** An adverbial moved to the end, or a single adverb put before the main verb. */
export const moveAdverbials: Generator = (s) => {
  const out: Generated[] = [];
  const n = s.tokens.length;
  for (const sp of adverbials(s)) {
    if (sp.end < n) out.push({ words: wordsOf(s.tokens, moveSpanTo(identity(n), sp, 'end')), rule: 'move-adverbial' });
    out.push(...adverbBeforeVerb(s, sp));
  }
  return out;
};

/** `move-adverbial`'s second half alone: a single adverb put before the main verb. */
const adverbsBeforeVerb: Generator = (s) => adverbials(s).flatMap((sp) => adverbBeforeVerb(s, sp));

function adverbBeforeVerb(s: Sentence, sp: Span): Generated[] {
  if (sp.end - sp.start !== 1 || s.tokens[sp.start]?.cls !== 'adv') return [];
  const verb = s.tokens.findIndex((t, i) => t.cls === 'verb' && i !== sp.start + 1 && i !== sp.start);
  return verb > 0 ? [{ words: wordsOf(s.tokens, moveBefore(identity(s.tokens.length), [sp.start], verb)), rule: 'move-adverbial' }] : [];
}

/**
 * Adjectives that are also nouns a reader puts after another noun to make a compound ("a
 * presentation brief", "a reading light", "a head cold", "the cup final", "a fashion monthly").
 * A list, not the tagger: compromise reads any word after a determiner as a noun, and WordNet
 * (wink-lexicon) gives rare noun senses to adjectives that never head a compound ("old",
 * "best", "delicious"), which would only add orders every reviewer refuses.
 */
const ALSO_COMPOUND_HEADS = new Set(
  'brief light cold final semi-final monthly weekly daily annual quarterly chief extra single short special classic regular native local principal standard average square green red white professional individual animal'.split(' '),
);

/**
 * "DET ADJ NOUN" where the adjective can also be a noun, turned into a noun-noun compound with the
 * adjective as its head: "a brief presentation" → "a presentation brief". Only a singular noun
 * that ends its phrase (a noun modifier is singular: "a presentation brief", not "a presentations brief").
 */
export const nounCompound: Generator = (s) => {
  const { tokens } = s;
  const out: Generated[] = [];
  for (let adj = 1; adj + 1 < tokens.length; adj++) {
    const det = tokens[adj - 1]?.cls;
    const noun = tokens[adj + 1];
    if ((det !== 'det' && det !== 'poss') || tokens[adj]?.cls !== 'adj' || !ALSO_COMPOUND_HEADS.has(tokens[adj]?.word.toLowerCase() ?? '')) continue;
    if (noun?.cls !== 'noun' || noun.plural || tokens[adj + 2]?.cls === 'noun') continue;
    out.push({ words: wordsOf(tokens, swapped(identity(tokens.length), adj, adj + 1)), rule: 'noun-compound' });
  }
  return out;
};

/**
 * A statement's first auxiliary put first ("The soup is too hot." → "Is the soup too hot?"), and a
 * yes/no question's auxiliary put after its subject, before the verb or the adverb before it
 * ("Could you tell me …?" → "You could tell me …").
 */
export const questionStatement: Generator = (s) => {
  const { tokens } = s;
  const n = tokens.length;
  if (!s.question) {
    const aux = tokens.findIndex((t) => t.cls === 'aux');
    const verbBefore = tokens.slice(0, Math.max(aux, 0)).some((t) => t.cls === 'verb' || t.cls === 'wh' || t.cls === 'conj');
    if (aux <= 0 || verbBefore) return [];
    return [{ words: wordsOf(tokens, moveBefore(identity(n), [aux], 0)), rule: 'question-statement' }];
  }
  if (tokens[0]?.cls !== 'aux') return [];
  const verb = tokens.findIndex((t, i) => i > 1 && (t.cls === 'verb' || t.cls === 'aux' || t.cls === 'adj' || t.cls === 'prep'));
  if (verb < 0) return [];
  const slots = [verb];
  if (tokens[verb - 1]?.cls === 'adv' && verb - 1 > 1) slots.push(verb - 1);
  return slots.map((slot) => ({ words: wordsOf(tokens, moveBefore(identity(n), [0], slot)), rule: 'question-statement' as const }));
};

const REPORTING_VERBS = new Set(['said', 'says', 'thinks', 'thought', 'believes', 'believed', 'knew', 'knows', 'explained', 'promised', 'insisted', 'realised', 'noticed', 'hoped', 'agreed', 'expected', 'suggested', 'admitted', 'claimed', 'replied', 'added', 'warned', 'told', 'reckons']);

/**
 * A reporting clause without "that" moved to the end or after the reported subject ("The
 * mechanic said the brakes …" → "The brakes needed … the mechanic said").
 */
export const reportingClause: Generator = (s) => {
  const { tokens } = s;
  const v = tokens.findIndex((t) => REPORTING_VERBS.has(t.word.toLowerCase()));
  if (v <= 0 || s.question) return [];
  let reported = v + 1;
  // "told me the …": the listener stays with the reporting verb.
  if (tokens[reported]?.cls === 'pron' && tokens[reported + 1] && tokens[reported + 1]?.cls !== 'verb' && tokens[reported + 1]?.cls !== 'aux') reported++;
  const first = tokens[reported];
  if (!first || !['pron', 'det', 'poss', 'noun', 'proper'].includes(first.cls)) return [];
  const n = tokens.length;
  const clause = range(0, reported);
  const rest = range(reported, n);
  const out: Generated[] = [{ words: wordsOf(tokens, [...rest, ...clause]), rule: 'reporting-clause' }];
  const subject = nounPhrases(tokens).find((p) => p.start === reported);
  const subjectEnd = subject ? subject.end : first.cls === 'pron' ? reported + 1 : -1;
  if (subjectEnd > 0 && subjectEnd < n) out.push({ words: wordsOf(tokens, [...range(reported, subjectEnd), ...clause, ...range(subjectEnd, n)]), rule: 'reporting-clause' });
  return out;
};
