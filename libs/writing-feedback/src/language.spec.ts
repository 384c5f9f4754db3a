import { describe, expect, it } from 'vitest';
import { issueCategory, languageReport } from './language';
import { matchAt } from './testing/fixtures';

describe('language issues from LanguageTool', () => {
  const text = 'I has went to the shop yesterday and buyed a new color pen ,it was cheap.';

  it('sorts matches into grammar, spelling, punctuation and style, with a learner-friendly explanation', () => {
    const report = languageReport(text, {
      matches: [
        matchAt(text, 'has', { ruleId: 'BASE_FORM', categoryId: 'GRAMMAR', message: 'Possible agreement error — use the base form here.', replacements: ['have'] }),
        matchAt(text, 'went', { ruleId: 'HAVE_PART_AGREEMENT', categoryId: 'GRAMMAR', replacements: ['gone'] }),
        matchAt(text, 'buyed', { ruleId: 'MORFOLOGIK_RULE_EN_GB', categoryId: 'TYPOS', issueType: 'misspelling', message: 'Possible spelling mistake found.', replacements: ['bought', 'buy', 'bayed', 'boyed'] }),
        matchAt(text, ' ,', { ruleId: 'COMMA_PARENTHESIS_WHITESPACE', categoryId: 'TYPOGRAPHY', issueType: 'whitespace' }),
      ],
    });
    expect(report.issues.map((i) => [text.slice(i.offset, i.offset + i.length), i.category])).toEqual([
      ['has', 'grammar'],
      ['went', 'grammar'],
      ['buyed', 'spelling'],
      [' ,', 'punctuation'],
    ]);
    expect(report.issues[1]!.explanation).toBe('After have/has/had, use the past participle: has gone, have seen.');
    expect(report.issues[2]!.replacements).toEqual(['bought', 'buy', 'bayed']);
    expect(report.words).toBe(16);
    expect(report.errorsPer100Words).toEqual({ grammar: 12.5, spelling: 6.3, punctuation: 6.3, style: 0, total: 25.1 });
    expect(report.accuracy).toBe(0);
  });

  it('reports the other variety’s spelling as a variant, never as an error', () => {
    const report = languageReport(text, {
      matches: [matchAt(text, 'color', { ruleId: 'MORFOLOGIK_RULE_EN_GB', categoryId: 'TYPOS', message: 'Possible spelling mistake. ‘color’ is American English.', replacements: ['colour'] })],
    });
    expect(report.issues).toEqual([expect.objectContaining({ category: 'variant', explanation: expect.stringContaining('American spelling') })]);
    expect(report.errorsPer100Words.total).toBe(0);
    expect(report.accuracy).toBe(100);
  });

  it('falls back to the category’s explanation for a rule it does not know', () => {
    expect(issueCategory({ ruleId: 'SOME_NEW_RULE', categoryId: 'STYLE', message: '' })).toBe('style');
    expect(issueCategory({ ruleId: 'X', categoryId: 'CASING', message: '' })).toBe('punctuation');
    expect(issueCategory({ ruleId: 'X', categoryId: 'CONFUSED_WORDS', message: '' })).toBe('grammar');
    const report = languageReport(text, { matches: [matchAt(text, 'cheap', { ruleId: 'SOME_NEW_RULE', categoryId: 'REDUNDANCY' })] });
    expect(report.issues[0]!.explanation).toBe('This says the same thing twice: it can be shorter.');
  });

  it('drops matches outside the text or overlapping an earlier one instead of trusting them', () => {
    const report = languageReport('Short text.', {
      matches: [
        { offset: 0, length: 5, ruleId: 'A', categoryId: 'GRAMMAR', message: '', replacements: [] },
        { offset: 3, length: 4, ruleId: 'B', categoryId: 'GRAMMAR', message: '', replacements: [] },
        { offset: 9, length: 40, ruleId: 'C', categoryId: 'GRAMMAR', message: '', replacements: [] },
        { offset: -1, length: 2, ruleId: 'D', categoryId: 'GRAMMAR', message: '', replacements: [] },
      ],
    });
    expect(report.issues.map((i) => i.ruleId)).toEqual(['A']);
  });

  it('calls a text not English when most of its words are unknown, even without a detected language', () => {
    const french = 'Je voudrais réserver une chambre pour deux nuits';
    const matches = french.split(' ').slice(0, 6).map((w) => matchAt(french, w, { ruleId: 'MORFOLOGIK_RULE_EN_GB', categoryId: 'TYPOS' }));
    expect(languageReport(french, { matches }).notEnglish).toBe(true);
    expect(languageReport('I has went home.', { matches: [], detectedLanguage: { code: 'en-US', confidence: 0.99 } }).notEnglish).toBe(false);
  });
});

describe('the other variety of English', () => {
  it('is a variant for every rule LanguageTool files as a locale violation (mom, vacation, gotten, anymore, ok)', () => {
    const text = 'My mom has gotten a vacation, ok.';
    const report = languageReport(text, {
      matches: [
        matchAt(text, 'mom', { ruleId: 'EN_GB_SIMPLE_REPLACE_MOM', categoryId: 'STYLE', issueType: 'locale-violation' }),
        matchAt(text, 'gotten', { ruleId: 'GOT_GOTTEN', categoryId: 'AMERICAN_ENGLISH', issueType: 'locale-violation' }),
        matchAt(text, 'vacation', { ruleId: 'EN_GB_SIMPLE_REPLACE_VACATION', categoryId: 'STYLE', issueType: 'locale-violation' }),
        matchAt(text, 'ok', { ruleId: 'OK', categoryId: 'AMERICAN_ENGLISH', issueType: 'locale-violation' }),
      ],
    });
    expect(report.issues.map((i) => [text.slice(i.offset, i.offset + i.length), i.category])).toEqual([['mom', 'variant'], ['gotten', 'variant'], ['vacation', 'variant'], ['ok', 'variant']]);
    expect(report.issues[0]!.explanation).toContain('American English');
    expect(report.accuracy).toBe(100);
  });

  it('is a variant for an American spelling the British speller only corrects (traveled → travelled), not for a real slip', () => {
    const text = 'We traveled to the centre and recieved a colour map.';
    const report = languageReport(text, {
      matches: [
        matchAt(text, 'traveled', { ruleId: 'MORFOLOGIK_RULE_EN_GB', categoryId: 'TYPOS', issueType: 'misspelling', message: 'Possible spelling mistake. Did you mean “travelled”?', replacements: ['travelled'] }),
        matchAt(text, 'recieved', { ruleId: 'MORFOLOGIK_RULE_EN_GB', categoryId: 'TYPOS', issueType: 'misspelling', message: 'Possible spelling mistake found.', replacements: ['received'] }),
      ],
    });
    expect(report.issues.map((i) => i.category)).toEqual(['variant', 'spelling']);
  });
});

describe('slips and capitals', () => {
  it('counts LanguageTool’s TYPOS rules as spelling and its capital-letter rules as punctuation, not grammar', () => {
    expect(issueCategory({ ruleId: 'CANT', categoryId: 'TYPOS', issueType: 'misspelling', message: '' })).toBe('spelling');
    expect(issueCategory({ ruleId: 'I_LOWERCASE', categoryId: 'TYPOS', issueType: 'misspelling', message: '' })).toBe('punctuation');
    expect(issueCategory({ ruleId: 'UPPERCASE_SENTENCE_START', categoryId: 'CASING', issueType: 'typographical', message: '' })).toBe('punctuation');
  });
});
