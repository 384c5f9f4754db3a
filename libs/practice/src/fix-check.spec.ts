import { describe, expect, it } from 'vitest';
import { diffChars } from 'diff';
import { FIX_OUTCOME_MESSAGES, type SentenceIssue } from '@fluent/contracts';
import type { CheckerMatch } from '@fluent/writing-feedback';
import { checkFix, mapSpan, meaningKept, requiredKept } from './fix-check';

const ORIGINAL = 'My brother go to the big library near the station every Saturday.';
const AGREEMENT: SentenceIssue = { offset: ORIGINAL.indexOf('go'), length: 2, category: 'grammar', ruleId: 'HE_VERB_AGR', message: 'The verb does not agree.', explanation: 'Subject and verb agree.' };

/** A LanguageTool match on `text` at the first `flagged` (after `from`). */
function match(text: string, flagged: string, ruleId: string, categoryId: string, from = 0): CheckerMatch {
  return { offset: text.indexOf(flagged, from), length: flagged.length, ruleId, categoryId, message: `${ruleId} here`, replacements: [] };
}
const grammar = (text: string, flagged: string, from = 0) => match(text, flagged, 'HE_VERB_AGR', 'GRAMMAR', from);
const spelling = (text: string, flagged: string) => ({ ...match(text, flagged, 'MORFOLOGIK_RULE_EN_GB', 'TYPOS'), message: 'Possible spelling mistake found.' });

const check = (corrected: string, matches: CheckerMatch[] = [], issues: SentenceIssue[] = [AGREEMENT], original = ORIGINAL) => checkFix({ original, issues, corrected, matches });

