import { adverbials, identity, moveBefore, wordsOf, type Generated, type Sentence } from './generators';
import { nounPhrases, prepositionalPhrases, range, type NounPhrase, type Span } from './phrases';
import type { Token } from './tag';

/**
 * The rules the third blind review of issue #42 found missing: the subject of a for…to infinitive
 * moved into the subject or after "be", a wh-determiner moved to another noun phrase, the two noun
 * phrases around a verb + bare infinitive exchanged, and an adverbial clause put after a wh-word.
 * Like the other phrase rules they run on every order an item lists.
 */

const COPULAS = new Set(['is', 'are', 'was', 'were']);

/** A subject noun phrase with a determiner, first in the clause or right after a question's auxiliary. */
function subjects(tokens: readonly Token[], phrases: readonly NounPhrase[]): NounPhrase[] {
  // In a question the predicate follows the subject directly ("Was the proposal far too …").
  return phrases.filter((p) => p.det >= 0 && ((p.start === 0 && ['aux', 'verb', 'adv'].includes(tokens[p.end]?.cls ?? '')) || (p.start === 1 && tokens[0]?.cls === 'aux')));
}

/**
 * A "for" phrase that is the subject of the infinitive after it ("far too expensive for the board
 * to approve") moved into the subject, after its noun ("The proposal for the board was …"), or
 * right after a copula that follows the subject ("The proposal was for the board far too …").
 */
export function ppIntoSubject(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  const phrases = nounPhrases(tokens);
  const pps = prepositionalPhrases(tokens, phrases).filter((pp) => tokens[pp.start]?.word.toLowerCase() === 'for' && tokens[pp.end]?.cls === 'to');
  const out: Generated[] = [];
  for (const subject of subjects(tokens, phrases)) {
    const slots = [subject.end];
    if (COPULAS.has(tokens[subject.end]?.word.toLowerCase() ?? '') && subject.end + 1 < n) slots.push(subject.end + 1);
    for (const pp of pps.filter((p) => p.start > subject.end + 1)) {
      for (const slot of slots) out.push({ words: wordsOf(tokens, moveBefore(identity(n), range(pp.start, pp.end), slot)), rule: 'pp-into-subject' });
    }
  }
  return out;
}

const WH_DETERMINERS = new Set(['which', 'what', 'whose']);
const DO = new Set(['do', 'does', 'did']);

/**
 * A wh-determiner that asks about the subject ("Which department is responsible for approving the
 * annual budget?") moved to a later noun phrase with a determiner, which is put first; the subject
 * takes that determiner and the auxiliary goes before it, the preposition left where it was:
 * "Which annual budget is the department responsible for approving?".
 */
export function whDeterminerMove(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  if (!s.question || !WH_DETERMINERS.has(tokens[0]?.word.toLowerCase() ?? '')) return [];
  const phrases = nounPhrases(tokens);
  const asked = phrases.find((p) => p.start === 1 && p.det < 0);
  const aux = asked?.end ?? -1;
  // The asked phrase is the subject: no other subject after the auxiliary ("Whose turn is it to …", "Which knife should I use …").
  const after = tokens[aux + 1]?.cls;
  if (!asked || tokens[aux]?.cls !== 'aux' || DO.has(tokens[aux]?.word.toLowerCase() ?? '') || after === 'pron' || after === 'proper') return [];
  const plural = tokens[asked.head]?.plural ?? false;
  return phrases
    // The determiner the asked noun takes over must fit its number ("this skills").
    .filter((p) => p.start > aux && p.det >= 0 && (tokens[p.head]?.plural ?? false) === plural)
    .map((p) => {
      const rest = range(aux + 1, n).filter((i) => i < p.start || i >= p.end);
      return { words: wordsOf(tokens, [0, ...range(p.det + 1, p.end), aux, p.det, ...range(asked.start, asked.end), ...rest]), rule: 'wh-determiner-move' as const };
    });
}

