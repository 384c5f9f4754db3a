import { describe, expect, it } from 'vitest';
import { languageReport } from '../language';
import { CONTEXT_PIECES, MASKED_LM_CATEGORY_ID, MASKED_LM_RATIOS, maskedLmMatches, maskedLmRuleId, sentencesOf, strongestPerWord, withoutGuessesAt, maskedLmFlags } from './masked-lm-check';
import { CONFUSION_SETS, type ConfusionEdit } from './confusion-edits';
import { fakeModel, testVocabulary } from '../testing/fake-masked-lm';

const WORDS = 'dear sir , she have a car and their is a bus . we are interested on music . i swims every day'.split(' ');
const { vocabulary, pieces } = testVocabulary([...WORDS, 'has', 'there', 'in', 'the', 'swim']);
const seen = (text: string, matches: { offset: number; length: number; ruleId: string; replacements: string[] }[]) =>
  matches.map((m) => [text.slice(m.offset, m.offset + m.length), m.ruleId, m.replacements]);

describe('maskedLmMatches', () => {
  it('marks a word where an edit of a shown set beats what was written by its ratio, at its place in a text of several lines and sentences', async () => {
    const text = 'Dear Sir,\nWe are interested on music. Their is a bus.';
    // Each sentence is read with the rest of this short text around it.
    const model = fakeModel(pieces, {
      'dear sir , we are interested [MASK] music . their is a bus .': { in: 0.9, on: 0.001 },
      'dear sir , we are interested on music . [MASK] is a bus .': { there: 0.6, their: 0.02 },
    });
    const matches = await maskedLmMatches(text, model, vocabulary);
    expect(seen(text, matches)).toEqual([
      ['on', 'MLM_PREPOSITION', ['in']],
      ['Their', 'MLM_HOMOPHONE', ['There']],
    ]);
    expect(matches[0]).toMatchObject({ categoryId: MASKED_LM_CATEGORY_ID, message: 'Check the preposition: “in” fits here much better than “on”.' });
    // One batch a sentence with edits; "Dear Sir," has too few words to be read.
    expect(model.batches).toBe(2);
  });

  it('reads a sentence with its nearest neighbours on both sides while they fit in CONTEXT_PIECES', async () => {
    const sentence = (n: number) => `Their is a car ${'and a car '.repeat(n)}.`;
    // 9 sentences of about 36 pieces: the fifth is read with one neighbour on each side, no more.
    const text = Array.from({ length: 9 }, (_, i) => sentence(i === 4 ? 1 : 15)).join(' ');
    const model = fakeModel(pieces, {});
    await maskedLmMatches(text, model, vocabulary);
    const fifth = model.copies.filter((c) => c.split(' . ').some((s) => s === '[MASK] is a car and a car'));
    expect(fifth.length).toBeGreaterThan(0);
    for (const copy of fifth) expect(copy.split(' . ').length, copy).toBe(3);
    expect(CONTEXT_PIECES).toBe(128);
  });

  it('takes the neighbour before first when only one of two at the same distance fits', async () => {
    const before = `Their is a car${' and a car'.repeat(22)}.`;
    const after = `Their is a car${' and the car'.repeat(22)}.`;
    const model = fakeModel(pieces, {});
    await maskedLmMatches(`${before} Their is a car and a car. ${after}`, model, vocabulary);
    const middle = model.copies.filter((c) => c.includes('[MASK] is a car and a car .'));
    expect(middle.length).toBeGreaterThan(0);
    for (const copy of middle) {
      expect(copy.startsWith('their is a car and a car and a car'), copy).toBe(true);
      expect(copy).not.toContain('the car');
    }
  });

  it('flags at its set’s ratio and not just below it', async () => {
    const text = 'Their is a car.';
    const ratio = MASKED_LM_RATIOS.homophone ?? 0;
    const at = (p: number) => fakeModel(pieces, { '[MASK] is a car .': { there: p * 0.01, their: 0.01 } });
    expect(await maskedLmMatches(text, at(ratio * 1.001), vocabulary)).toHaveLength(1);
    expect(await maskedLmMatches(text, at(ratio * 0.999), vocabulary)).toEqual([]);
  });

  it('shows the replacement rather than "not needed" where the model finds the other word likely, and "not needed" where it finds none', async () => {
    const text = 'We are interested on music.';
    const likely = fakeModel(pieces, { 'we are interested [MASK] music .': { in: 0.9, on: 0.001 } });
    expect(seen(text, await maskedLmMatches(text, likely, vocabulary))).toEqual([['on', 'MLM_PREPOSITION', ['in']]]);
    const none = fakeModel(pieces, { 'we are interested [MASK] music .': { in: 0.05, on: 0.0001 } });
    const [removal] = await maskedLmMatches(text, none, vocabulary);
    expect(removal).toMatchObject({ ruleId: 'MLM_UNLIKELY_PREPOSITION', replacements: [], message: 'Check whether “on” belongs here: it is unusual in this place.' });
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

  it('offers the word with its comma where the model finds a comma far more probable after an opening clause, as punctuation, at the set’s ratio and not below', async () => {
    const small = testVocabulary(['if', 'it', 'rains', 'we', 'stay', 'in']);
    const text = 'If it rains we stay in.';
    const ratio = MASKED_LM_RATIOS['opening comma'] ?? 0;
    const withOdds = (odds: number) => fakeModel(small.pieces, { 'if it rains [MASK] we stay in .': { ',': odds / (1 + odds) } });
    const matches = await maskedLmMatches(text, withOdds(ratio * 1.01), small.vocabulary);
    expect(seen(text, matches)).toEqual([['rains', 'MLM_OPENING_COMMA', ['rains,']]]);
    expect(matches[0]?.message).toBe('Check the punctuation: a comma usually goes after “rains” here.');
    expect(languageReport(text, { matches }).issues[0]?.category).toBe('punctuation');
    expect(await maskedLmMatches(text, withOdds(ratio * 0.99), small.vocabulary)).toEqual([]);
  });

  it('marks a comma the model finds far from likely between two words, as punctuation, with the word before it offered without the comma', async () => {
    const small = testVocabulary(['i', 'believe', 'this', 'is', 'true']);
    const text = 'I believe, this is true.';
    const model = fakeModel(small.pieces, { 'i believe [MASK] this is true .': { ',': 0.001 } });
    const matches = await maskedLmMatches(text, model, small.vocabulary);
    // Marked with the word before it, which is offered without the comma.
    expect(seen(text, matches)).toEqual([['believe,', 'MLM_UNLIKELY_COMMA', ['believe']]]);
    expect(languageReport(text, { matches }).issues[0]?.category).toBe('punctuation');
    expect(matches[0]?.message).toBe('Check the punctuation: this comma may not belong here.');
  });

  it('offers an article put in before the word it marks, at the set’s ratio and not below', async () => {
    const small = testVocabulary(['he', 'is', 'teacher', 'at', 'my', 'school', 'a', 'the']);
    const text = 'He is teacher at my school.';
    const ratio = MASKED_LM_RATIOS['missing article'] ?? 0;
    const withOdds = (odds: number) => fakeModel(small.pieces, { 'he is [MASK] teacher at my school .': { a: odds / (1 + odds), the: 0.001 } });
    expect(await maskedLmMatches(text, withOdds(ratio * 0.99), small.vocabulary)).toEqual([]);
    const matches = await maskedLmMatches(text, withOdds(ratio * 1.01), small.vocabulary);
    expect(seen(text, matches)).toEqual([['teacher', 'MLM_MISSING_ARTICLE', ['a teacher']]]);
    expect(matches[0]?.message).toBe('Check the article: “a teacher” fits here much better than “teacher” alone.');
    expect(languageReport(text, { matches }).issues[0]?.category).toBe('grammar');
  });

  it('is a grammar issue, a comma a punctuation one, with an explanation of its own for every set shown', () => {
    for (const set of CONFUSION_SETS.filter((s) => MASKED_LM_RATIOS[s] !== undefined)) {
      const report = languageReport('She have a car today.', { matches: [{ offset: 4, length: 4, ruleId: maskedLmRuleId(set), categoryId: MASKED_LM_CATEGORY_ID, message: 'm', replacements: [] }] });
      expect(report.issues[0]?.category, set).toBe(['opening comma', 'phrase comma', 'clause comma', 'unlikely comma'].includes(set) ? 'punctuation' : 'grammar');
      expect(report.issues[0]?.explanation, set).not.toBe('Grammar: check the form of this word or the words around it.');
    }
  });
});

describe('strongestPerWord', () => {
  const edit = (set: ConfusionEdit['set'], token: number, replacement: string[]): ConfusionEdit => ({ set, token, start: token, end: token + 1, replacement });
  it('keeps one mark a word, the largest gain among edits at or above their ratio', () => {
    const edits = [edit('number', 1, ['cars']), edit('homophone', 1, ['there']), edit('preposition', 2, ['in']), edit('verb form', 3, ['go'])];
    // number passes its ratio (100) but homophone's gain is larger; preposition is just below 50;
    // a verb's base form is left out of the choice, however large its gain.
    const gains = [Math.log(150), Math.log(300), Math.log(49), Math.log(1e6)];
    expect(strongestPerWord(edits, gains).map((f) => [f.token, f.set])).toEqual([[1, 'homophone']]);
  });

  it('shows a word’s own edit rather than a comma after it, however much stronger the comma, and the comma where the word has none', () => {
    const comma = (token: number): ConfusionEdit => ({ set: 'opening comma', token, start: token + 1, end: token + 1, replacement: [','] });
    // "If my friend come we go": *comes* at "come", not "come,".
    const edits = [edit('agreement', 3, ['comes']), comma(3), comma(2)];
    const gains = [Math.log(3), Math.log(1e4), Math.log(1e4)];
    expect(strongestPerWord(edits, gains).map((f) => [f.token, f.set])).toEqual([[2, 'opening comma'], [3, 'agreement']]);
  });

  it('keeps a changed preposition at its ratio, 50 times as probable', () => {
    expect(strongestPerWord([edit('preposition', 2, ['in'])], [Math.log(50)]).map((f) => f.set)).toEqual(['preposition']);
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

describe('withoutGuessesAt', () => {
  const match = (offset: number, length: number, ruleId: string) => ({ offset, length, ruleId, categoryId: 'GRAMMAR', message: '', replacements: [] });
  it("drops the model's guesses that overlap a difference from the original, and keeps LanguageTool's issues and the model's guesses elsewhere", () => {
    // "because workers is painting the walls": the deviation covers "is" (22–24).
    const checked = {
      matches: [match(22, 2, maskedLmRuleId('agreement')), match(22, 2, 'AGREEMENT_SENT_START'), match(34, 5, maskedLmRuleId('number')), match(20, 2, maskedLmRuleId('article'))],
      detectedLanguage: { code: 'en-GB', confidence: 1 },
    };
    expect(withoutGuessesAt([{ offset: 22, length: 2 }], checked)).toEqual({
      matches: [match(22, 2, 'AGREEMENT_SENT_START'), match(34, 5, maskedLmRuleId('number')), match(20, 2, maskedLmRuleId('article'))],
      detectedLanguage: { code: 'en-GB', confidence: 1 },
    });
    expect(withoutGuessesAt([], checked)).toEqual(checked);
  });
});

describe('maskedLmMatches and names', () => {
  it('never changes a word the text writes with a capital inside a sentence (a name), even where it opens another, and still checks it otherwise', async () => {
    const { vocabulary: v, pieces: ps } = testVocabulary(['our', 'dog', 'biscuit', 'biscuits', 'is', 'tired', 'ran', 'a', 'lot', 'we', 'have']);
    const model = fakeModel(ps, {
      'we have a dog biscuit . [MASK] is tired .': { biscuits: 0.9, biscuit: 0.001 },
      'we have our dog biscuit . [MASK] is tired .': { biscuits: 0.9, biscuit: 0.001 },
    });
    const named = 'We have our dog Biscuit. Biscuit is tired.';
    expect(await maskedLmMatches(named, model, v)).toEqual([]);
    const common = 'We have a dog biscuit. Biscuit is tired.';
    expect(seen(common, await maskedLmMatches(common, model, v))).toEqual([['Biscuit', 'MLM_NUMBER', ['Biscuits']]]);
  });
});

describe('maskedLmFlags with everyEdit', () => {
  it('keeps every edit at or above its ratio, several a word, where the learner sees only the strongest', async () => {
    const text = 'We are interested on music.';
    // "in" beats "on" 1000 times: a replacement (preposition) and a removal (unlikely preposition) at one word.
    const model = fakeModel(pieces, { 'we are interested [MASK] music .': { in: 0.9, on: 0.0009 } });
    const ratios = { preposition: 200, 'unlikely preposition': 200 };
    const every = await maskedLmFlags(text, model, vocabulary, { ratios, everyEdit: true });
    expect(every.map((f) => [f.written, f.set, f.replacement])).toEqual(
      expect.arrayContaining([
        ['on', 'preposition', 'in'],
        ['on', 'unlikely preposition', undefined],
      ]),
    );
    expect((await maskedLmFlags(text, model, vocabulary, { ratios })).map((f) => [f.written, f.set])).toEqual([['on', 'preposition']]);
  });
});
