import { ISSUE_CATEGORIES, type ErrorRates, type IssueCategory, type LanguageReport, type WritingIssue } from '@fluent/contracts';
import { explanationFor } from './explanations';
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
 * We check with British English (the bank's variety). A spelling LanguageTool's British speller
 * rejects as "American English" is the other variety, which learners may write: a variant.
 */
const AMERICAN = /is American English/i;

export function issueCategory(match: Pick<CheckerMatch, 'ruleId' | 'categoryId' | 'issueType' | 'message'>): IssueCategory | 'variant' {
  if (match.ruleId.startsWith('MORFOLOGIK_RULE')) return AMERICAN.test(match.message) ? 'variant' : 'spelling';
  if (SPELLING_RULES.has(match.ruleId) || match.categoryId === 'COMPOUNDING') return 'spelling';
  if (PUNCTUATION_CATEGORIES.has(match.categoryId)) return 'punctuation';
  if (STYLE_CATEGORIES.has(match.categoryId) || match.issueType === 'style') return 'style';
  return 'grammar';
}

/** How much each kind of error costs the accuracy figure, per error per 100 words. */
const COST: Record<IssueCategory, number> = { grammar: 8, spelling: 6, punctuation: 3, style: 1.5 };

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
  const unknown = result.matches.filter((m) => issueCategory(m) === 'spelling').length;
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
    if (!valid || match.offset + match.length > text.length) continue;
    const category = issueCategory(match);
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
