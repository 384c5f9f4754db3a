import { identity, wordsOf, type Generated, type Sentence } from './generators';
import { lowerWord } from './tag';

/**
 * The rule the twelfth blind review of issue #42 found missing: the present and the past of "be"
 * exchanged between two clauses ("The building was designed by an architect whose work is widely
 * admired." → "The building is designed by an architect whose work was widely admired."), a
 * correct sentence with another meaning ("The museum was bigger than it is." too). Only forms of one
 * person and number (is/was, are/were), so each keeps agreeing with its subject. Like the other
 * phrase rules it runs on every order an item lists.
 */

const PAIRS = [new Set(['is', 'was']), new Set(['are', 'were'])];
const lower = lowerWord;

export function exchangeTenses(s: Sentence): Generated[] {
  const { tokens } = s;
  const out: Generated[] = [];
  for (const [i, a] of tokens.entries()) {
    for (let j = i + 1; j < tokens.length; j += 1) {
      const [x, y] = [lower(a), lower(tokens[j])];
      if (x === y || !PAIRS.some((pair) => pair.has(x) && pair.has(y))) continue;
      const order = identity(tokens.length);
      [order[i], order[j]] = [j, i];
      out.push({ words: wordsOf(tokens, order), rule: 'exchange-tenses' });
    }
  }
  return out;
}

export function twelfthReviewCandidates(s: Sentence): Generated[] {
  return exchangeTenses(s);
}
