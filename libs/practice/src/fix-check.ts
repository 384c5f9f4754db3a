import { diffChars, type ChangeObject } from 'diff';
import { FIX_OUTCOME_MESSAGES, FIXABLE_CATEGORIES, type FixOutcome, type SentenceIssue, type WritingIssue } from '@fluent/contracts';
import { isContentWord, isMaskedLmRule, languageReport, tokens, wordKey, type CheckerMatch } from '@fluent/writing-feedback';

/** What the "fix your sentence" check is given; the caller asked LanguageTool about `corrected`. */
export interface FixCheckInput {
  /** The sentence as the learner wrote it in the test. */
  original: string;
  /** The card's issues, offsets within `original`. */
  issues: readonly SentenceIssue[];
  /** What the learner typed now. */
  corrected: string;
  /** LanguageTool's matches on `corrected` (offsets within it). */
  matches: readonly CheckerMatch[];
}

export interface MeaningKept {
  /** Content words of the original (outside its issues) found again. */
  kept: number;
  of: number;
  /** How many had to be kept. */
  required: number;
}

export interface FixCheck {
  outcome: FixOutcome;
  /** The learner-facing sentence for the outcome (texts in @fluent/contracts). */
  message: string;
  /** The original issues LanguageTool still finds. */
  stillThere: SentenceIssue[];
  /** Grammar or spelling issues of the corrected sentence that are not the original ones. */
  newIssues: WritingIssue[];
  meaning: MeaningKept;
}

/**
 * Share of the original's content words that a correction must keep for it to say the same thing.
 *
 * The measure: the original's content words (stop words and numbers left out, as writing
 * feedback's passage recall counts them), minus the words inside the flagged issues (those are
 * the ones expected to change: "recieve" becomes "receive"), each matched once by its lemma/stem
 * key (libs/writing-feedback wordKey, so "go" kept as "goes" counts). Function words are left
 * out because fixing grammar is mostly changing them ("a" → "the", "in" → "at").
 *
 * 0.7 lets a learner rephrase a little (a synonym, a word dropped) while a different sentence, or
 * the flagged clause simply deleted, fails. A share alone is too strict for short sentences (with
 * three content words, 0.7 demands all three), so one content word may always change, and at
 * least one must stay.
 */
export const MEANING_KEPT_SHARE = 0.7;

export function requiredKept(contentWords: number): number {
  if (contentWords === 0) return 0;
  return Math.max(1, Math.min(Math.ceil(MEANING_KEPT_SHARE * contentWords), contentWords - 1));
}

const inIssue = (offset: number, issues: readonly SentenceIssue[]) => issues.some((i) => offset >= i.offset && offset < i.offset + i.length);

export function meaningKept(original: string, issues: readonly SentenceIssue[], corrected: string): MeaningKept {
  const wanted = tokens(original)
    .filter((t) => isContentWord(t.lower) && !inIssue(t.offset, issues))
    .map((t) => wordKey(t.lower));
  const available = new Map<string, number>();
  for (const t of tokens(corrected)) {
    const key = wordKey(t.lower);
    available.set(key, (available.get(key) ?? 0) + 1);
  }
  let kept = 0;
  for (const key of wanted) {
    const left = available.get(key) ?? 0;
    if (left > 0) {
      kept += 1;
      available.set(key, left - 1);
    }
  }
  return { kept, of: wanted.length, required: requiredKept(wanted.length) };
}

/** Where a span of the original lies in the corrected sentence, following a character diff. */
export function mapSpan(parts: readonly ChangeObject<string>[], start: number, end: number): { start: number; end: number } {
  let inOriginal = 0;
  let inCorrected = 0;
  let mappedStart = -1;
  let mappedEnd = -1;
  for (const part of parts) {
    const length = part.value.length;
    if (part.added) {
      inCorrected += length;
      continue;
    }
    const unchanged = !part.removed;
    if (mappedStart < 0 && start <= inOriginal + length) mappedStart = unchanged ? inCorrected + (start - inOriginal) : inCorrected;
    if (mappedEnd < 0 && end <= inOriginal + length) mappedEnd = unchanged ? inCorrected + (end - inOriginal) : inCorrected;
    inOriginal += length;
    if (unchanged) inCorrected += length;
  }
  return { start: mappedStart < 0 ? inCorrected : mappedStart, end: mappedEnd < 0 ? inCorrected : mappedEnd };
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * An original issue is still there when LanguageTool flags, by the same rule, the place the
 * original's flagged words moved to (spans touching count: a word changed at its end is still
 * that word), or the very same words anywhere in the sentence.
 */
function stillFlagged(issue: SentenceIssue, original: string, corrected: string, parts: readonly ChangeObject<string>[], found: readonly WritingIssue[]): boolean {
  const at = mapSpan(parts, issue.offset, issue.offset + issue.length);
  const flagged = original.slice(issue.offset, issue.offset + issue.length).toLowerCase();
  return found.some(
    (match) =>
      match.ruleId === issue.ruleId &&
      ((match.offset <= at.end && match.offset + match.length >= at.start) || corrected.slice(match.offset, match.offset + match.length).toLowerCase() === flagged),
  );
}

const result = (outcome: FixOutcome, rest: Omit<FixCheck, 'outcome' | 'message'>): FixCheck => ({ outcome, message: FIX_OUTCOME_MESSAGES[outcome], ...rest });

/**
 * Decides whether the learner fixed their sentence, in this order:
 * 1. `not-fixed`: no word typed, the sentence retyped unchanged (spacing aside), or an original
 *    issue still there;
 * 2. `meaning-changed`: too few of the original's content words kept (MEANING_KEPT_SHARE);
 * 3. `new-error`: LanguageTool or Harper finds another grammar or spelling issue (categorised as writing
 *    feedback does, so a variant spelling or a style hint is no error);
 * 4. `fixed`.
 * Meaning comes before new errors: a different sentence is not judged on its grammar.
 */
export function checkFix(input: FixCheckInput): FixCheck {
  const { original, issues, corrected } = input;
  const meaning = meaningKept(original, issues, corrected);
  if (tokens(corrected).length === 0 || normalise(corrected) === normalise(original)) {
    return result('not-fixed', { stillThere: [...issues], newIssues: [], meaning });
  }
  const report = languageReport(corrected, { matches: [...input.matches] });
  if (report.notEnglish) {
    // Mostly words the speller does not know: writing feedback lists no issues for such a text, yet
    // the unknown words are new errors (or, if the original's words are gone too, another sentence).
    return result(meaning.kept < meaning.required ? 'meaning-changed' : 'new-error', { stillThere: [], newIssues: [], meaning });
  }
  const found = report.issues.filter((issue) => (FIXABLE_CATEGORIES as readonly string[]).includes(issue.category));
  const parts = diffChars(original, corrected);
  const stillThere = issues.filter((issue) => stillFlagged(issue, original, corrected, parts, found));
  // The masked language model's thresholds hold for a sentence read with its text around it: a
  // corrected sentence read alone may only show that its original issue is still there, never a new one.
  const newIssues = found.filter((match) => !isMaskedLmRule(match.ruleId) && !stillThere.some((issue) => stillFlagged(issue, original, corrected, parts, [match])));
  if (stillThere.length > 0) return result('not-fixed', { stillThere, newIssues, meaning });
  if (meaning.kept < meaning.required) return result('meaning-changed', { stillThere, newIssues, meaning });
  if (newIssues.length > 0) return result('new-error', { stillThere, newIssues, meaning });
  return result('fixed', { stillThere, newIssues, meaning });
}
