import nlp from 'compromise';
import { identity, moveSpanTo, wordsOf, type Generated, type Sentence } from './generators';
import { nounPhrases, range, type Span } from './phrases';
import { lowerWord, MOVABLE_OBJECT_PRONOUNS, type Token } from './tag';

/**
 * The rules the fourth blind review of issue #42 found missing: subject and object exchanged, an
 * object pronoun moved to a later verb, an embedded question made direct, a complement clause
 * fronted, an auxiliary moved between the main and the reported clause, a that-clause's subject
 * made the head of a relative clause, and a relative clause exchanged with its main clause. Like
 * the other phrase rules they run on every order an item lists.
 */

const INDEFINITE_PEOPLE = new Set(['everyone', 'everybody', 'nobody', 'someone', 'somebody', 'anyone', 'anybody']);
const lower = lowerWord;

interface Phrase extends Span {
  plural: boolean;
}

/** A person noun phrase with a determiner ("the captain"), a name, or an indefinite pronoun ("everyone") at `at`. */
function personAt(tokens: readonly Token[], at: number): Phrase | undefined {
  if (INDEFINITE_PEOPLE.has(lower(tokens[at]))) return { start: at, end: at + 1, plural: false };
  const np = nounPhrases(tokens).find((p) => p.start === at);
  if (!np) return undefined;
  const head = tokens[np.head];
  const person = head?.person === true || (head?.cls === 'proper' && np.start === np.head);
  return person && (np.det >= 0 || head?.cls === 'proper') ? { start: np.start, end: np.end, plural: head?.plural ?? false } : undefined;
}

/**
 * The subject and the object of the first verb exchanged when both are people of the same number
 * (so the verb still agrees and the sentence still says something a person does to a person):
 * "The captain thanked everyone for their patience." → "Everyone thanked the captain for their patience.".
 */
export function swapSubjectObject(s: Sentence): Generated[] {
  const { tokens } = s;
  const subject = personAt(tokens, 0);
  if (!subject || tokens[subject.end]?.cls !== 'verb') return [];
  const verb = subject.end;
  const object = personAt(tokens, verb + 1);
  if (!object || object.plural !== subject.plural) return [];
  const order = [...range(object.start, object.end), verb, ...range(subject.start, subject.end), ...range(object.end, tokens.length)];
  return [{ words: wordsOf(tokens, order), rule: 'swap-subject-object' }];
}


/**
 * An object pronoun after a verb moved to after a later infinitive whose complement is a
 * participle or an adjective, where it becomes that verb's object (the causative "get someone
 * used to"): "It took me weeks to get used to night shifts." → "It took weeks to get me used to night shifts.";
 * since the thirteenth blind draw also after an infinitive that takes someone to benefit before its
 * object, where it becomes that person: "It took us three weeks to find a suitable venue." → "It
 * took three weeks to find us a suitable venue.".
 */
export function moveObjectPronoun(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  const out: Generated[] = [];
  for (const [p, t] of tokens.entries()) {
    if (t.cls !== 'pron' || !MOVABLE_OBJECT_PRONOUNS.has(lower(t)) || tokens[p - 1]?.cls !== 'verb') continue;
    for (let v = p + 2; v < n - 1; v++) {
      if (tokens[v]?.cls !== 'verb' || tokens[v - 1]?.cls !== 'to' || !(isComplement(tokens, v + 1) || isBeneficiarySlot(tokens, v))) continue;
      const rest = identity(n).filter((i) => i !== p);
      const at = rest.indexOf(v) + 1;
      out.push({ words: wordsOf(tokens, [...rest.slice(0, at), p, ...rest.slice(at)]), rule: 'move-object-pronoun' });
    }
  }
  return out;
}

/** Verbs that take a person to benefit before their object ("find us a venue", "book me a table"). */
const BENEFACTIVE_VERBS = new Set(['find', 'get', 'buy', 'book', 'make', 'build', 'cook', 'fetch', 'bring', 'order', 'reserve', 'choose', 'pick', 'save', 'leave']);

/** An infinitive of such a verb with a noun phrase straight after it, where a pronoun can come between. */
function isBeneficiarySlot(tokens: readonly Token[], v: number): boolean {
  return BENEFACTIVE_VERBS.has(lower(tokens[v])) && nounPhrases(tokens).some((p) => p.start === v + 1);
}

/** A participle, or an adjective that is not a noun's ("get used to", "keep warm"; not "drink more water"). */
function isComplement(tokens: readonly Token[], i: number): boolean {
  if (tokens[i]?.cls === 'verb') return true;
  return tokens[i]?.cls === 'adj' && !['noun', 'adj', 'proper'].includes(tokens[i + 1]?.cls ?? '');
}

