import { describe, expect, it } from 'vitest';
import { HARPER_CATEGORY_ID, HARPER_RULES, harperMatches, harperRuleId, mergeChecks, type HarperLint } from './harper';
import { issueCategory, languageReport, type CheckerMatch } from './language';
import { explanationFor } from './explanations';

const lint = (rule: string, text: string, word: string, over: Partial<HarperLint> = {}): HarperLint => {
  const at = [...text.slice(0, text.indexOf(word))].length;
  return { rule, kind: 'Agreement', start: at, end: at + [...word].length, message: `Harper on ${word}`, suggestions: [], ...over };
};
const lt = (text: string, word: string, ruleId = 'HE_VERB_AGR'): CheckerMatch => ({ offset: text.indexOf(word), length: word.length, ruleId, categoryId: 'GRAMMAR', message: 'LanguageTool', replacements: [] });

describe('Harper as the second checker', () => {
  it('turns a kept rule’s lint into a match on the same words, with its suggestions', () => {
    const text = 'Every knowledge is useful.';
    const [match] = harperMatches(text, [lint('MassNouns', text, 'Every knowledge', { suggestions: ['Every piece of knowledge'] })]);
    expect(match).toEqual({ offset: 0, length: 15, ruleId: 'HARPER_MassNouns', categoryId: HARPER_CATEGORY_ID, issueType: 'Agreement', message: 'Harper on Every knowledge', replacements: ['Every piece of knowledge'] });
  });

  it('drops the lints of rules we do not show (the spell checker, readability advice)', () => {
    const text = 'My favorite colour.';
    expect(harperMatches(text, [lint('SpellCheck', text, 'favorite'), lint('LongSentences', text, 'My favorite colour.'), lint('CompoundNouns', text, 'My favorite')])).toEqual([]);
  });

  it('counts Harper’s characters, not UTF-16 units: a mark after an emoji lands on its word', () => {
    const text = 'Great 😀 i think so.';
    const [match] = harperMatches(text, [lint('AvoidAndAlso', text, 'i')]);
    expect(text.slice(match!.offset, match!.offset + match!.length)).toBe('i');
  });

  it('marks the word, not the space Harper’s span sometimes takes after it, and drops a suggestion that is only a space', () => {
    const text = 'It is the reason the plan failed.';
    const [match] = harperMatches(text, [lint('MassNouns', text, 'reason ', { suggestions: [' '] })]);
    expect(text.slice(match!.offset, match!.offset + match!.length)).toBe('reason');
    expect(match!.replacements).toEqual([]);
  });

  it('shows one issue where both checkers flag overlapping words: LanguageTool’s', () => {
    const text = 'She have two cats and i like them.';
    const merged = mergeChecks({ matches: [lt(text, 'have')] }, harperMatches(text, [lint('TheyToThem', text, 'She have'), lint('AvoidAndAlso', text, 'i')]));
    expect(merged.matches.map((m) => [text.slice(m.offset, m.offset + m.length), m.ruleId])).toEqual([
      ['have', 'HE_VERB_AGR'],
      ['i', 'HARPER_AvoidAndAlso'],
    ]);
  });

  it('keeps LanguageTool’s answer as it is (its checker, its detected language) when Harper adds nothing', () => {
    const checked = { matches: [], checker: { name: 'LanguageTool', version: '6.6', variant: 'en-GB' }, detectedLanguage: { code: 'en-GB', confidence: 1 } };
    expect(mergeChecks(checked, [])).toBe(checked);
    const text = 'i agree.';
    expect(mergeChecks(checked, harperMatches(text, [lint('AvoidAndAlso', text, 'i')]))).toMatchObject({ checker: checked.checker, detectedLanguage: checked.detectedLanguage });
  });

  // The table as chosen on JFLEG dev (bench/FEEDBACK.md), written out here so a change to a rule's category or the set fails.
  const CHOSEN = { MassNouns: 'grammar', ModalBeAdjective: 'grammar', TheyToThem: 'grammar', ThereToTheir: 'grammar', DiscourseMarkers: 'punctuation', AvoidAndAlso: 'style' };

  it('shows exactly the rules chosen on JFLEG dev', () => {
    expect(HARPER_RULES).toEqual(CHOSEN);
  });

  it.each(Object.entries(CHOSEN))('files %s under %s, with an explanation of its own', (rule, category) => {
    const ruleId = harperRuleId(rule);
    expect(issueCategory({ ruleId, categoryId: HARPER_CATEGORY_ID, message: '' })).toBe(category);
    expect(explanationFor(ruleId, HARPER_CATEGORY_ID, category)).not.toBe(explanationFor('NO_SUCH_RULE', HARPER_CATEGORY_ID, category));
  });

  it('shows a merged Harper issue in the report with its category and explanation, and never one of a rule not kept', () => {
    const text = 'I think they could useful.';
    const kept = { offset: text.indexOf('could'), length: 5, ruleId: 'HARPER_ModalBeAdjective', categoryId: HARPER_CATEGORY_ID, issueType: 'Miscellaneous', message: 'be?', replacements: ['could be'] };
    const other = { ...kept, offset: 0, length: 1, ruleId: 'HARPER_SpellCheck' };
    const report = languageReport(text, { matches: [other, kept] });
    expect(report.issues.map((i) => [i.ruleId, i.category, i.explanation])).toEqual([['HARPER_ModalBeAdjective', 'grammar', expect.stringContaining('needs “be”')]]);
  });
});
