import { adverbials, identity, moveBefore, moveSpanTo, wordsOf, type Generated, type Sentence } from './generators';
import { nounPhrases, prepositionalPhrases, range, type NounPhrase, type Span } from './phrases';
import type { Token } from './tag';
import { eighthReviewCandidates } from './eighth-review-generators';
import { fourthReviewCandidates, objectRelativeEnd } from './fourth-review-generators';
import { thirdReviewCandidates } from './third-review-generators';
import { fifteenthReviewCandidates } from './fifteenth-review-generators';
import { fourteenthReviewCandidates } from './fourteenth-review-generators';
import { thirteenthReviewCandidates } from './thirteenth-review-generators';
import { twelfthReviewCandidates } from './twelfth-review-generators';

/**
 * The rules the second blind review of issue #42 found missing: phrases moved as a whole (an
 * "only" adverbial, a noun's infinitive, a partitive, a prepositional phrase) and a pronoun
 * exchanged with its noun phrase. `candidatesFor` runs them on every order an item lists, not only
 * on its key, since an order the item accepts has the same other orders a reader could write.
 */

const isVerbal = (t: Token | undefined): boolean => t?.cls === 'verb' || t?.cls === 'aux';

/** Runs of adverbs ("only recently") and "only" with the phrase it restricts ("only in May"). */
function adverbRuns(s: Sentence): Span[] {
  const { tokens } = s;
  const spans: Span[] = [];
  const isAdverb = (t: Token | undefined) => t?.cls === 'adv' && t.word.toLowerCase() !== 'not';
  for (let i = 0; i < tokens.length; i++) {
    if (!isAdverb(tokens[i]) || isAdverb(tokens[i - 1])) continue;
    let end = i;
    while (isAdverb(tokens[end])) end++;
    if (end - i > 1) spans.push({ start: i, end });
  }
  const pps = prepositionalPhrases(tokens, nounPhrases(tokens));
  for (const [i, t] of tokens.entries()) {
    const pp = pps.find((p) => p.start === i + 1);
    if (t.word.toLowerCase() === 'only' && pp) spans.push({ start: i, end: pp.end });
  }
  return spans;
}

/**
 * An adverbial moved to the end. On the key only the spans `move-adverbial` does not move (adverb
 * runs, "only" + phrase); on the other listed orders every adverbial, so that "Did investors only
 * recently begin …?" gives "Did investors begin … only recently?" and "… only begin … recently?".
 */
export function moveAdverbialEnd(s: Sentence, everyAdverbial: boolean): Generated[] {
  const n = s.tokens.length;
  const spans = everyAdverbial ? [...adverbials(s).filter((sp) => isMovableAdverbial(s.tokens, sp)), ...adverbRuns(s)] : adverbRuns(s);
  // A fronted restrictive adverbial leaves its inversion behind: "Only recently did investors …" → "Did investors … only recently?".
  const inverted = (sp: Span) => !s.question && sp.start === 0 && s.tokens[sp.end]?.cls === 'aux';
  return spans
    .filter((sp) => sp.end < n)
    .map((sp) => ({ words: wordsOf(s.tokens, moveSpanTo(identity(n), sp, 'end')), rule: 'move-adverbial-end' as const, ...(inverted(sp) ? { question: true } : {}) }));
}

/**
 * On a listed order, the adverbs and prepositional phrases only: not an "of" phrase (it belongs to
 * the noun before it), not a degree adverb ("the most important", "only recently": its word
 * follows it), not a clause or an infinitive (moving those is `front-adverbial`'s and the key's).
 */
function isMovableAdverbial(tokens: readonly Token[], sp: Span): boolean {
  const first = tokens[sp.start];
  const after = tokens[sp.end]?.cls;
  // A phrase followed by a verb or a wh-word is a clause ("until the tunnel opened") or has a relative clause.
  if (first?.cls === 'prep') return first.word.toLowerCase() !== 'of' && after !== 'verb' && after !== 'wh';
  const particle = PARTICLES.has(first?.word.toLowerCase() ?? '') && tokens[sp.start - 1]?.cls === 'verb';
  return first?.cls === 'adv' && sp.end - sp.start === 1 && after !== 'adj' && after !== 'adv' && !particle;
}

/** The particle of a phrasal verb ("switch off") stays with it. */
const PARTICLES = new Set(['off', 'up', 'out', 'down', 'away', 'back', 'on', 'in', 'over']);

const COPULAS = new Set(['is', 'are', 'was', 'were']);
const IN_INFINITIVE = new Set(['verb', 'det', 'poss', 'adj', 'noun', 'proper', 'pron', 'num', 'adv', 'prep']);