/**
 * A verb at `i` the clause after it can complement. The tagger reads some plural nouns as verbs
 * ("recruiting volunteers who …"): a "verb" right after another verb is its object.
 */
const isVerbBefore = (tokens: readonly Token[], i: number): boolean => tokens[i]?.cls === 'verb' && !tokens[i]?.plural && tokens[i - 1]?.cls !== 'verb';

const SUBJECT_START = new Set(['det', 'poss', 'pron', 'proper', 'noun', 'adj']);
const WH_PHRASE = new Set(['adj', 'adv', 'noun', 'num']);

/**
 * An embedded question of a yes/no question made a direct question, its frame after it: the
 * wh-phrase first, then the embedded clause's auxiliary or "be" before its subject ("Do you happen
 * to know where the meeting room is?" → "Where is the meeting room do you happen to know?"), or the
 * clause as it is when the wh-phrase is its subject. Nothing when the direct question would need
 * "do", a word the item does not have.
 */
export function embeddedQuestion(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  if (!s.question || tokens[0]?.cls !== 'aux') return [];
  const w = tokens.findIndex((t, i) => i > 1 && t.cls === 'wh' && lower(t) !== 'whether' && (isVerbBefore(tokens, i - 1) || tokens[i - 1]?.cls === 'pron'));
  if (w < 0) return [];
  let q = w + 1;
  while (q < n && WH_PHRASE.has(tokens[q]?.cls ?? '')) q++;
  const frame = range(0, w);
  // "who is coming", "how many people are coming": the wh-phrase is the subject, no inversion.
  if (tokens[q]?.cls === 'aux' || tokens[q]?.cls === 'verb') return [{ words: wordsOf(tokens, [...range(w, n), ...frame]), rule: 'embedded-question' }];
  // Otherwise the wh-phrase is "where" or "what time", and the subject starts after it.
  const subjectStart = q > w + 1 && SUBJECT_START.has(tokens[q]?.cls ?? '') && tokens[q]?.cls !== 'noun' && tokens[q]?.cls !== 'adj' ? q : w + 1;
  const aux = tokens.findIndex((t, i) => i > subjectStart && t.cls === 'aux');
  if (aux < 0 || !SUBJECT_START.has(tokens[subjectStart]?.cls ?? '') || range(subjectStart, aux).some((i) => tokens[i]?.cls === 'verb' || tokens[i]?.cls === 'wh')) return [];
  const direct = [...range(w, subjectStart), aux, ...range(subjectStart, aux), ...range(aux + 1, n)];
  return [{ words: wordsOf(tokens, [...direct, ...frame]), rule: 'embedded-question' }];
}

/** "that" that starts a clause (the tagger reads "that the" as a determiner). */
const startsThatClause = (tokens: readonly Token[], i: number): boolean => lower(tokens[i]) === 'that' && ['det', 'poss', 'pron', 'proper', 'noun'].includes(tokens[i + 1]?.cls ?? '');

/**
 * A wh-clause or that-clause that is the complement of a verb (after the verb or its pronoun
 * object) and ends the sentence, put first: "I don't understand what this red button does." →
 * "What this red button does I don't understand.".
 */
export function frontComplementClause(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  if (s.question) return [];
  const c = tokens.findIndex((t, i) => i > 1 && (t.cls === 'wh' || startsThatClause(tokens, i)) && (isVerbBefore(tokens, i - 1) || (tokens[i - 1]?.cls === 'pron' && isVerbBefore(tokens, i - 2))));
  if (c < 0 || c >= n - 1) return [];
  return [{ words: wordsOf(tokens, moveSpanTo(identity(n), { start: c, end: n }, 'front')), rule: 'front-complement-clause' }];
}

const PERFECT = new Set(['had', 'has', 'have']);
const FUTURE = new Set(['will', 'would']);
const NOT_THIRD_SINGULAR = new Set(['i', 'you', 'we', 'they']);

function forms(verb: string): { infinitive: string; past: string; participle: string } | undefined {
  const [c] = nlp(verb).verbs().conjugate() as Array<Record<string, string | undefined>>;
  if (!c?.['Infinitive'] || !c['PastTense']) return undefined;
  return { infinitive: c['Infinitive'], past: c['PastTense'], participle: c['Participle'] ?? c['PastTense'] };
}

/** A verb that can follow the auxiliary and also stand without it: a participle that is the past form ("told", "changed"), or a bare infinitive after will/would. */
function fitsBoth(aux: string, verb: string): boolean {
  const f = forms(verb.toLowerCase());
  if (!f) return false;
  return PERFECT.has(aux) ? f.past === verb.toLowerCase() && f.participle === f.past : f.infinitive === verb.toLowerCase();
}

