import { wordsOf, type Generated, type Sentence } from './generators';
import { nounPhrases, range } from './phrases';
import { lowerWord } from './tag';

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
    // The tagger reads a participle after an auxiliary as an adjective ("had sold", "Had we sold").
    if (t.cls !== 'verb' && !(t.cls === 'adj' && tokens.slice(0, v).some((x) => x.cls === 'aux'))) continue;
    // Verb, particle, object → verb, object, particle.
    if (PARTICLES.has(lower(tokens[v + 1]))) {
      const np = phrases.find((p) => p.start === v + 2);
      // The object with its "of" phrases ("the possibility of error"), as a reader moves it.
      let end = np?.end ?? -1;
      for (let next = phrases.find((p) => p.start === end + 1); np && lower(tokens[end]) === 'of' && next; next = phrases.find((p) => p.start === end + 1)) end = next.end;
      if (np) out.push({ words: wordsOf(tokens, [...range(0, v + 1), ...range(np.start, end), v + 1, ...range(end, n)]), rule: 'move-particle' });
    }
    // Verb, object, particle → verb, particle, object.
    const np = phrases.find((p) => p.start === v + 1);
    if (np && PARTICLES.has(lower(tokens[np.end]))) out.push({ words: wordsOf(tokens, [...range(0, v + 1), np.end, ...range(np.start, np.end), ...range(np.end + 1, n)]), rule: 'move-particle' });
  }
  return out;
}

export function numberBeforePreviousNoun(s: Sentence): Generated[] {
  const { tokens } = s;
  const n = tokens.length;
  const out: Generated[] = [];
  for (const [i, t] of tokens.entries()) {
    if (t.cls !== 'num' || tokens[i - 1]?.cls !== 'noun' || !['noun', 'adj'].includes(tokens[i + 1]?.cls ?? '')) continue;
    out.push({ words: wordsOf(tokens, [...range(0, i - 1), i, i - 1, ...range(i + 1, n)]), rule: 'number-before-previous-noun' });
  }
  return out;
}

export function fifteenthReviewCandidates(s: Sentence): Generated[] {
  return [...moveParticle(s), ...numberBeforePreviousNoun(s)];
}