const BARE_INFINITIVE_VERBS = new Set(['help', 'helps', 'helped', 'helping', 'let', 'lets', 'letting', 'make', 'makes', 'made', 'making']);
const OBJECT_PRONOUNS = new Set(['me', 'you', 'him', 'her', 'us', 'them', 'it']);

/**
 * The object of "help/let/make" and the object of the bare infinitive after it exchanged:
 * "Joining a choir helped her meet people with similar interests." → "… helped people with similar
 * interests meet her.". An object is a pronoun, or a noun phrase with its "of"/"with" phrases.
 */
export function swapObjects(s: Sentence): Generated[] {
  const n = s.tokens.length;
  const out: Generated[] = [];
  for (const [v, verb] of s.tokens.entries()) {
    if (!BARE_INFINITIVE_VERBS.has(verb.word.toLowerCase())) continue;
    // "her meet people": the tagger reads "her" as a possessive and "meet" as a noun; after these verbs they are an object and a verb.
    const pronounFirst = OBJECT_PRONOUNS.has(s.tokens[v + 1]?.word.toLowerCase() ?? '');
    const tokens = s.tokens.map((t, i) => (pronounFirst && i === v + 1 ? { ...t, cls: 'pron' as const } : pronounFirst && i === v + 2 && t.cls === 'noun' && !t.plural ? { ...t, cls: 'verb' as const } : t));
    const first = objectAt(tokens, v + 1, false);
    if (!first || tokens[first.end]?.cls !== 'verb') continue;
    const second = objectAt(tokens, first.end + 1, true);
    // Both are people, as the one who does the infinitive's action must be ("helped me find this job" stays).
    if (!second || !isPerson(tokens, first) || !isPerson(tokens, second)) continue;
    const order = [...range(0, first.start), ...range(second.start, second.end), first.end, ...range(first.start, first.end), ...range(second.end, n)];
    out.push({ words: wordsOf(tokens, order), rule: 'swap-objects' });
  }
  return out;
}

function isPerson(tokens: readonly Token[], span: Span): boolean {
  const first = tokens[span.start];
  if (first?.cls === 'pron') return first.word.toLowerCase() !== 'it';
  const head = nounPhrases(tokens).find((p) => p.start === span.start)?.head ?? -1;
  return tokens[head]?.person === true || tokens[head]?.cls === 'proper';
}

function objectAt(tokens: readonly Token[], at: number, withPhrases: boolean): Span | undefined {
  if (tokens[at]?.cls === 'pron') return OBJECT_PRONOUNS.has(tokens[at]?.word.toLowerCase() ?? '') ? { start: at, end: at + 1 } : undefined;
  const phrases = nounPhrases(tokens);
  const np = phrases.find((p) => p.start === at);
  if (!np) return undefined;
  let end = np.end;
  if (withPhrases) {
    const pps = prepositionalPhrases(tokens, phrases);
    for (let pp = pps.find((x) => x.start === end); pp && ['of', 'with'].includes(tokens[pp.start]?.word.toLowerCase() ?? ''); pp = pps.find((x) => x.start === end)) end = pp.end;
  }
  return { start: at, end };
}

const SUBORDINATORS = new Set(['when', 'because', 'if', 'until', 'while', 'before', 'after', 'unless', 'although']);

/**
 * An adverbial clause at the end of a wh-question put right after its wh-word: "Why was my card
 * declined when I tried to pay?" → "Why when I tried to pay was my card declined?".
 */
export function clauseAfterWh(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  if (!s.question || tokens[0]?.cls !== 'wh' || tokens[1]?.cls !== 'aux') return [];
  const clauses = adverbials(s).filter((sp) => sp.end === n && sp.start > 2 && SUBORDINATORS.has(tokens[sp.start]?.word.toLowerCase() ?? ''));
  return clauses.map((sp) => ({ words: wordsOf(tokens, moveBefore(identity(n), range(sp.start, sp.end), 1)), rule: 'clause-after-wh' as const }));
}

export function thirdReviewCandidates(s: Sentence): Generated[] {
  return [...ppIntoSubject(s), ...whDeterminerMove(s), ...swapObjects(s), ...clauseAfterWh(s)];
}
