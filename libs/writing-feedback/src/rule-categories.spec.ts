import { describe, expect, it } from 'vitest';
import corpusRules from '../fixtures/corpus-rules.json';
import { issueCategory, languageReport, LOW_PRECISION_RULES } from './language';

// Every rule LanguageTool 6.6 returned on the evaluation corpora (JFLEG dev and test, the DREsS
// sample; bench/feedback-eval lists them in its results), with the category we give it. A rule
// about the other variety is a variant; slips of the pen are spelling; capital letters punctuation.
const rules = (corpusRules as { rules: { ruleId: string; categoryId: string; issueType?: string; message: string; category: string }[] }).rules;

describe('the category of every rule the corpora hit', () => {
  it.each(rules.map((r) => [r.ruleId, r.categoryId, r] as const))('%s (%s)', (_id, _category, rule) => {
    expect(issueCategory(rule)).toBe(rule.category);
  });

  it('never files a typo, a capital letter or an American-English rule under grammar', () => {
    const wrong = rules.filter((r) => (r.categoryId === 'TYPOS' || r.categoryId === 'CASING' || r.issueType === 'locale-violation') && issueCategory(r) === 'grammar');
    expect(wrong).toEqual([]);
  });

  it('shows no match of a rule below 70 % precision on JFLEG dev', () => {
    for (const ruleId of LOW_PRECISION_RULES) {
      const report = languageReport('A short text here.', { matches: [{ offset: 2, length: 5, ruleId, categoryId: 'GRAMMAR', message: '', replacements: [] }] });
      expect(report.issues).toEqual([]);
    }
  });
});
