import type { CheckerMatch, CheckerResult } from '../language';
import { lowerWord } from '../words';
import { CONFUSION_SETS, confusionEdits, isCommaSet, worthScoring, type ConfusionEdit, type ConfusionSet } from './confusion-edits';
import { editGains, planMaskedCopies, runPlan, type MaskedLanguageModel, type PieceScoring } from './masked-copies';
import { tagTokens, type Span } from './tags';
import type { WordPieceVocabulary } from './wordpiece';

/** LanguageTool-style category id under which the masked language model's matches travel (issueCategory reads it). */
export const MASKED_LM_CATEGORY_ID = 'MASKED_LM';

/**
 * The sets shown, and how many times more probable than what was written an edit must be before a
 * learner sees it. Chosen on JFLEG dev by the rule bench/feedback-eval/MLM-EXPERIMENT.md states:
 * added flags right ≥ 70 % over ≥ 5, no new false alarm on dev, none of our own clean texts and none
 * of the question bank's 60 passages flagged (each read whole, as here), with words of several
 * pieces scored 'l2r' and the edits the tagger sends (worthScoring). JFLEG dev: recall 60.5 → 76.1 %,
 * span precision 95.0 %, false alarms 2.9 %. Commas are in, in sets of their own so that each gets
 * its ratio: after an opening clause or linking word, after an opening phrase from its fourth word
 * on where it is not one of time (no gap before the fourth word, nor in "By the afternoon the
 * bicycle was fixed", is asked about: passages of ours leave that comma out, as careful writers
 * may), before a word that links a clause, and one the model finds unlikely between two words,
 * at 10 since one before a word that joins two clauses ("since Monday, and water is") or between
 * the items of a list ("tours, beaches and parks") is not sent.
 * A verb's agreement is in since the tagger judges the verb against its subject: sent at every
 * verb, it flagged well-written passages of ours ("until the glasshouse reopens"). A preposition
 * is at 50 since one the varieties put differently ("closed at weekends") is not sent; an article
 * taken out at 50 since "a" or "an" before a singular count noun is not ("at a new school"); an
 * article put in at 20 since none is sent before a lone word that ends a clause after "be" ("one
 * of our guests is vegetarian" → a vegetarian). Left out: an article changed, which flags
 * passages of ours at every ratio that finds learners' slips; a verb's base form and a missing
 * auxiliary never met the rule. The figures hold for the float model those runs scored
 * (tools/masked-lm/convert.py); another model file needs its own choice.
 */
export const MASKED_LM_RATIOS: Readonly<Partial<Record<ConfusionSet, number>>> = {
  'unlikely article': 50,
  'missing article': 20,
  preposition: 50,
  'unlikely preposition': 200,
  number: 100,
  agreement: 2,
  determiner: 2,
  homophone: 2,
  'opening comma': 10,
  'phrase comma': 20,
  'clause comma': 2,
  'unlikely comma': 10,
};

/**
 * How a word of several pieces is scored: each piece masked with the pieces after it, those before
 * it visible (masked-copies.ts, PieceScoring). 'joint' favoured the shorter word and flagged 20 of
 * the bank's 60 passages with the first choice; 'l2r' flags 10 with the same ratios.
 */
export const MASKED_LM_SCORING: PieceScoring = 'l2r';

/** The rule id a set's matches carry: MLM_UNLIKELY_PREPOSITION … */
export function maskedLmRuleId(set: ConfusionSet): string {
  return `MLM_${set.toUpperCase().replace(/ /g, '_')}`;
}

/** Whether a match is the masked language model's. */
export function isMaskedLmRule(ruleId: string): boolean {
  return ruleId.startsWith('MLM_');
}

const COMMA_RULES: ReadonlySet<string> = new Set(CONFUSION_SETS.filter(isCommaSet).map(maskedLmRuleId));
/** Whether a match is one of the model's comma sets (issueCategory files it under punctuation). */
export function isMaskedLmCommaRule(ruleId: string): boolean {
  return COMMA_RULES.has(ruleId);
}