describe('checkFix', () => {
  it('fixed: the issue is gone, nothing new, the words kept', () => {
    const result = check('My brother goes to the big library near the station every Saturday.');
    expect(result).toMatchObject({ outcome: 'fixed', message: FIX_OUTCOME_MESSAGES.fixed, stillThere: [], newIssues: [] });
    expect(result.meaning).toEqual({ kept: 6, of: 6, required: 5 });
  });

  it('not fixed: LanguageTool still flags the same rule where the flagged words went', () => {
    const corrected = 'My brother go to the big library near the station each Saturday.';
    const result = check(corrected, [grammar(corrected, 'go')]);
    expect(result.outcome).toBe('not-fixed');
    expect(result.message).toBe(FIX_OUTCOME_MESSAGES['not-fixed']);
    expect(result.stillThere).toEqual([AGREEMENT]);
    expect(result.newIssues).toEqual([]);
  });

  it('not fixed: the same words flagged by the same rule after the sentence was reordered', () => {
    const corrected = 'Every Saturday my brother go to the big library near the station.';
    expect(check(corrected, [grammar(corrected, 'go')]).outcome).toBe('not-fixed');
  });

  it('fixed but meaning changed: too few of the original content words kept', () => {
    const result = check('My brother goes to the small shop near the park on Sundays.');
    expect(result.outcome).toBe('meaning-changed');
    expect(result.message).toBe(FIX_OUTCOME_MESSAGES['meaning-changed']);
    expect(result.meaning).toEqual({ kept: 2, of: 6, required: 5 });
  });

  it('meaning changed: the flagged clause deleted rather than fixed', () => {
    expect(check('My brother.').outcome).toBe('meaning-changed');
  });

  it('new error: the issue fixed but a new spelling mistake made', () => {
    const corrected = 'My brother goes to the big libary near the station every Saturday.';
    const result = check(corrected, [spelling(corrected, 'libary')]);
    expect(result.outcome).toBe('new-error');
    expect(result.message).toBe(FIX_OUTCOME_MESSAGES['new-error']);
    expect(result.newIssues).toMatchObject([{ offset: corrected.indexOf('libary'), length: 6, category: 'spelling' }]);
    expect(result.stillThere).toEqual([]);
  });

  it('new error: the same rule firing on other words elsewhere is new, not the original', () => {
    const original = 'She go to work.';
    const issue: SentenceIssue = { ...AGREEMENT, offset: 4, length: 2 };
    const corrected = 'She goes to work and he walk home.';
    expect(check(corrected, [grammar(corrected, 'walk')], [issue], original).outcome).toBe('new-error');
  });

  it('new error, not the original: another rule flags the place of the original issue', () => {
    const corrected = 'My brother gos to the big library near the station every Saturday.';
    const result = check(corrected, [spelling(corrected, 'gos')]);
    expect(result.outcome).toBe('new-error');
    expect(result.stillThere).toEqual([]);
    expect(result.newIssues).toMatchObject([{ offset: corrected.indexOf('gos'), ruleId: 'MORFOLOGIK_RULE_EN_GB' }]);
  });

  it('new error: the words kept but most of the sentence unknown to the speller (writing feedback lists no issues then)', () => {
    const corrected = 'My brother goes to the big library near the station every Saturday qzx vbnm wrtk plkj hgfd xcvb nmqw zzkt ppol qqwe rrty kkjh bbvc ttyr.';
    // 14 unknown words of 25: more than half, so writing feedback calls the text not English and lists nothing.
    const unknown = ['qzx', 'vbnm', 'wrtk', 'plkj', 'hgfd', 'xcvb', 'nmqw', 'zzkt', 'ppol', 'qqwe', 'rrty', 'kkjh', 'bbvc', 'ttyr'].map((w) => spelling(corrected, w));
    expect(check(corrected, unknown).outcome).toBe('new-error');
  });

  it('the masked language model can keep an issue of its own there, but never raises a new one on a sentence read alone', () => {
    const modelIssue: SentenceIssue = { ...AGREEMENT, ruleId: 'MLM_AGREEMENT' };
    const unchanged = 'My brother go to the big library near the station each Saturday.';
    expect(check(unchanged, [match(unchanged, 'go', 'MLM_AGREEMENT', 'MASKED_LM')], [modelIssue]).outcome).toBe('not-fixed');
    const corrected = 'My brother goes to the big library near the station every Saturday.';
    const elsewhere = check(corrected, [match(corrected, 'library', 'MLM_NUMBER', 'MASKED_LM')], [modelIssue]);
    expect(elsewhere).toMatchObject({ outcome: 'fixed', newIssues: [] });
    expect(check(corrected, [grammar(corrected, 'library')], [modelIssue]).outcome).toBe('new-error');
  });

  it('a style hint or a variant spelling on the corrected sentence is no new error', () => {
    const corrected = 'My brother goes to the big library near the station every Saturday.';
    const style = match(corrected, 'big', 'EN_WEAK_ADJECTIVE', 'STYLE');
    const variant = { ...match(corrected, 'Saturday', 'MORFOLOGIK_RULE_EN_GB', 'TYPOS'), message: 'Saturday is American English.' };
    expect(check(corrected, [style, variant]).outcome).toBe('fixed');
  });

  it('not fixed: nothing typed, only spaces, or only punctuation', () => {
    expect(check('').outcome).toBe('not-fixed');
    expect(check('   ').outcome).toBe('not-fixed');
    expect(check('?!.').outcome).toBe('not-fixed');
  });

  it('not fixed: the original retyped unchanged, whatever LanguageTool says about it now', () => {
    expect(check(ORIGINAL).outcome).toBe('not-fixed');
    expect(check(`  ${ORIGINAL.replace(' ', '   ')} `).outcome).toBe('not-fixed');
  });

  it('not fixed: only punctuation or case changed and the issue still flagged', () => {
    const shouted = 'my brother go to the big library near the station every Saturday!';
    expect(check(shouted, [grammar(shouted, 'go')]).outcome).toBe('not-fixed');
  });

  it('meaning changed: a corrected sentence mostly of unknown words (not English)', () => {
    const gibberish = 'Mi hermano va a la biblioteca grande cada sábado.';
    const unknown = ['Mi', 'hermano', 'va', 'biblioteca', 'grande', 'cada', 'sábado'].map((w) => spelling(gibberish, w));
    expect(check(gibberish, unknown).outcome).toBe('meaning-changed');
  });
});

describe('requiredKept', () => {
  it('asks for 70 % of the content words, but lets one change in a short sentence and keeps at least one', () => {
    expect([0, 1, 2, 3, 4, 5, 10, 20].map(requiredKept)).toEqual([0, 1, 1, 2, 3, 4, 7, 14]);
  });
});

describe('meaningKept', () => {
  it('leaves out the words inside the issues and counts a word by its lemma, each once', () => {
    const original = 'I recieve letters and letters every week.';
    const issue: SentenceIssue = { offset: 2, length: 7, category: 'spelling', ruleId: 'MORFOLOGIK_RULE_EN_GB', message: '', explanation: '' };
    expect(meaningKept(original, [issue], 'I receive a letter every week.')).toEqual({ kept: 2, of: 3, required: 2 });
  });
});

describe('mapSpan', () => {
  it('follows a span through inserted and deleted characters', () => {
    const original = 'She go to the shop.';
    const corrected = 'Today she goes to shop.';
    const parts = diffChars(original, corrected);
    const go = mapSpan(parts, 4, 6);
    expect(corrected.slice(go.start, go.end)).toBe('go');
    // "the" was deleted: it maps to an empty span where it stood, between "to" and "shop".
    const the = mapSpan(parts, 10, 13);
    expect(the.end).toBe(the.start);
    expect(the.start).toBeGreaterThanOrEqual(corrected.indexOf(' to') + 3);
    expect(the.start).toBeLessThanOrEqual(corrected.indexOf('shop'));
  });
});
