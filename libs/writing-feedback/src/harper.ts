import type { IssueCategory } from '@fluent/contracts';
import type { CheckerMatch, CheckerResult } from './language';

/** One lint of Harper (npm harper.js), as feedback-service's Harper checker hands it over. */
export interface HarperLint {
  /** Harper's rule name (the key of its organised lints): MassNouns, TheyToThem … */
  rule: string;
  /** Harper's lint kind: Agreement, Capitalization, WordChoice … */
  kind: string;
  /** Where the lint starts and ends, in characters (Unicode code points, as Harper counts). */
  start: number;
  end: number;
  message: string;
  suggestions: string[];
}

/** LanguageTool-style category id under which Harper's matches travel (issueCategory reads it). */
export const HARPER_CATEGORY_ID = 'HARPER';
const PREFIX = 'HARPER_';

/**
 * The Harper rules we show, with the category each is counted in. Chosen on JFLEG dev (bench/FEEDBACK.md
 * has the figures of every rule): a rule is kept when the flags it adds where LanguageTool shows
 * nothing touch a word the human correctors changed at least 70 % of the time, over at least two
 * such flags, and it raises no false alarm on our own clean sentences. Left out: Harper's spell
 * checker (LanguageTool's speller knows which spellings are the other variety; Harper's British
 * dictionary calls "color" an error), its readability and typography advice, CompoundNouns ("far
 * away" and "a short walk away" flagged as compounds), MissingPreposition ("The museum has old maps"
 * flagged) and CapitalizePersonalPronouns (LanguageTool's I_LOWERCASE already marks the same "i").
 */
export const HARPER_RULES: Readonly<Record<string, IssueCategory>> = {
  MassNouns: 'grammar',
  ModalBeAdjective: 'grammar',
  TheyToThem: 'grammar',
  ThereToTheir: 'grammar',
  DiscourseMarkers: 'punctuation',
  AvoidAndAlso: 'style',
};

/** The rule id an issue from Harper carries ("HARPER_MassNouns"), so the two checkers' rules never collide. */
export function harperRuleId(rule: string): string {
  return `${PREFIX}${rule}`;
}

/** The category of a Harper match, or undefined for a rule we do not show. */
export function harperCategory(ruleId: string): IssueCategory | undefined {
  const rule = ruleId.slice(PREFIX.length);
  return ruleId.startsWith(PREFIX) && Object.hasOwn(HARPER_RULES, rule) ? HARPER_RULES[rule] : undefined;
}

/** Code-point index → UTF-16 offset: Harper counts characters, JavaScript strings count UTF-16 units. */
function utf16Offsets(text: string): number[] {
  const offsets = [0];
  let at = 0;
  for (const char of text) {
    at += char.length;
    offsets.push(at);
  }
  return offsets;
}

/** Harper's lints of the rules we show, as checker matches on the text (spans in UTF-16 offsets). */
export function harperMatches(text: string, lints: readonly HarperLint[]): CheckerMatch[] {
  const offsets = utf16Offsets(text);
  const matches: CheckerMatch[] = [];
  for (const lint of lints) {
    if (!Object.hasOwn(HARPER_RULES, lint.rule)) continue;
    const from = offsets[lint.start];
    const to = offsets[lint.end];
    if (from === undefined || to === undefined || to <= from) continue;
    // Harper's span sometimes takes the space after the word ("reason "): the mark is the word.
    const word = text.slice(from, to).trimEnd();
    matches.push({
      offset: from,
      length: word.length,
      ruleId: harperRuleId(lint.rule),
      categoryId: HARPER_CATEGORY_ID,
      issueType: lint.kind,
      message: lint.message,
      replacements: lint.suggestions.map((s) => s.trim()).filter((s) => s.length > 0),
    });
  }
  return matches.filter((m) => m.length > 0);
}

const overlaps = (a: CheckerMatch, b: CheckerMatch) => a.offset < b.offset + b.length && b.offset < a.offset + a.length;

/**
 * LanguageTool's answer with the second checker's matches added where LanguageTool has none: where
 * both flag overlapping words, the learner sees one issue, LanguageTool's (its messages and
 * explanations are the ones we checked). Overlapping extra matches keep the first.
 */
export function mergeChecks<T extends CheckerResult>(languageTool: T, extra: readonly CheckerMatch[]): T {
  const added: CheckerMatch[] = [];
  for (const match of [...extra].sort((a, b) => a.offset - b.offset)) {
    if (languageTool.matches.some((m) => overlaps(m, match)) || added.some((m) => overlaps(m, match))) continue;
    added.push(match);
  }
  return added.length === 0 ? languageTool : { ...languageTool, matches: [...languageTool.matches, ...added].sort((a, b) => a.offset - b.offset) };
}