/**
 * The infinitive of a sentence's subject noun detached from it, when the verb is a copula with a
 * complement: after the copula ("The cheapest way is to see the old town on foot.") or first, as a
 * purpose clause ("To see the old town the cheapest way is on foot.").
 */
export function detachInfinitive(s: Sentence): Generated[] {
  const { tokens } = s;
  const subject = nounPhrases(tokens).find((p) => p.start === 0);
  const to = subject?.end ?? -1;
  if (tokens[to]?.cls !== 'to') return [];
  let copula = to + 1;
  while (copula < tokens.length && IN_INFINITIVE.has(tokens[copula]?.cls ?? '')) copula++;
  const verb = tokens[copula];
  if (copula <= to + 1 || !verb || !COPULAS.has(verb.word.toLowerCase()) || copula + 1 >= tokens.length || isVerbal(tokens[copula + 1])) return [];
  const infinitive = range(to, copula);
  const rest = range(copula + 1, tokens.length);
  return [
    { words: wordsOf(tokens, [...range(0, to), copula, ...infinitive, ...rest]), rule: 'detach-infinitive' },
    { words: wordsOf(tokens, [...infinitive, ...range(0, to), copula, ...rest]), rule: 'detach-infinitive' },
  ];
}

/** A partitive "of …" moved out of its wh-phrase to the end: "Which do you prefer of these jackets?" */
export function partitiveToEnd(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  const pps = prepositionalPhrases(tokens, nounPhrases(tokens));
  return pps
    .filter((pp) => tokens[pp.start]?.word.toLowerCase() === 'of' && pp.end < n && isPartitiveHead(tokens, pp.start - 1))
    .map((pp) => ({ words: wordsOf(tokens, moveSpanTo(identity(n), pp, 'end')), rule: 'partitive-to-end' as const }));
}

function isPartitiveHead(tokens: readonly Token[], i: number): boolean {
  const word = tokens[i]?.word.toLowerCase();
  if (tokens[i]?.cls === 'wh') return true;
  return (word === 'many' || word === 'much') && tokens[i - 1]?.word.toLowerCase() === 'how';
}

/**
 * A prepositional phrase that follows the subject's verb at the end of the clause moved into the
 * subject, just after its noun: "What did the announcement say about our flight?" → "What did the
 * announcement about our flight say?". Not an "of" phrase (it belongs to the noun before it) nor
 * a passive "by" agent. (Out of a noun phrase to the end is `move-adverbial`, which moves every
 * prepositional phrase to the end.)
 */
export function movePp(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  const phrases = nounPhrases(tokens);
  const pps = prepositionalPhrases(tokens, phrases).filter((pp) => pp.end === n && !['of', 'by'].includes(tokens[pp.start]?.word.toLowerCase() ?? ''));
  const out: Generated[] = [];
  // The subject: first in the clause, or after the auxiliary of a question or a wh-word.
  const isSubject = (p: NounPhrase) => p.start === 0 || ['aux', 'wh', 'conj'].includes(tokens[p.start - 1]?.cls ?? '');
  for (const np of phrases.filter((p) => p.det >= 0 && tokens[p.end]?.cls === 'verb' && isSubject(p))) {
    for (const pp of pps.filter((p) => p.start === np.end + 1)) {
      out.push({ words: wordsOf(tokens, moveBefore(identity(n), range(pp.start, pp.end), np.end)), rule: 'move-pp' });
    }
  }
  return out;
}

const SUBJECT_FORMS = new Set(['he', 'she', 'they']);
const OBJECT_FORMS = new Set(['him', 'her', 'them']);
const SINGULAR = new Set(['it', 'he', 'she', 'him', 'her']);

/**
 * A third-person pronoun exchanged with a noun phrase of the same number that has a determiner or
 * possessive ("it … the loan" → "the loan … it"), where the pronoun's form fits its new place (a
 * subject form before a verb, an object form elsewhere; "it" anywhere).
 */
export function swapPronounAntecedent(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  const out: Generated[] = [];
  for (const [p, t] of tokens.entries()) {
    const pronoun = t.word.toLowerCase();
    if (t.cls !== 'pron' || !(SINGULAR.has(pronoun) || pronoun === 'they' || pronoun === 'them') || isDummyIt(tokens, p)) continue;
    // Not a noun with a relative clause ("it who designed"), nor one the pronoun is the possessive of ("her … her back").
    const partners = nounPhrases(tokens).filter((x) => x.det >= 0 && (tokens[x.head]?.plural ?? false) === !SINGULAR.has(pronoun) && tokens[x.end]?.cls !== 'wh' && tokens[x.det]?.word.toLowerCase() !== pronoun);
    for (const np of partners) {
      if (!fitsPlace(pronoun, tokens, np)) continue;
      const phrase = range(np.start, np.end);
      const order = p < np.start ? [...range(0, p), ...phrase, ...range(p + 1, np.start), p, ...range(np.end, n)] : [...range(0, np.start), p, ...range(np.end, p), ...phrase, ...range(p + 1, n)];
      out.push({ words: wordsOf(tokens, order), rule: 'swap-pronoun-antecedent' });
    }
  }
  return out;
}

