import { wordsOf, type Generated, type Sentence } from './generators';
import { nounPhrases, range } from './phrases';
import { lowerWord, type Token } from './tag';

/**
 * The rules the eighth blind review of issue #42 found missing: a prepositional phrase at the end
 * of a complement clause that also completes the verb before the clause ("explain … to cyclists"),
 * and a complementiser "that" read as the demonstrative of the main clause's subject, the clause
 * then without "that" and its "the" given to a noun of the clause. Like the other phrase rules
 * they run on every order an item lists.
 */

const lower = lowerWord;

/** Prepositions that can complete a verb of saying, showing or doing ("explain to", "do for", "agree with"). */
const TO_THE_VERB = new Set(['to', 'for', 'with']);
const COMPLEMENTISERS = new Set(['that', 'whether', 'if']);
/** Quantifiers that take "the" after them ("all the stations"), not before. */
const PREDETERMINERS = new Set(['all', 'both']);

/** The first complement clause straight after a verb: a wh-word or a complementiser. */
function complementClauseAt(tokens: readonly Token[]): number {
  return tokens.findIndex((t, i) => i > 0 && tokens[i - 1]?.cls === 'verb' && (t.cls === 'wh' || COMPLEMENTISERS.has(lower(t))));
}

/**
 * The prepositional phrase that ends a complement clause, moved to the verb before the clause:
 * "Nobody could explain why the bridge had been closed to cyclists." → "Nobody could explain to
 * cyclists why the bridge had been closed." (and the question an item lists the same way).
 */
export function ppToMainVerb(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  const c = complementClauseAt(tokens);
  if (c < 0) return [];
  const out: Generated[] = [];
  for (const np of nounPhrases(tokens).filter((p) => p.end === n && p.start > c + 2)) {
    const p = np.start - 1;
    if (!TO_THE_VERB.has(lower(tokens[p])) || !['to', 'prep'].includes(tokens[p]?.cls ?? '')) continue;
    out.push({ words: wordsOf(tokens, [...range(0, c), ...range(p, n), ...range(c, p)]), rule: 'pp-to-main-verb' });
  }
  return out;
}

/**
 * "The report recommends that all stations be …" → "That report recommends all the stations be
 * …": the complementiser made the determiner of a subject that starts with "the", and that "the"
 * given to a noun phrase of the clause that has none ("the stations", "the wheelchair users") or
 * that starts with "all" or "both" ("all the stations"). Not every verb drops "that": which of
 * these are English is the reviewers' decision.
 */
export function thatAsDemonstrative(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  if (lower(tokens[0]) !== 'the') return [];
  const c = complementClauseAt(tokens);
  if (c < 0 || lower(tokens[c]) !== 'that') return [];
  const phrases = nounPhrases(tokens);
  if (!phrases.some((p) => p.start === 0 && p.end < c)) return [];
  const out: Generated[] = [];
  // The tagger reads "that stations" as one noun phrase: there the noun after "that" has no determiner.
  for (const np of phrases.filter((p) => p.start >= c)) {
    const at = np.det < 0 || np.det === c ? Math.max(np.start, c + 1) : PREDETERMINERS.has(lower(tokens[np.det])) ? np.det + 1 : -1;
    if (at < 0) continue;
    out.push({ words: wordsOf(tokens, [c, ...range(1, c), ...range(c + 1, at), 0, ...range(at, n)]), rule: 'that-as-demonstrative' });
  }
  return out;
}

export function eighthReviewCandidates(s: Sentence): Generated[] {
  return [...ppToMainVerb(s), ...thatAsDemonstrative(s)];
}