/** What a learner reads at the word, worded as advice: a flag can be one possible reading rather than an error. */
function messageOf(set: ConfusionSet, written: string, replacement: string | undefined): string {
  if (set === 'unlikely comma') return 'Check the punctuation: this comma may not belong here.';
  if (isCommaSet(set)) return `Check the punctuation: a comma usually goes after “${written}” here.`;
  // The score behind a removal is how unexpected the word is in its place, not a reading without it
  // ("what is this about" ends in a preposition that belongs): ask the learner to check, no more.
  if (replacement === undefined) return `Check whether “${written}” belongs here: it is unusual in this place.`;
  if (set === 'missing article') return `Check the article: “${replacement} ${written}” fits here much better than “${written}” alone.`;
  const what: Partial<Record<ConfusionSet, string>> = { article: 'the article', preposition: 'the preposition', number: 'singular or plural', agreement: 'the verb form', determiner: 'this word', homophone: 'which word you mean' };
  return `Check ${what[set] ?? 'this word'}: “${replacement}” fits here much better than “${written}”.`;
}

/** A replacement written the way the original starts (a capital stays a capital). */
const likeWritten = (replacement: string, written: string) => (/^[A-Z]/.test(written) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement);

/**
 * Sentences of a text, where each starts: after . ! or ? (with any closing quote or bracket) and
 * a space, and at every line break (a greeting, a sign-off). An abbreviation such as "Mr." splits a
 * sentence in two; each half is still scored on its own words.
 */
