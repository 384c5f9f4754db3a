import { comparable, jumbledPieces, sentenceWords } from '../text';
import { generateAll, listedOrderWordRules, questionStatement, type Generated, type Sentence } from './generators';
import { otherForm as otherFormOf, phraseCandidates } from './phrase-generators';
import { tagWords } from './tag';

const NOT_TURNED = new Set(['question-statement', 'front-adverbial', 'reporting-clause', 'swap-nouns', 'listed-question-statement']);

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
  const question = isQuestion(item.answer);
  const listedOrders = [item.answer, ...(item.alternatives ?? [])];
  const listed = new Set(listedOrders.map(comparable));
  const generated: Produced[] = generateAll({ tokens: tagWords(words), question }).map((g) => ({
    ...g,
    question: g.rule === 'question-statement' ? !question : question,
  }));
  // An item that accepts its key's other form (statement and question) would accept the other
  // form of any order it accepts: those are candidates too.
  const otherForm = generated.some((g) => g.rule === 'question-statement' && listed.has(comparable(asSentence(g.words, g.question))));
  if (otherForm) generated.push(...turned(generated));
  // Added after the key's rules, so that an order they already give keeps its sentence as written.
  const fromListed = listedOrders.flatMap((sentence, i) => listedOrderCandidates(listedSentence(item, sentence), i === 0, new Set(listedOrders.map(isQuestion)).size === 2));
  generated.push(...fromListed, ...(otherForm ? turnedStrictly(fromListed) : []));
  const byKey = new Map<string, Candidate>();
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

type Produced = Omit<Generated, 'rule' | 'question'> & { rule: string; question: boolean };

const isQuestion = (sentence: string): boolean => sentence.trim().endsWith('?');

/** Each order's other form (question ⇄ statement), named "<rule>+question-statement". */
function turned(orders: readonly Produced[]): Produced[] {
  // Not after a fronted adverbial or a moved reporting clause: the auxiliary no longer follows the subject.
  return orders
    .filter((g) => !NOT_TURNED.has(g.rule))
    .flatMap((g) => questionStatement({ tokens: tagWords(g.words), question: g.question }).map((q) => ({ words: q.words, rule: `${g.rule}+question-statement`, question: !g.question })));
}

/** The same for the phrase rules' orders, with the stricter turn of `otherForm`. */
function turnedStrictly(orders: readonly Produced[]): Produced[] {
  return orders
    .filter((g) => !NOT_TURNED.has(g.rule))
    .flatMap((g) => otherFormOf({ tokens: tagWords(g.words), question: g.question }).map((words) => ({ words, rule: `${g.rule}+question-statement`, question: !g.question })));
}

function listedSentence(item: JumbledLike, sentence: string): Sentence {
  return { tokens: tagWords(keyWords({ jumbled: item.jumbled, answer: sentence })), question: isQuestion(sentence) };
}

/**
 * The phrase rules (and, on an order besides the key, the word rules of `listedOrderWordRules`) on
 * one listed order, and, when the item lists both a statement and a question,
 * the other form of each listed order besides the key (whose other form is `question-statement`).
 */
function listedOrderCandidates(s: Sentence, isKey: boolean, bothForms: boolean): Produced[] {
  // On the key, `generateAll` already ran the word rules.
  const words = isKey ? [] : listedOrderWordRules(s);
  const phrases = [...phraseCandidates(s, isKey), ...words].map((g) => ({ words: g.words, rule: g.rule as string, question: g.question ?? s.question }));
  const otherForms = bothForms && !isKey ? otherFormOf(s).map((words) => ({ words, rule: 'listed-question-statement', question: !s.question })) : [];
  return [...phrases, ...otherForms];
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
