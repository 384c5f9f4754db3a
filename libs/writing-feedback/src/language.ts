import { ISSUE_CATEGORIES, type ErrorRates, type IssueCategory, type LanguageReport, type WritingIssue } from '@fluent/contracts';
import { explanationFor } from './explanations';
import { HARPER_CATEGORY_ID, harperCategory } from './harper';
import { isMaskedLmCommaRule, MASKED_LM_CATEGORY_ID } from './masked-lm/masked-lm-check';
import { clamp, round, round1, tokens } from './words';

/** One match of the grammar checker, as feedback-service's LanguageTool client hands it over. */
export interface CheckerMatch {
  offset: number;
  length: number;
  ruleId: string;
  /** LanguageTool's rule category id: GRAMMAR, TYPOS, PUNCTUATION … */
  categoryId: string;
  /** LanguageTool's issue type: grammar, misspelling, style, whitespace … */
  issueType?: string;
  message: string;
  replacements: string[];
}

export interface CheckerResult {
  matches: CheckerMatch[];
  /** The language the checker detected, with its confidence (0-1). */
  detectedLanguage?: { code: string; confidence: number };
}

/** The checker's answer for a text it was not asked to check (a blank). */
export const NO_MATCHES: CheckerResult = { matches: [] };

const STYLE_CATEGORIES = new Set(['STYLE', 'REDUNDANCY', 'PLAIN_ENGLISH', 'REPETITIONS_STYLE', 'REPETITIONS', 'TEXT_ANALYSIS', 'CREATIVE_WRITING', 'WIKIPEDIA']);
const PUNCTUATION_CATEGORIES = new Set(['PUNCTUATION', 'TYPOGRAPHY', 'CASING']);
const SPELLING_RULES = new Set(['EN_CONTRACTION_SPELLING']);
/**
 * LanguageTool's TYPOS category holds slips of the pen ("cant", "wont", "alot"): spelling, not grammar
 * (measured on learner essays, they were a third of all "grammar" issues). Its capital-letter rules
 * ("i" for "I") are capitalisation, which we count with punctuation.
 */
const SPELLING_CATEGORIES = new Set(['TYPOS', 'COMPOUNDING']);
/** Words written as one, two or hyphenated ("time consuming", "every body"), and misspelt word groups: spelling wherever LanguageTool files them. */
const SPELLING_RULE = /^EN_COMPOUNDS_|_COMPOUNDS$|^EN_MULTITOKEN_SPELLING|^EN_SIMPLE_REPLACE_/;
const CAPITALISATION_RULE = /(^|_)(UPPERCASE|LOWERCASE|CASING|CAPITALI[SZ]ATION)(_|$)/;

/**
 * We check with British English (the bank's variety). A spelling LanguageTool's British speller
 * rejects as "American English" is the other variety, which learners may write: a variant. So is
 * every rule LanguageTool files as a locale violation or under American/British English (mom,
 * vacation, gotten, anymore, ok): the word is right in the other variety.
 */
const AMERICAN = /is American English/i;

/**
 * American spellings LanguageTool's British speller rejects without saying so ("traveled": "did you
 * mean travelled?"): the word is its suggestion spelt the American way.
 */
const AMERICAN_FORMS: [RegExp, string][] = [
  [/([aeiou])l(ed|ing|er|ers)$/, '$1ll$2'],
  [/or(s?)$/, 'our$1'],
  [/([^aeiou])er(s?)$/, '$1re$2'],
  [/yz(e|ed|es|ing)$/, 'ys$1'],
  [/iz(e|ed|es|ing|ation|ations)$/, 'is$1'],
  [/og(s?)$/, 'ogue$1'],
  [/ense(s?)$/, 'ence$1'],
];

export function isAmericanSpelling(word: string, replacements: readonly string[]): boolean {
  const lower = word.toLowerCase();
  return AMERICAN_FORMS.some(([pattern, british]) => pattern.test(lower) && replacements.some((r) => r.toLowerCase() === lower.replace(pattern, british)));
}
const VARIETY_CATEGORIES = new Set(['AMERICAN_ENGLISH', 'BRITISH_ENGLISH']);
const VARIETY_ISSUE_TYPE = 'locale-violation';

/**
 * Rules whose flags are right (touch a word human correctors changed) less than 70 % of the time on
 * JFLEG dev, the whole 95 % interval below 70 %: not shown (bench/FEEDBACK.md has their figures).
 * "First of all" flagged as wordy was never a correction (0 of 4).
 */
export const LOW_PRECISION_RULES: ReadonlySet<string> = new Set<string>(['FIRST_OF_ALL']);

