import { describe, expect, it } from 'vitest';
import { languageReport } from '../language';
import { CONTEXT_PIECES, MASKED_LM_CATEGORY_ID, MASKED_LM_RATIOS, maskedLmMatches, maskedLmRuleId, sentencesOf, strongestPerWord } from './masked-lm-check';
import { CONFUSION_SETS, type ConfusionEdit } from './confusion-edits';
import { fakeModel, testVocabulary } from '../testing/fake-masked-lm';

const WORDS = 'dear sir , she have a car and their is a bus . we are interested on music . i swims every day'.split(' ');
const { vocabulary, pieces } = testVocabulary([...WORDS, 'has', 'there', 'in', 'the', 'swim']);
const seen = (text: string, matches: { offset: number; length: number; ruleId: string; replacements: string[] }[]) =>
  matches.map((m) => [text.slice(m.offset, m.offset + m.length), m.ruleId, m.replacements]);

describe('maskedLmMatches', () => {
  it('marks a word where an edit of a shown set beats what was written by its ratio, at its place in a text of several lines and sentences', async () => {
    const text = 'Dear Sir,\nShe have a car. Their is a bus.';
    // Each sentence is read with the rest of this short text around it.
    const model = fakeModel(pieces, {
      'dear sir , she [MASK] a car . their is a bus .': { has: 0.9, have: 0.01 },
      'dear sir , she have a car . [MASK] is a bus .': { there: 0.6, their: 0.02 },
    });
    const matches = await maskedLmMatches(text, model, vocabulary);
    expect(seen(text, matches)).toEqual([
      ['have', 'MLM_AGREEMENT', ['has']],
      ['Their', 'MLM_HOMOPHONE', ['There']],
    ]);
    expect(matches[0]).toMatchObject({ categoryId: MASKED_LM_CATEGORY_ID, message: 'Check the verb form: “has” fits here much better than “have”.' });
    // One batch a sentence with edits; "Dear Sir," has too few words to be read.
    expect(model.batches).toBe(2);
  });

  it('reads a sentence with its nearest neighbours on both sides while they fit in CONTEXT_PIECES', async () => {
    const sentence = (n: number) => `She have a car ${'and a car '.repeat(n)}.`;
    // 9 sentences of about 36 pieces: the fifth is read with one neighbour on each side, no more.
    const text = Array.from({ length: 9 }, (_, i) => sentence(i === 4 ? 1 : 15)).join(' ');
    const model = fakeModel(pieces, {});
    await maskedLmMatches(text, model, vocabulary);
    const fifth = model.copies.filter((c) => c.split(' . ').some((s) => s === 'she [MASK] a car and a car'));
    expect(fifth.length).toBeGreaterThan(0);
    for (const copy of fifth) expect(copy.split(' . ').length, copy).toBe(3);
    expect(CONTEXT_PIECES).toBe(128);
  });

  it('takes the neighbour before first when only one of two at the same distance fits', async () => {
    const before = `She have a car${' and a car'.repeat(22)}.`;
    const after = `She have a car${' and the car'.repeat(22)}.`;
    const model = fakeModel(pieces, {});
    await maskedLmMatches(`${before} She have a car and a car. ${after}`, model, vocabulary);
    const middle = model.copies.filter((c) => c.includes('she [MASK] a car and a car .'));
    expect(middle.length).toBeGreaterThan(0);
    for (const copy of middle) {
      expect(copy.startsWith('she have a car and a car and a car'), copy).toBe(true);
      expect(copy).not.toContain('the car');
    }
  });

  it('flags at its set’s ratio and not just below it', async () => {
    const text = 'She have a car.';
    const ratio = MASKED_LM_RATIOS.agreement ?? 0;
    const at = (p: number) => fakeModel(pieces, { 'she [MASK] a car .': { has: p * 0.01, have: 0.01 } });
    expect(await maskedLmMatches(text, at(ratio * 1.001), vocabulary)).toHaveLength(1);
    expect(await maskedLmMatches(text, at(ratio * 0.999), vocabulary)).toEqual([]);
  });

  it('shows the replacement rather than "not needed" where the model finds the other word likely, and "not needed" where it finds none', async () => {
    const text = 'We are interested on music.';
    const likely = fakeModel(pieces, { 'we are interested [MASK] music .': { in: 0.9, on: 0.001 } });
    expect(seen(text, await maskedLmMatches(text, likely, vocabulary))).toEqual([['on', 'MLM_PREPOSITION', ['in']]]);
    const none = fakeModel(pieces, { 'we are interested [MASK] music .': { in: 0.05, on: 0.0001 } });
    const [removal] = await maskedLmMatches(text, none, vocabulary);
    expect(removal).toMatchObject({ ruleId: 'MLM_UNLIKELY_PREPOSITION', replacements: [], message: 'Check whether “on” belongs here: the sentence reads more naturally without it.' });
  });

  it('never shows a set left out of the choice (a verb’s base form), however likely its edit', async () => {
    expect(MASKED_LM_RATIOS['verb form']).toBeUndefined();
    const text = 'I can swims every day.';
    const model = fakeModel(pieces, { 'i can [MASK] every day .': { swim: 0.99, swims: 0.0001 } });
    expect(await maskedLmMatches(text, model, vocabulary)).toEqual([]);
  });

  it('stops before the next batch once its signal is aborted', async () => {
    const controller = new AbortController();
    const model = fakeModel(pieces, {});
    const slow = async (batch: Parameters<typeof model>[0]) => {
      controller.abort(new Error('over budget'));
      return model(batch);
    };
    await expect(maskedLmMatches('She have a car. Their is a bus.', slow, vocabulary, { signal: controller.signal })).rejects.toThrow('over budget');
    expect(model.batches).toBe(1);
  });

  it('is a grammar issue with an explanation of its own for every set shown', () => {
    for (const set of CONFUSION_SETS.filter((s) => MASKED_LM_RATIOS[s] !== undefined)) {
      const report = languageReport('She have a car today.', { matches: [{ offset: 4, length: 4, ruleId: maskedLmRuleId(set), categoryId: MASKED_LM_CATEGORY_ID, message: 'm', replacements: [] }] });
      expect(report.issues[0]?.category, set).toBe('grammar');
      expect(report.issues[0]?.explanation, set).not.toBe('Grammar: check the form of this word or the words around it.');
    }
  });
});

describe('strongestPerWord', () => {
  const edit = (set: ConfusionEdit['set'], token: number, replacement: string[]): ConfusionEdit => ({ set, token, start: token, end: token + 1, replacement });
  it('keeps one mark a word, the largest gain among edits at or above their ratio', () => {
    const edits = [edit('number', 1, ['cars']), edit('agreement', 1, ['has']), edit('article', 2, ['the'])];
    const gains = [Math.log(30), Math.log(100), Math.log(49)];
    expect(strongestPerWord(edits, gains).map((f) => [f.token, f.set])).toEqual([[1, 'agreement']]);
  });
});

describe('sentencesOf', () => {
  it('splits at . ! ? followed by a space and at line breaks, keeping each sentence’s start', () => {
    const text = 'Hello Tom,\nI am fine! Are you? "Yes." Bye';
    expect(sentencesOf(text).map((s) => [s.start, s.text])).toEqual([
      [0, 'Hello Tom,'],
      [11, 'I am fine! '],
      [22, 'Are you? '],
      [31, '"Yes." '],
      [38, 'Bye'],
    ]);
  });
});