export function sentencesOf(text: string): { start: number; text: string }[] {
  const out: { start: number; text: string }[] = [];
  for (const m of text.matchAll(/[^\n]+/g)) {
    const line = m[0];
    let from = 0;
    for (const end of line.matchAll(/[.!?]+["'’”)\]]*\s+/g)) {
      const to = (end.index ?? 0) + end[0].length;
      out.push({ start: (m.index ?? 0) + from, text: line.slice(from, to) });
      from = to;
    }
    out.push({ start: (m.index ?? 0) + from, text: line.slice(from) });
  }
  return out.filter((s) => s.text.trim().length > 0);
}

/** Words as the model's edits read them: contractions split as "do n't", possessive "'s" apart, punctuation one token each. */
const TOKEN = /\p{L}+(?=n['’]t\b)|n['’]t\b|['’]\p{L}+|\p{L}+|\d+|\S/gu;
export function wordsOf(sentence: string): { words: string[]; spans: Span[] } {
  const spans = [...sentence.matchAll(TOKEN)].map((m) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
  return { words: spans.map((s) => lowerWord(sentence.slice(s.start, s.end))), spans };
}

/**
 * Sentences longer than this are left to LanguageTool and Harper: a text pasted without full stops
 * is not a sentence, and made-up words of many pieces would make every copy wide.
 */
const MAX_SENTENCE_WORDS = 80;
const MAX_SENTENCE_PIECES = 256;
/**
 * How many of the text's pieces the model reads around a sentence's edits: the sentence and its
 * neighbours, nearest first. The choice was made on JFLEG's single sentences and on our own texts
 * read whole; read alone, a sentence of a letter loses what its neighbours say ("Dear Mr Patel, I am
 * writing about the tap" is a letter's opening, "I am writing about the tap" alone reads oddly to the
 * model) and three of our clean letters were flagged. 128 pieces hold every text of ours whole and
 * keep a long essay's cost per sentence bounded.
 */
export const CONTEXT_PIECES = 128;

interface Sentence {
  start: number;
  text: string;
  words: string[];
  spans: Span[];
  pieces: number;
}

/** The words the model reads for sentence `k`: it, then its neighbours, nearer first, while they fit. */
function withContext(sentences: readonly Sentence[], k: number): { words: string[]; offset: number } {
  const self = sentences[k] as Sentence;
  let before = k - 1;
  let after = k + 1;
  let used = self.pieces + 2;
  const left: string[][] = [];
  const right: string[][] = [];
  for (;;) {
    const prev = sentences[before];
    const next = sentences[after];
    // Nearer first; between equals, the sentence before (a letter's greeting, a topic sentence).
    const takePrev = prev !== undefined && (next === undefined || k - before <= after - k);
    const take = takePrev ? prev : next;
    if (!take || used + take.pieces > CONTEXT_PIECES) break;
    used += take.pieces;
    if (takePrev) {
      left.unshift(take.words);
      before -= 1;
    } else {
      right.push(take.words);
      after += 1;
    }
  }
  const leftWords = left.flat();
  return { words: [...leftWords, ...self.words, ...right.flat()], offset: leftWords.length };
}

/**
 * The words a text writes with a capital inside a sentence, "I" aside: names ("our dog Biscuit").
 * The tagger already leaves such a word alone where it stands, but a sentence is tagged on its own,
 * and the same name opening a later one ("Biscuit is tired") reads as a common noun to it and to
 * the uncased model ("biscuits"): an edit of a word in this set is never made.
 */
function namesIn(sentences: readonly { text: string; spans: readonly Span[] }[]): Set<string> {
  const names = new Set<string>();
  for (const { text, spans } of sentences) {
    for (const span of spans.slice(1)) {
      const word = text.slice(span.start, span.end);
      if (/^\p{Lu}/u.test(word) && word !== 'I') names.add(word.toLowerCase());
    }
  }
  return names;
}

/** A word the model marks: where, by which set, the edit proposed and its gain (natural log of the probability ratio). */
export interface MaskedLmFlag {
  offset: number;
  length: number;
  set: ConfusionSet;
  written: string;
  replacement: string | undefined;
  gain: number;
}

/**
 * The masked language model's flags on a text: each sentence's confusion-set edits are scored by
 * the model with the sentences around it as context (CONTEXT_PIECES), and a word is flagged when an
 * edit of a shown set beats what was written by that set's ratio; one flag a word, the strongest.
 * `ratios` replaces the choice and `scoring` how a word of several pieces is scored (the bench
 * measures others); `everyEdit` keeps every edit at or above its ratio, several a word (the bench's
 * best gain per set); `signal` stops before the next batch (the service's time budget).
 */
export async function maskedLmFlags(
  text: string,
  model: MaskedLanguageModel,
  vocabulary: WordPieceVocabulary,
  {
    signal,
    ratios = MASKED_LM_RATIOS,
    scoring = MASKED_LM_SCORING,
    everyEdit = false,
  }: { signal?: AbortSignal; ratios?: Readonly<Partial<Record<ConfusionSet, number>>>; scoring?: PieceScoring; everyEdit?: boolean } = {},
): Promise<MaskedLmFlag[]> {
  const flags: MaskedLmFlag[] = [];
  const sentences: Sentence[] = sentencesOf(text).map((s) => {
    const { words, spans } = wordsOf(s.text);
    return { ...s, words, spans, pieces: words.reduce((n, w) => n + vocabulary.pieces(w).length, 0) };
  });
  const names = namesIn(sentences);
  for (const [k, sentence] of sentences.entries()) {
    const { words, spans } = sentence;
    if (words.length < 3 || words.length > MAX_SENTENCE_WORDS || sentence.pieces > MAX_SENTENCE_PIECES) continue;
    const tags = tagTokens(sentence.text, spans);
    const edits = confusionEdits(words, tags).filter((e) => ratios[e.set] !== undefined && worthScoring(e, words, tags) && !words.slice(e.start, e.end).some((w) => names.has(w)));
    if (edits.length === 0) continue;
    const context = withContext(sentences, k);
    const shift = (e: ConfusionEdit) => ({ ...e, token: e.token + context.offset, start: e.start + context.offset, end: e.end + context.offset });
    const plan = planMaskedCopies(context.words, edits.map(shift), vocabulary, scoring);
    const gains = editGains(plan, await runPlan(plan, model, vocabulary.size, signal));
    for (const flag of everyEdit ? atOrAboveRatio(edits, gains, ratios) : strongestPerWord(edits, gains, ratios)) {
      const at = spans[flag.token];
      // A comma taken out is marked with the word before it ("believe,"): a lone comma is too small to see or tap.
      const before = flag.set === 'unlikely comma' ? spans[flag.token - 1] : undefined;
      const span = at && before ? { start: before.start, end: at.end } : at;
      if (!span) continue;
      const written = sentence.text.slice(span.start, span.end);
      flags.push({ offset: sentence.start + span.start, length: span.end - span.start, set: flag.set, written, replacement: flag.replacement[0], gain: flag.gain });
    }
  }
  return flags;
}

/**
 * The masked language model's checks of a text (maskedLmFlags with the chosen ratios), as checker
 * matches: mergeChecks adds them where LanguageTool and Harper have none.
 */
export async function maskedLmMatches(
  text: string,
  model: MaskedLanguageModel,
  vocabulary: WordPieceVocabulary,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CheckerMatch[]> {
  return (await maskedLmFlags(text, model, vocabulary, { signal })).map((flag) => ({
    offset: flag.offset,
    length: flag.length,
    ruleId: maskedLmRuleId(flag.set),
    categoryId: MASKED_LM_CATEGORY_ID,
    issueType: isCommaSet(flag.set) ? 'typographical' : 'grammar',
    message: messageOf(flag.set, flag.written, flag.replacement),
    replacements: replacementsOf(flag),
  }));
}

/** What the learner is offered in place of the word marked: the other word, the word with its comma or its article, or nothing (a removal). */
function replacementsOf(flag: MaskedLmFlag): string[] {
  if (flag.set === 'unlikely comma') return [flag.written.replace(/\s*,$/, '')];
  if (flag.replacement === undefined) return [];
  if (isCommaSet(flag.set)) return [`${flag.written},`];
  // An article put in goes before the word marked; none is proposed at a sentence's start (confusionEdits).
  if (flag.set === 'missing article') return [`${flag.replacement} ${flag.written}`];
  return [likeWritten(flag.replacement, flag.written)];
}

/**
 * A removal's score is never below a replacement's at the same word (the odds against the word as
 * written, whatever should replace it). When both pass, the replacement is the better advice unless
 * the model finds no word of the set likely there: within this gain of the removal (the replacement
 * itself has a probability of at least 1/4), the replacement is shown.
 */
const PREFER_REPLACEMENT_WITHIN = Math.log(4);

/** The edits of a set shown whose gain is at or above that set's ratio, with their gains. */
function atOrAboveRatio(
  edits: readonly ConfusionEdit[],
  gains: readonly (number | null)[],
  ratios: Readonly<Partial<Record<ConfusionSet, number>>>,
): (ConfusionEdit & { gain: number })[] {
  return edits.flatMap((edit, i) => {
    const gain = gains[i];
    const ratio = ratios[edit.set];
    return gain === null || gain === undefined || ratio === undefined || gain < Math.log(ratio) ? [] : [{ ...edit, gain }];
  });
}

/** Of the edits at or above their set's ratio, the one a learner sees at each word: the strongest, a replacement before a removal it nearly equals, a comma only where the word itself has no edit. */
export function strongestPerWord(
  edits: readonly ConfusionEdit[],
  gains: readonly (number | null)[],
  ratios: Readonly<Partial<Record<ConfusionSet, number>>> = MASKED_LM_RATIOS,
): (ConfusionEdit & { gain: number })[] {
  const passing = new Map<number, (ConfusionEdit & { gain: number })[]>();
  for (const edit of atOrAboveRatio(edits, gains, ratios)) passing.set(edit.token, [...(passing.get(edit.token) ?? []), edit]);
  const shown: (ConfusionEdit & { gain: number })[] = [];
  for (const all of passing.values()) {
    // A comma after the word is no alternative to the word's own edit ("If my friend come we go": *comes*, not "come,"): it is shown only where the word has none.
    const words = all.filter((f) => !isCommaSet(f.set));
    const flags = words.length > 0 ? words : all;
    const byGain = [...flags].sort((a, b) => b.gain - a.gain);
    const [best] = byGain;
    if (!best) continue;
    const replacement = best.replacement.length === 0 ? byGain.find((f) => f.replacement.length > 0 && f.gain >= best.gain - PREFER_REPLACEMENT_WITHIN) : undefined;
    shown.push(replacement ?? best);
  }
  return shown.sort((a, b) => a.token - b.token);
}

/**
 * A passage's checks with the masked language model's guesses left out where the learner's words
 * differ from the original's (passageDeviations): there the original says what belongs, for certain,
 * and its mark ("The passage says are.") is the advice; the model's would hide it under another
 * underline and count the slip twice. LanguageTool's and Harper's issues stay.
 */
export function withoutGuessesAt(spans: readonly { offset: number; length: number }[], checked: CheckerResult): CheckerResult {
  const overlaps = (m: CheckerMatch) => spans.some((s) => m.offset < s.offset + s.length && s.offset < m.offset + m.length);
  return { ...checked, matches: checked.matches.filter((m) => !isMaskedLmRule(m.ruleId) || !overlaps(m)) };
}