export function issueCategory(match: Pick<CheckerMatch, 'ruleId' | 'categoryId' | 'issueType' | 'message'>): IssueCategory | 'variant' {
  if (match.categoryId === HARPER_CATEGORY_ID) return harperCategory(match.ruleId) ?? 'style';
  // The masked language model's sets are about the words' grammar, homophones included (LanguageTool files those as grammar too), but a comma is punctuation.
  if (match.categoryId === MASKED_LM_CATEGORY_ID) return isMaskedLmCommaRule(match.ruleId) ? 'punctuation' : 'grammar';
  if (match.ruleId.startsWith('MORFOLOGIK_RULE')) return AMERICAN.test(match.message) ? 'variant' : 'spelling';
  if (match.issueType === VARIETY_ISSUE_TYPE || VARIETY_CATEGORIES.has(match.categoryId)) return 'variant';
  if (match.categoryId === 'CASING' || CAPITALISATION_RULE.test(match.ruleId)) return 'punctuation';
  if (SPELLING_RULES.has(match.ruleId) || SPELLING_RULE.test(match.ruleId) || SPELLING_CATEGORIES.has(match.categoryId)) return 'spelling';
  if (PUNCTUATION_CATEGORIES.has(match.categoryId)) return 'punctuation';
  if (STYLE_CATEGORIES.has(match.categoryId) || match.issueType === 'style') return 'style';
  return 'grammar';
}

/**
 * How much each kind of error costs the accuracy figure, per error per 100 words. Re-weighted on
 * rated learner essays (DREsS, tuning half; bench/FEEDBACK.md): punctuation and capitals predicted
 * the raters' language score in both halves and weigh most; grammar and spelling predicted it
 * weakly there and are kept at a lower cost; style suggestions are not errors (more of them went
 * with *better* ratings) and cost nothing.
 */
const COST: Record<IssueCategory, number> = { grammar: 4, spelling: 2, punctuation: 6, style: 0 };

/**
 * Below this share of English words (unknown to the speller, as a share of all words) a text is
 * not English, whatever the detector says: a page of spelling errors is not feedback.
 */
const MIN_KNOWN_SHARE = 0.5;

export function isNotEnglish(text: string, result: CheckerResult): boolean {
  const words = tokens(text).filter((t) => /\p{L}/u.test(t.word)).length;
  const detected = result.detectedLanguage;
  if (detected && !detected.code.toLowerCase().startsWith('en') && detected.confidence >= 0.9 && words >= 3) return true;
  if (words < 5) return false;
  // Words the speller does not know; a slip such as "cant" is a known word written wrongly.
  const unknown = result.matches.filter((m) => m.ruleId.startsWith('MORFOLOGIK_RULE') && issueCategory(m) === 'spelling').length;
  return unknown / words > 1 - MIN_KNOWN_SHARE;
}

/**
 * What the learner is shown for one text: the issues (inside the text, at most 3 suggestions
 * each), errors per 100 words by category, and an accuracy figure. Issues outside the text or
 * overlapping an earlier one are dropped rather than trusted.
 */
export function languageReport(text: string, result: CheckerResult): LanguageReport {
  const words = tokens(text).length;
  const zero = (): ErrorRates => ({ grammar: 0, spelling: 0, punctuation: 0, style: 0, total: 0 });
  if (words === 0) return { words, notEnglish: false, issues: [], errorsPer100Words: zero(), accuracy: 0 };
  if (isNotEnglish(text, result)) return { words, notEnglish: true, issues: [], errorsPer100Words: zero(), accuracy: 0 };
  const issues: WritingIssue[] = [];
  let end = 0;
  for (const match of [...result.matches].sort((a, b) => a.offset - b.offset)) {
    const valid = Number.isInteger(match.offset) && Number.isInteger(match.length) && match.offset >= end && match.length > 0;
    const unshown = LOW_PRECISION_RULES.has(match.ruleId) || (match.categoryId === HARPER_CATEGORY_ID && harperCategory(match.ruleId) === undefined);
    if (!valid || match.offset + match.length > text.length || unshown) continue;
    const found = issueCategory(match);
    const category = found === 'spelling' && match.ruleId.startsWith('MORFOLOGIK_RULE') && isAmericanSpelling(text.slice(match.offset, match.offset + match.length), match.replacements) ? 'variant' : found;
    issues.push({
      offset: match.offset,
      length: match.length,
      category,
      ruleId: match.ruleId,
      explanation: explanationFor(match.ruleId, match.categoryId, category),
      message: match.message,
      replacements: match.replacements.slice(0, 3),
    });
    end = match.offset + match.length;
  }
  const rates = zero();
  for (const category of ISSUE_CATEGORIES) {
    rates[category] = round1((issues.filter((i) => i.category === category).length / words) * 100);
  }
  rates.total = round1(ISSUE_CATEGORIES.reduce((sum, c) => sum + rates[c], 0));
  const cost = ISSUE_CATEGORIES.reduce((sum, c) => sum + rates[c] * COST[c], 0);
  return { words, notEnglish: false, issues, errorsPer100Words: rates, accuracy: round(clamp(100 - cost)) };
}

/** Accuracy counting only some categories (the skill profile splits grammar from the rest). */
export function accuracyOf(report: LanguageReport, categories: readonly IssueCategory[]): number {
  if (report.words === 0 || report.notEnglish) return 0;
  return round(clamp(100 - categories.reduce((sum, c) => sum + report.errorsPer100Words[c] * COST[c], 0)));
}