/** The subject that ends at index `at` is one "has" (3rd person singular) or "have"/a bare verb (the rest) agrees with. */
function agrees(tokens: readonly Token[], at: number, thirdSingular: boolean): boolean {
  const before = tokens[at];
  if (before?.cls === 'pron') return NOT_THIRD_SINGULAR.has(lower(before)) !== thirdSingular;
  if (before?.cls === 'noun' || before?.cls === 'proper') return (before.plural ?? false) !== thirdSingular;
  return false;
}

/**
 * An auxiliary (had, has, have, will, would) moved between the main clause and its reported
 * "that" clause, either way, where both verbs have a form that fits with and without it: "A member
 * of staff told us that our gate had changed." → "A member of staff had told us that our gate changed.".
 */
export function moveAuxiliary(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  const out: Generated[] = [];
  const t = tokens.findIndex((_, i) => startsThatClause(tokens, i));
  if (t < 2 || s.question) return [];
  const main = range(0, t).filter((i) => tokens[i]?.cls === 'verb');
  const reported = range(t + 1, n).filter((i) => tokens[i]?.cls === 'verb');
  const v1 = main.at(-1);
  const v2 = reported[0];
  if (v1 === undefined || v2 === undefined || main.length !== 1) return [];
  const moveTo = (aux: number, before: number) => {
    const rest = identity(n).filter((i) => i !== aux);
    const at = rest.indexOf(before);
    return [...rest.slice(0, at), aux, ...rest.slice(at)];
  };
  const movable = (a: number) => PERFECT.has(lower(tokens[a])) || FUTURE.has(lower(tokens[a]));
  const fits = (a: number, from: number, to: number) => {
    const aux = lower(tokens[a]);
    if (!fitsBoth(aux, tokens[from]?.word ?? '') || !fitsBoth(aux, tokens[to]?.word ?? '')) return false;
    // "had" and "would" agree with any subject; "has"/"have" must agree with the new one, and a bare verb left behind with its own.
    if (aux === 'has' || aux === 'have') return agrees(tokens, to - 1, aux === 'has');
    if (FUTURE.has(aux)) return agrees(tokens, from - 2, false);
    return true;
  };
  // Into the main clause: "… told us that our gate had changed" → "… had told us that our gate changed".
  if (tokens[v2 - 1] && movable(v2 - 1) && tokens[v1 - 1]?.cls !== 'aux' && fits(v2 - 1, v2, v1)) out.push({ words: wordsOf(tokens, moveTo(v2 - 1, v1)), rule: 'move-auxiliary' });
  // Into the reported clause: "… had told us that our gate changed" → "… told us that our gate had changed".
  if (tokens[v1 - 1] && movable(v1 - 1) && tokens[v2 - 1]?.cls !== 'aux' && fits(v1 - 1, v1, v2)) out.push({ words: wordsOf(tokens, moveTo(v1 - 1, v2)), rule: 'move-auxiliary' });
  return out;
}

const SUBJECT_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'we', 'they']);

/** The subject that starts a clause at `at`: a subject pronoun, an indefinite pronoun, a name, or a noun phrase with a determiner. */
function subjectAt(tokens: readonly Token[], at: number): Span | undefined {
  const word = lower(tokens[at]);
  if ((tokens[at]?.cls === 'pron' && SUBJECT_PRONOUNS.has(word)) || INDEFINITE_PEOPLE.has(word)) return { start: at, end: at + 1 };
  const np = nounPhrases(tokens).find((p) => p.start === at);
  return np && (np.det >= 0 || tokens[np.start]?.cls === 'proper') ? { start: np.start, end: np.end } : undefined;
}

const RELATIVES = new Set(['which', 'that', 'who']);

/**
 * Where an object relative clause that starts at `at` ends ("that nobody noticed"): a relative
 * word, a subject and its verb (with its auxiliaries); -1 if none. The question rule counts it into the subject, so that
 * "The projector that nobody noticed was switched off." has its question.
 */
export function objectRelativeEnd(tokens: readonly Token[], at: number): number {
  if (!RELATIVES.has(lower(tokens[at]))) return -1;
  const subject = subjectAt(tokens, at + 1);
  if (!subject) return -1;
  // Its verb may have auxiliaries ("who the archive is recruiting").
  let verb = subject.end;
  while (tokens[verb]?.cls === 'aux') verb += 1;
  return tokens[verb]?.cls === 'verb' ? verb + 1 : -1;
}

