import { describe, expect, it, vi } from 'vitest';
import { MASKED_LM_CATEGORY_ID, type CheckerMatch, type HarperLint } from '@fluent/writing-feedback';
import type { CheckedText, LanguageToolClient } from '../languagetool/languagetool.client';
import type { MaskedLmChecker } from '../masked-lm/masked-lm.checker';
import type { HarperLinter } from './harper.linter';
import { TextChecker } from './text-checker';

const TEXT = 'She have a car and also i think every knowledge helps.';
const at = (word: string) => TEXT.indexOf(word);
const LANGUAGE_TOOL: CheckedText = {
  checker: { name: 'LanguageTool', version: '6.6', variant: 'en-GB' },
  matches: [
    { offset: at('have'), length: 4, ruleId: 'HE_VERB_AGR', categoryId: 'GRAMMAR', message: 'has', replacements: ['has'] },
    { offset: at('i think'), length: 1, ruleId: 'I_LOWERCASE', categoryId: 'CASING', message: 'I', replacements: ['I'] },
  ],
};
const lint = (rule: string, word: string): HarperLint => ({ rule, kind: 'Agreement', start: at(word), end: at(word) + word.length, message: rule, suggestions: [] });

const modelMatch = (word: string, ruleId: string): CheckerMatch => ({ offset: at(word), length: word.length, ruleId, categoryId: MASKED_LM_CATEGORY_ID, message: ruleId, replacements: [] });

function checker(lints: HarperLint[], modelMatches: CheckerMatch[] = []) {
  const languageTool = { check: vi.fn(async () => LANGUAGE_TOOL) };
  const harper = { lints: vi.fn(async () => lints), setup: vi.fn(async () => undefined) };
  const maskedLm = { matches: vi.fn(async () => modelMatches) };
  return {
    service: new TextChecker(languageTool as unknown as LanguageToolClient, harper as unknown as HarperLinter, maskedLm as unknown as MaskedLmChecker),
    languageTool,
    harper,
    maskedLm,
  };
}

describe('TextChecker', () => {
  it('checks the text with both checkers and adds Harper’s kept issues where LanguageTool has none', async () => {
    const { service, languageTool, harper } = checker([lint('AvoidAndAlso', 'and also'), lint('MassNouns', 'every knowledge'), lint('PronounVerbAgreement', 'have')]);
    const checked = await service.check(TEXT);
    expect(languageTool.check).toHaveBeenCalledWith(TEXT);
    expect(harper.lints).toHaveBeenCalledWith(TEXT);
    expect(checked.checker).toEqual(LANGUAGE_TOOL.checker);
    expect(checked.matches.map((m) => [TEXT.slice(m.offset, m.offset + m.length), m.ruleId])).toEqual([
      ['have', 'HE_VERB_AGR'],
      ['and also', 'HARPER_AvoidAndAlso'],
      ['i', 'I_LOWERCASE'],
      ['every knowledge', 'HARPER_MassNouns'],
    ]);
  });

  it('adds the masked language model’s matches only where neither LanguageTool nor Harper has an issue', async () => {
    const { service, maskedLm } = checker([lint('MassNouns', 'every knowledge')], [modelMatch('have', 'MLM_AGREEMENT'), modelMatch('knowledge', 'MLM_NUMBER'), modelMatch('car', 'MLM_NUMBER')]);
    const checked = await service.check(TEXT);
    expect(maskedLm.matches).toHaveBeenCalledWith(TEXT, {});
    expect(checked.matches.map((m) => [TEXT.slice(m.offset, m.offset + m.length), m.ruleId])).toEqual([
      ['have', 'HE_VERB_AGR'],
      ['car', 'MLM_NUMBER'],
      ['i', 'I_LOWERCASE'],
      ['every knowledge', 'HARPER_MassNouns'],
    ]);
  });

  it('fails when Harper fails, so the event is delivered again rather than stored with half the checks', async () => {
    const { service, harper } = checker([]);
    harper.lints.mockRejectedValueOnce(new Error('wasm trap'));
    await expect(service.check(TEXT)).rejects.toThrow('wasm trap');
  });
});
