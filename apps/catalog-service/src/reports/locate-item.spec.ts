import { describe, expect, it } from 'vitest';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { locateItem } from './locate-item';

const test = assembleTest(questionBank(), 4)!;
const answers = {
  typing: { text: 'typed' },
  sentenceAnswers: test.sentences.map((_, i) => `sentence ${i}`),
  fillAnswers: test.fills.map((_, i) => `fill ${i}`),
  jumbledAnswers: test.jumbled.map((_, i) => `jumbled ${i}`),
  passageInputs: test.passages.map((_, i) => `passage ${i}`),
  emailInput: 'the email',
};

describe('locateItem', () => {
  it('finds each section’s item by id, as it was asked, with the answer given at its position', () => {
    expect(locateItem(test, answers, 'sentences', test.sentences[3]!.id)).toEqual({ prompt: test.sentences[3]!.question, answer: 'sentence 3' });
    expect(locateItem(test, answers, 'fills', test.fills[9]!.id)).toEqual({ prompt: test.fills[9]!.question, answer: 'fill 9' });
    expect(locateItem(test, answers, 'jumbled', test.jumbled[14]!.id)).toEqual({ prompt: test.jumbled[14]!.jumbled, answer: 'jumbled 14' });
    expect(locateItem(test, answers, 'passages', test.passages[1]!.id)).toEqual({ prompt: test.passages[1]!.sentences, answer: 'passage 1' });
    expect(locateItem(test, answers, 'email', test.email.id)).toEqual({ prompt: test.email.prompt, answer: 'the email' });
    expect(locateItem(test, answers, 'typing', test.typing.id)).toEqual({ prompt: test.typing.paragraph, answer: 'typed' });
  });

  it('knows nothing of an item this attempt did not ask, nor of an id from another section', () => {
    const other = assembleTest(questionBank(), 5)!;
    expect(locateItem(test, answers, 'sentences', other.sentences[0]!.id)).toBeUndefined();
    expect(locateItem(test, answers, 'email', other.email.id)).toBeUndefined();
    const fillOnly = test.fills.map((f) => f.id).find((id) => !test.jumbled.some((j) => j.id === id))!;
    expect(locateItem(test, answers, 'jumbled', fillOnly)).toBeUndefined();
  });
});