/**
 * The subject of a that-complement made the head of a relative clause that holds the main clause:
 * "Nobody noticed that the projector was switched off." → "The projector that nobody noticed was switched off.".
 */
export function thatSubjectRelative(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  if (s.question) return [];
  const subject = subjectAt(tokens, 0);
  const verb = subject?.end ?? -1;
  if (!subject || tokens[verb]?.cls !== 'verb' || !startsThatClause(tokens, verb + 1)) return [];
  const np = nounPhrases(tokens).find((p) => p.start === verb + 2 && p.det >= 0);
  // A finite verb after the noun: not a subjunctive "be" ("recommends that all stations be made …" has no such order).
  if (!np || !['aux', 'verb'].includes(tokens[np.end]?.cls ?? '') || lower(tokens[np.end]) === 'be') return [];
  return [{ words: wordsOf(tokens, [...range(np.start, np.end), verb + 1, ...range(0, verb + 1), ...range(np.end, n)]), rule: 'that-subject-relative' }];
}

const IN_ADVERBIAL = new Set(['adv', 'adj', 'noun', 'det', 'num', 'prep', 'poss', 'proper']);

/**
 * An object relative clause of the subject and the main clause exchanged: the relative clause's
 * subject and verb first, the noun phrase as their object, the main clause as a relative clause
 * after it; the relative clause's adverbial stays after the object or goes first: "The report
 * which we published last week has attracted considerable criticism." → "We published the report
 * last week which has attracted …", "Last week we published the report which has attracted …".
 */
export function swapRelativeMain(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  if (s.question) return [];
  const head = nounPhrases(tokens).find((p) => p.start === 0 && p.det >= 0);
  const r = head?.end ?? -1;
  if (!head || !RELATIVES.has(lower(tokens[r]))) return [];
  const subject = subjectAt(tokens, r + 1);
  const verb = subject?.end ?? -1;
  if (!subject || tokens[verb]?.cls !== 'verb') return [];
  // The main clause starts at its auxiliary or verb; what lies between is the relative clause's adverbial.
  const main = tokens.findIndex((t, i) => i > verb && (t.cls === 'aux' || t.cls === 'verb'));
  if (main < 0) return [];
  const adverbial = range(verb + 1, main);
  // Not an object or infinitive of the relative clause's verb, nor a stranded preposition ("which we stayed in").
  if (adverbial.some((i) => !IN_ADVERBIAL.has(tokens[i]?.cls ?? '')) || tokens[main - 1]?.cls === 'prep' || adverbial.some((i) => tokens[i]?.cls === 'pron')) return [];
  const clause = [...range(subject.start, subject.end), verb];
  const object = range(head.start, head.end);
  const rest = [r, ...range(main, n)];
  const out: Generated[] = [{ words: wordsOf(tokens, [...clause, ...object, ...adverbial, ...rest]), rule: 'swap-relative-main' }];
  if (adverbial.length > 0) out.push({ words: wordsOf(tokens, [...adverbial, ...clause, ...object, ...rest]), rule: 'swap-relative-main' });
  return out;
}

/**
 * The other direction (the sixth blind draw): a main clause whose object has a subject relative
 * clause, turned into that object with the main clause as its object relative clause, and the
 * relative clause's predicate as the main one: "The archive is recruiting volunteers who are
 * proficient in Portuguese." → "Volunteers who the archive is recruiting are proficient in
 * Portuguese.". Each verb keeps its subject, so both still agree.
 */
export function swapMainRelative(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  if (s.question) return [];
  const subject = subjectAt(tokens, 0);
  if (!subject) return [];
  let verb = subject.end;
  while (tokens[verb]?.cls === 'aux') verb += 1;
  if (tokens[verb]?.cls !== 'verb') return [];
  const object = nounPhrases(tokens).find((p) => p.start === verb + 1);
  const r = object?.end ?? -1;
  // A subject relative: its verb (or auxiliary) straight after the relative word.
  if (!object || !RELATIVES.has(lower(tokens[r])) || !['aux', 'verb'].includes(tokens[r + 1]?.cls ?? '')) return [];
  return [{ words: wordsOf(tokens, [...range(object.start, object.end), r, ...range(0, verb + 1), ...range(r + 1, n)]), rule: 'swap-main-relative' }];
}

export function fourthReviewCandidates(s: Sentence): Generated[] {
  return [...swapSubjectObject(s), ...moveObjectPronoun(s), ...embeddedQuestion(s), ...frontComplementClause(s), ...moveAuxiliary(s), ...thatSubjectRelative(s), ...swapRelativeMain(s), ...swapMainRelative(s)];
}
