import { diffArrays } from 'diff';
import lemmatizer from 'wink-lemmatizer';
import type { DeviationKind, PassageDeviation } from '@fluent/contracts';
import { COVERED_SHARE } from './passage';
import { contentKeys, isContentWord, sentenceSpans, tokens, wordKey, type Token } from './words';

/**
 * Where a reconstruction keeps the original's words but changes a function word, an inflection or
 * an agreement: "workers is painting" for "workers are painting", "can returned" for "can return",
 * "painting walls" for "painting the walls", "in Wednesday" for "on Wednesday".
 *
 * Precise before complete: a mark on a faithful paraphrase is worse than a missed slip, so a place
 * is marked only when
 * - the learner's sentence covers the original sentence (the share of its content words, as
 *   passage recall counts them);
 * - the words are aligned by word key (lemma, then stem: "is" meets "are") and the difference is
 *   one small unit: one word's form, a verb group's auxiliaries, one dropped article, one
 *   preposition or a/an for another;
 * - the two words on each side are the original's own words (or the sentence's edge) and include
 *   a content word: the learner is retelling this very phrase, not rewording it.
 * Everything else (other words, synonyms, another order, an added or dropped adverb, a modal for
 * another, contractions, the article before another noun, a noun's number) is left alone.
 */

const WINDOW = 2;
const AGREEMENT_WINDOW = 4;
/** Forms of be, have and do that differ from each other in number (and person) only. */
const AGREEMENT_FORMS = new Set(['am', 'is', 'are', 'was', 'were', 'has', 'have', 'does', 'do']);
const ARTICLES = new Set(['a', 'an', 'the']);
/** Prepositions learners confuse in the same place; "after" for "from" or "into" for "to" is wording, not a slip. */
const PREPOSITIONS = new Set(['in', 'on', 'at', 'to', 'for', 'of', 'with', 'from']);
const MODALS = new Set(['can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must']);
const AUXILIARIES = new Set([...MODALS, 'be', 'am', 'is', 'are', 'was', 'were', 'been', 'being', 'have', 'has', 'had', 'do', 'does', 'did']);
const VERB_BEFORE = new Set([...MODALS, 'to', 'i', 'you', 'he', 'she', 'it', 'we', 'they', 'not', 'do', 'does', 'did']);

const EXPLANATIONS: Record<DeviationKind, string> = {
  'verb-form': 'The passage uses another form of this verb here: check that it agrees with its subject and keeps the passage’s tense.',
  'word-form': 'The passage uses another form of this word here.',
  article: 'The passage has another article here (a, an, the): small words like these are part of the passage too.',
  preposition: 'The passage uses another preposition here: in, on, at, to … are easy to mix up.',
};

interface Sentence {
  tokens: Token[];
}

/** One place in the alignment: a word of the original, of the reconstruction, or both (same key). */
interface Pair {
  original?: Token;
  learner?: Token;
}

export function passageDeviations(original: string, text: string): PassageDeviation[] {
  const originals = sentencesOf(original);
  const found = new Map<number, PassageDeviation>();
  for (const learner of sentencesOf(text)) {
    const keys = new Set(learner.tokens.filter((t) => isContentWord(t.lower)).map((t) => wordKey(t.lower)));
    for (const source of originals) {
      const sourceKeys = new Set(contentKeys(source.tokens.map((t) => t.word).join(' ')));
      const share = sourceKeys.size === 0 ? 0 : [...sourceKeys].filter((k) => keys.has(k)).length / sourceKeys.size;
      if (share < COVERED_SHARE) continue;
      for (const deviation of compare(source, learner)) if (!found.has(deviation.offset)) found.set(deviation.offset, deviation);
    }
  }
  return [...found.values()].sort((a, b) => a.offset - b.offset);
}

/** Sentences as word tokens with their offsets in the whole text (cut by sentenceSpans). */
function sentencesOf(text: string): Sentence[] {
  return sentenceSpans(text).map((span) => ({ tokens: tokens(span.text).map((t) => ({ ...t, offset: t.offset + span.start })) }));
}

/**
 * Word pairs of the two sentences: the same words first, then, between them, forms of the same
 * word ("is" with "are"), so that "are" meets "are" rather than the "be" of "will be" before it.
 */
