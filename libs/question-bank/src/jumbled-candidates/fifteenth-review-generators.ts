import { wordsOf, type Generated, type Sentence } from './generators';
import { nounPhrases, range, withOfPhrases } from './phrases';
import { lowerWord, type Token } from './tag';

/**
 * The rules the fifteenth blind review of issue #42 found missing. Like the other phrase rules they
 * run on every order an item lists:
 * - a phrasal verb's particle put after its object, or before it: "We had sold out the tickets
 *   faster than expected." → "We had sold the tickets out faster than expected.";
 * - a number that follows a noun moved before it, where the tagger reads the two noun phrases as
 *   one ("the volunteers three years"): "It took the volunteers three years to …" → "It took the
 *   three volunteers years to …".
 */

const lower = lowerWord;

const PARTICLES = new Set(['out', 'up', 'off', 'down', 'back', 'away', 'over']);

export function moveParticle(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  const phrases = nounPhrases(tokens);
  const out: Generated[] = [];
  for (const [v, t] of tokens.entries()) {
    if (t.cls !== 'verb' && !isParticipleAfterAux(tokens, v)) continue;
    // Verb, particle, object → verb, object, particle.
    const object = PARTICLES.has(lower(tokens[v + 1])) ? phrases.find((p) => p.start === v + 2) : undefined;
    if (object) {
      // The object with its "of" phrases ("the possibility of error"), as a reader moves it.
      const end = withOfPhrases(tokens, phrases, object.end);
      out.push({ words: wordsOf(tokens, [...range(0, v + 1), ...range(object.start, end), v + 1, ...range(end, n)]), rule: 'move-particle' });
    }
    // Verb, object, particle → verb, particle, object; not when a phrase follows the "particle",
    // which is then a preposition ("walked the dog down the street").
    const np = phrases.find((p) => p.start === v + 1);
    const after = tokens[(np?.end ?? -1) + 1]?.cls ?? '';
    if (np && PARTICLES.has(lower(tokens[np.end])) && !['det', 'poss', 'pron', 'noun', 'proper', 'adj', 'num'].includes(after)) {
      out.push({ words: wordsOf(tokens, [...range(0, v + 1), np.end, ...range(np.start, np.end), ...range(np.end + 1, n)]), rule: 'move-particle' });
    }
  }
  return out;
}

/** The tagger reads a participle right after an auxiliary, or after an auxiliary and its subject, as an adjective ("had sold", "Had we sold"). */
function isParticipleAfterAux(tokens: readonly Token[], v: number): boolean {
  if (tokens[v]?.cls !== 'adj') return false;
  return tokens[v - 1]?.cls === 'aux' || (tokens[v - 2]?.cls === 'aux' && tokens[v - 1]?.cls === 'pron');
}

/**
 * Within one noun phrase as the tagger reads it ("the volunteers three years"), a number after a
 * noun put right after the phrase's determiner: "the three volunteers years".
 */
export function numberBeforePreviousNoun(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  const out: Generated[] = [];
  for (const p of nounPhrases(tokens)) {
    if (p.det < 0) continue;
    for (const i of p.modifiers) {
      if (tokens[i]?.cls !== 'num' || tokens[i - 1]?.cls !== 'noun') continue;
      out.push({ words: wordsOf(tokens, [...range(0, p.det + 1), i, ...range(p.det + 1, i), ...range(i + 1, n)]), rule: 'number-before-previous-noun' });
    }
  }
  return out;
}

export function fifteenthReviewCandidates(s: Sentence): Generated[] {
  return [...moveParticle(s), ...numberBeforePreviousNoun(s)];
}