/** "It took me two hours to …", "It is essential that …", "Whose turn is it to …": an "it" that refers to nothing. */
function isDummyIt(tokens: readonly Token[], p: number): boolean {
  if (tokens[p]?.word.toLowerCase() !== 'it') return false;
  if (tokens[p + 1]?.cls === 'to') return true;
  let next = p + 1;
  while (tokens[next]?.cls === 'adv') next++;
  const later = tokens.slice(next + 1).map((t) => t.word.toLowerCase());
  // "It is …" or, in a question, "Is it …", with the clause "it" stands for coming later.
  return (isVerbal(tokens[next]) || isVerbal(tokens[p - 1])) && (later.includes('to') || later.includes('that') || later.includes('whether'));
}

function fitsPlace(pronoun: string, tokens: readonly Token[], np: NounPhrase): boolean {
  const subjectPlace = isVerbal(tokens[np.end]);
  if (SUBJECT_FORMS.has(pronoun)) return subjectPlace;
  if (OBJECT_FORMS.has(pronoun)) return !subjectPlace;
  return true;
}

/**
 * Where the subject that starts at `from` ends: a pronoun, or a noun phrase with the
 * prepositional phrases right after it ("of" phrases only, unless `withPhrases`: in a yes/no
 * question a phrase before the verb is the subject's) and an object relative clause after those
 * ("the projector that nobody noticed"); -1 if none.
 */
function subjectEnd(tokens: readonly Token[], from: number, withPhrases: boolean): number {
  if (tokens[from]?.cls === 'pron') return from + 1;
  const np = nounPhrases(tokens).find((p) => p.start === from);
  if (!np) return -1;
  const pps = prepositionalPhrases(tokens, nounPhrases(tokens));
  let end = np.end;
  for (let pp = pps.find((x) => x.start === end); pp && (withPhrases || tokens[pp.start]?.word.toLowerCase() === 'of'); pp = pps.find((x) => x.start === end)) end = pp.end;
  // Only a clause the predicate follows at once: "which we published last week has …" keeps its adverbial.
  const relative = objectRelativeEnd(tokens, end);
  return relative > 0 && isVerbal(tokens[relative]) ? relative : end;
}

/** What may follow a question's subject where the statement puts the auxiliary: not a relative clause, an infinitive or a participle of the noun. */
const AFTER_SUBJECT = new Set(['verb', 'adv', 'adj', 'prep', 'det', 'poss', 'aux', 'num']);

/**
 * An order's other form, only where the auxiliary stands right after (statement) or right before
 * (question) a subject that starts the clause: "A council has approved …" ⇄ "Has a council
 * approved …?". Stricter than `question-statement`, which moves the first auxiliary it finds.
 */
export function otherForm(s: Sentence): string[][] {
  const { tokens } = s;
  const n = tokens.length;
  if (!s.question) {
    const end = subjectEnd(tokens, 0, false);
    return end > 0 && tokens[end]?.cls === 'aux' ? [wordsOf(tokens, moveBefore(identity(n), [end], 0))] : [];
  }
  if (tokens[0]?.cls !== 'aux') return [];
  const end = subjectEnd(tokens, 1, true);
  const after = tokens[end];
  if (end <= 1 || !after || !AFTER_SUBJECT.has(after.cls)) return [];
  // "Must anyone wishing to speak …": a participle after the subject is the noun's, unless the auxiliary is "be".
  if (after.cls === 'verb' && /ing$/.test(after.word) && !['is', 'are', 'was', 'were', 'am'].includes(tokens[0]?.word.toLowerCase() ?? '')) return [];
  return [wordsOf(tokens, [...range(1, end), 0, ...range(end, n)])];
}

/** The rules above, on one listed order (`isKey`: the item's key, where move-adverbial already ran). */
export function phraseCandidates(s: Sentence, isKey: boolean): Generated[] {
  return [...moveAdverbialEnd(s, !isKey), ...detachInfinitive(s), ...partitiveToEnd(s), ...movePp(s), ...swapPronounAntecedent(s), ...thirdReviewCandidates(s), ...fourthReviewCandidates(s), ...eighthReviewCandidates(s), ...twelfthReviewCandidates(s), ...thirteenthReviewCandidates(s), ...fourteenthReviewCandidates(s), ...fifteenthReviewCandidates(s)];
}