function align(source: Sentence, learner: Sentence): Pair[] {
  const pairs: Pair[] = [];
  let removed: Token[] = [];
  let added: Token[] = [];
  const flush = () => {
    pairs.push(...pairsOf(removed, added, sameWord));
    removed = [];
    added = [];
  };
  let o = 0;
  let l = 0;
  for (const change of diffArrays(source.tokens, learner.tokens, { comparator: (a, b) => a.lower === b.lower })) {
    if (change.removed) removed.push(...source.tokens.slice(o, (o += change.count)));
    else if (change.added) added.push(...learner.tokens.slice(l, (l += change.count)));
    else {
      flush();
      pairs.push(...pairsOf(source.tokens.slice(o, (o += change.count)), learner.tokens.slice(l, (l += change.count)), (a, b) => a.lower === b.lower));
    }
  }
  flush();
  return pairs;
}

function pairsOf(original: Token[], learner: Token[], same: (a: Token, b: Token) => boolean): Pair[] {
  const pairs: Pair[] = [];
  let o = 0;
  let l = 0;
  for (const change of diffArrays(original, learner, { comparator: same })) {
    for (let i = 0; i < change.count; i += 1) {
      if (change.removed) pairs.push({ original: original[o++] });
      else if (change.added) pairs.push({ learner: learner[l++] });
      else pairs.push({ original: original[o++], learner: learner[l++] });
    }
  }
  return pairs;
}

/** Two forms of one word, by word key; never a contraction or possessive ("it's" is not "it"). */
const sameWord = (a: Token, b: Token): boolean => a.lower === b.lower || (!hasApostrophe(a) && !hasApostrophe(b) && wordKey(a.lower) === wordKey(b.lower));
const hasApostrophe = (t: Token): boolean => t.lower.includes("'");
const identical = (p: Pair | undefined): boolean => p?.original !== undefined && p.learner !== undefined && p.original.lower === p.learner.lower;

function compare(source: Sentence, learner: Sentence): PassageDeviation[] {
  const pairs = align(source, learner);
  const out: PassageDeviation[] = [];
  let start = 0;
  while (start < pairs.length) {
    if (identical(pairs[start])) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < pairs.length && !identical(pairs[end])) end += 1;
    const deviation = anchored(pairs, start, end, WINDOW) ? classify(pairs, start, end) : null;
    if (deviation && (!agreement(pairs, start, end) || agreementHolds(pairs, start, end))) out.push(deviation);
    start = end;
  }
  return out;
}

/**
 * The unit pairs[start, end) has the original's own words on both sides: `before` identical words
 * before it and WINDOW after it, or fewer where both sentences begin or end there, with a content
 * word among them.
 */
function anchored(pairs: Pair[], start: number, end: number, before: number): boolean {
  const left = pairs.slice(Math.max(0, start - before), start);
  const right = pairs.slice(end, end + WINDOW);
  if (!left.every(identical) || !right.every(identical)) return false;
  if (left.length < before && start - left.length !== 0) return false;
  if (right.length < WINDOW && end + right.length !== pairs.length) return false;
  return [...left, ...right].some((p) => isContentWord(p.learner!.lower));
}

/** One word that differs from the passage's in number only: "is" for "are", "has" for "have", "returns" for "return". */
function agreement(pairs: Pair[], start: number, end: number): boolean {
  const pair = pairs[start]!;
  if (end - start !== 1 || !pair.original || !pair.learner) return false;
  return (AGREEMENT_FORMS.has(pair.original.lower) && AGREEMENT_FORMS.has(pair.learner.lower)) || numberOnly(pair.original.lower, pair.learner.lower);
}

/**
 * A verb in the other number is a slip only where the learner kept the passage's subject: the four
 * words before it are the passage's own ("Each of the students is" for "All the students are" is
 * not), and no noun in the sentence changed its number ("The box in the hall is" for "The boxes in
 * the hall are" agrees).
 */
function agreementHolds(pairs: Pair[], start: number, end: number): boolean {
  if (!anchored(pairs, start, end, AGREEMENT_WINDOW)) return false;
  return !pairs.some((p, i) => i !== start && p.original && p.learner && p.original.lower !== p.learner.lower && numberOnly(p.original.lower, p.learner.lower) && !verbPlace(pairs[i - 1]?.learner?.lower));
}

