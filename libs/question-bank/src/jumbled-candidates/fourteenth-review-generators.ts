import { identity, wordsOf, type Generated, type Sentence } from './generators';
import { nounPhrases, prepositionalPhrases, range } from './phrases';
import { lowerWord, MOVABLE_OBJECT_PRONOUNS } from './tag';

/**
 * The rules the fourteenth blind review of issue #42 found missing. Like the other phrase rules
 * they run on every order an item lists:
 * - a partitive "of" phrase fronted with everything after it up to the verb ("Neither of the
 *   proposals by the engineers was …" → "Of the proposals by the engineers neither was …");
 * - an object pronoun exchanged with the noun phrase of the preposition after it ("Nobody told me
 *   about the meeting." → "Nobody told the meeting about me.");
 * - the "little" of a negative inversion made an adjective of a noun, leaving a question or an
 *   emphatic statement ("Little did the engineers realise …" → "Did the engineers realise how
 *   difficult the little repairs would be?");
 * - the "yet" of "has yet to" fronted, where it reads "however" ("The committee has yet to decide …"
 *   → "Yet the committee has to decide …").
 */

const lower = lowerWord;

/** Words that take a partitive "of" phrase and can be left alone after it is fronted ("neither", "which"). */
const PARTITIVE_HEADS = new Set(['neither', 'none', 'either', 'each', 'which', 'some', 'most', 'many', 'all', 'both', 'few', 'several', 'one']);

/** The partitive after a first word, fronted up to each verb before (and including) the first auxiliary. */
export function frontPartitive(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  if (!PARTITIVE_HEADS.has(lower(tokens[0])) || lower(tokens[1]) !== 'of') return [];
  const np = nounPhrases(tokens).find((p) => p.start === 2);
  if (!np) return [];
  const out: Generated[] = [];
  for (let k = np.end; k < n; k++) {
    const cls = tokens[k]?.cls;
    if (cls !== 'verb' && cls !== 'aux') continue;
    out.push({ words: wordsOf(tokens, [...range(1, k), 0, ...range(k, n)]), rule: 'front-partitive' });
    if (cls === 'aux') break;
  }
  return out;
}


/** "told me about the meeting" → "told the meeting about me": both places take the object form. */
export function exchangePronounWithPpObject(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  const pps = prepositionalPhrases(tokens, nounPhrases(tokens));
  const out: Generated[] = [];
  for (const [i, t] of tokens.entries()) {
    if (t.cls !== 'pron' || !MOVABLE_OBJECT_PRONOUNS.has(lower(t)) || tokens[i - 1]?.cls !== 'verb') continue;
    const pp = pps.find((p) => p.start === i + 1);
    if (!pp || tokens[pp.start + 1]?.cls === 'pron') continue;
    out.push({ words: wordsOf(tokens, [...range(0, i), ...range(pp.start + 1, pp.end), pp.start, i, ...range(pp.end, n)]), rule: 'exchange-pronoun-pp-object' });
  }
  return out;
}

/**
 * "Little did the engineers realise …": "little" before the noun of each noun phrase after the
 * auxiliary, as a question ("Did the engineers realise … the little repairs …?") and as a
 * statement with the auxiliary after its subject ("The engineers did realise …").
 */
export function inversionAdverbToAdjective(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  if (lower(tokens[0]) !== 'little' || tokens[1]?.cls !== 'aux') return [];
  const phrases = nounPhrases(tokens).filter((p) => p.start >= 2);
  const subject = phrases.find((p) => p.start === 2);
  const out: Generated[] = [];
  for (const p of phrases) {
    const at = p.det >= 0 ? p.det + 1 : p.start;
    const withLittle = (order: number[]): number[] => {
      const k = order.indexOf(at);
      return [...order.slice(0, k), 0, ...order.slice(k)];
    };
    out.push({ words: wordsOf(tokens, withLittle(range(1, n))), rule: 'inversion-adverb-to-adjective', question: true });
    if (subject) out.push({ words: wordsOf(tokens, withLittle([...range(subject.start, subject.end), 1, ...range(subject.end, n)])), rule: 'inversion-adverb-to-adjective', question: false });
  }
  return out;
}

/**
 * The "yet" of "has yet to …" put first, where it reads "however" and leaves "has to …" ("Yet the
 * committee has to decide …"). Another "yet" ("not yet", "small yet heavy") would not read so; a
 * fronted "still" is `front-adverbial`'s.
 */
export function frontContrastAdverb(s: Sentence): Generated[] {
  const { tokens } = s;
  return tokens.flatMap((t, i) => (i > 0 && lower(t) === 'yet' && tokens[i - 1]?.cls === 'aux' && tokens[i + 1]?.cls === 'to' ? [{ words: wordsOf(tokens, [i, ...identity(tokens.length).filter((k) => k !== i)]), rule: 'front-contrast-adverb' as const }] : []));
}

export function fourteenthReviewCandidates(s: Sentence): Generated[] {
  return [...frontPartitive(s), ...exchangePronounWithPpObject(s), ...inversionAdverbToAdjective(s), ...frontContrastAdverb(s)];
}
