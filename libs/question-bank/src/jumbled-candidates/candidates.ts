import { comparable, jumbledPieces, sentenceWords } from '../text';
import { generateAll, questionStatement, type Generated } from './generators';
import { tagWords } from './tag';

const NOT_TURNED = new Set(['question-statement', 'front-adverbial', 'reporting-clause', 'swap-nouns']);

export interface JumbledLike {
  id: number;
  jumbled: string;
  answer: string;
  alternatives?: string[];
}

export interface Candidate {
  sentence: string;
  /** Every rule that generates this order, sorted ("a+b": rule a, then rule b on its result). */
  rules: string[];
}

/**
 * The candidate orders of one jumbled item: generated from the key, written as sentences, without
 * the key and the orders the item already lists; sorted, so the result is the same on every run.
 */
export function candidatesFor(item: JumbledLike): Candidate[] {
  const words = keyWords(item);
  const question = item.answer.trim().endsWith('?');
  const listed = new Set([item.answer, ...(item.alternatives ?? [])].map(comparable));
  const byKey = new Map<string, Candidate>();
  const generated: Array<Omit<Generated, 'rule'> & { rule: string; question: boolean }> = generateAll({ tokens: tagWords(words), question }).map((g) => ({
    ...g,
    question: g.rule === 'question-statement' ? !question : question,
  }));
  // An item that accepts its key's other form (statement and question) would accept the other
  // form of any order it accepts: those are candidates too.
  const otherForm = generated.find((g) => g.rule === 'question-statement' && listed.has(comparable(asSentence(g.words, g.question))));
  if (otherForm) {
    // Not after a fronted adverbial or a moved reporting clause: the auxiliary no longer follows the subject.
    for (const g of generated.filter((x) => !NOT_TURNED.has(x.rule))) {
      for (const q of questionStatement({ tokens: tagWords(g.words), question })) {
        generated.push({ words: q.words, rule: `${g.rule}+question-statement`, question: !question });
      }
    }
  }
  for (const g of generated) {
    const sentence = asSentence(g.words, g.question);
    const key = comparable(sentence);
    if (listed.has(key)) continue;
    const known = byKey.get(key);
    if (known) {
      if (!known.rules.includes(g.rule)) known.rules = [...known.rules, g.rule].sort();
    } else {
      byKey.set(key, { sentence, rules: [g.rule] });
    }
  }
  return [...byKey.values()].sort((a, b) => (a.sentence < b.sentence ? -1 : a.sentence > b.sentence ? 1 : 0));
}

/** The key's words, each in the case the jumbled pieces give it (so "The" is "the", "Thai" stays). */
export function keyWords(item: Pick<JumbledLike, 'jumbled' | 'answer'>): string[] {
  const pieces = jumbledPieces(item.jumbled);
  return sentenceWords(item.answer).map((word, i) => {
    if (i > 0) return word;
    return pieces.find((p) => p.toLowerCase() === word.toLowerCase()) ?? word;
  });
}

export function asSentence(words: readonly string[], question: boolean): string {
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${question ? '?' : '.'}`;
}