function classify(pairs: Pair[], start: number, end: number): PassageDeviation | null {
  const unit = pairs.slice(start, end);
  const removed = unit.filter((p) => p.learner === undefined).map((p) => p.original!);
  const added = unit.filter((p) => p.original === undefined).map((p) => p.learner!);
  const kept = unit.filter((p) => p.original !== undefined && p.learner !== undefined);
  const previous = pairs[start - 1]?.learner?.lower;

  if (unit.length === 1 && kept.length === 1) return wordForm(kept[0]!, previous);
  if (unit.length === 2 && removed.length === 1 && added.length === 1) return swap(removed[0]!, added[0]!);
  if (unit.length === 1 && removed.length === 1 && ARTICLES.has(removed[0]!.lower)) {
    const next = pairs[end];
    if (!next?.learner) return null;
    return mark('article', [next.learner], `${removed[0]!.word} ${next.original!.word}`);
  }
  return verbGroup(unit, removed, added, kept, pairs[end]);
}

/** One word in another form of the same word: "is" for "are", "returned" for "return", "childs" for "children". */
function wordForm(pair: Pair, previous: string | undefined): PassageDeviation | null {
  const a = pair.original!;
  const b = pair.learner!;
  if (!/^\p{L}+$/u.test(a.lower) || !/^\p{L}+$/u.test(b.lower)) return null;
  // "could" for "can" (one lemma to the lemmatizer) is the learner's choice of modal.
  if (MODALS.has(a.lower) && MODALS.has(b.lower)) return null;
  // "wall" for "walls", "paint" for "paints": a noun's number is the learner's to choose, unless the place is plainly a verb's.
  if (numberOnly(a.lower, b.lower) && !verbPlace(previous)) return null;
  const verb = lemmatizer.verb(a.lower) === lemmatizer.verb(b.lower) && (lemmatizer.verb(a.lower) !== a.lower || lemmatizer.verb(b.lower) !== b.lower);
  return mark(verb ? 'verb-form' : 'word-form', [b], a.word);
}

/** One word for another: a preposition for a preposition, or "a" for "an". */
function swap(original: Token, learner: Token): PassageDeviation | null {
  if (PREPOSITIONS.has(original.lower) && PREPOSITIONS.has(learner.lower)) return mark('preposition', [learner], original.word);
  const aOrAn = new Set([original.lower, learner.lower]);
  if (aOrAn.has('a') && aOrAn.has('an')) return mark('article', [learner], original.word);
  return null;
}

/**
 * The same verb with other auxiliaries: "painted" for "are painting", "was" for "will be", "will
 * closed" for "will be closed". Auxiliaries only added or only dropped, never one for another ("may"
 * for "can" is wording), and the verb itself kept.
 */
function verbGroup(unit: Pair[], removed: Token[], added: Token[], kept: Pair[], next: Pair | undefined): PassageDeviation | null {
  if (removed.length > 0 && added.length > 0) return null;
  if (![...removed, ...added].every((t) => AUXILIARIES.has(t.lower))) return null;
  if (!kept.every((p) => isVerbForm(p.original!.lower) || isVerbForm(p.learner!.lower) || AUXILIARIES.has(p.original!.lower))) return null;
  const originalWords = unit.filter((p) => p.original).map((p) => p.original!);
  const learnerWords = unit.filter((p) => p.learner).map((p) => p.learner!);
  if (learnerWords.length > 0) {
    // An added auxiliary needs the verb it goes with changed too ("have been" for "are"): "will be open" for "will open" is wording.
    if (kept.length === 0) return null;
    return mark('verb-form', learnerWords, originalWords.map((t) => t.word).join(' '));
  }
  // Only auxiliaries dropped: marked on the verb they belonged to ("will closed").
  if (!next?.learner || !isVerbForm(next.learner.lower)) return null;
  return mark('verb-form', [next.learner], [...originalWords, next.original!].map((t) => t.word).join(' '));
}

/** The singular and plural of one noun, or a verb's -s form and its base: "wall"/"walls", "paints"/"paint". */
const numberOnly = (a: string, b: string): boolean => lemmatizer.noun(a) === b || lemmatizer.noun(b) === a;
/** After these a word is a verb: "can returns", "to paints", "she paint", "didn't went". */
const verbPlace = (previous: string | undefined): boolean => previous !== undefined && (VERB_BEFORE.has(previous) || previous.endsWith("n't"));
const isVerbForm = (lower: string): boolean => lemmatizer.verb(lower) !== lower || AUXILIARIES.has(lower);

function mark(kind: DeviationKind, words: Token[], expected: string): PassageDeviation {
  const first = words[0]!;
  const last = words[words.length - 1]!;
  return {
    offset: first.offset,
    length: last.offset + last.word.length - first.offset,
    kind,
    expected,
    message: `The passage says *${expected}*.`,
    explanation: EXPLANATIONS[kind],
  };
}
