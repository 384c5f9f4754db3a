import { describe, expect, it } from 'vitest';
import { answerLeaks } from './answer-leaks';
import type { TestFile } from './schema';

/** A test file with only the fields the check reads; the other sections are left empty. */
function file(parts: Partial<TestFile>): TestFile {
  return {
    test: 3,
    level: 'Easy',
    description: '',
    typing: { id: 3, paragraph: 'We walk the dog in the park every evening.' },
    sentences: [],
    fills: [],
    jumbled: [],
    passages: [],
    email: { id: 3, prompt: 'Write to the school.' },
    ...parts,
  };
}

describe('answerLeaks', () => {
  it("finds a fill's answer with its neighbouring word in the typing paragraph, ignoring case and punctuation", () => {
    const leaks = answerLeaks(
      file({
        typing: { id: 3, paragraph: 'Cities use A SUBSTANTIAL, share of energy.' },
        fills: [{ id: 21, question: 'Profits saw a ___ increase.', options: ['substance', 'substantial', 'substantially'], answer: 'substantial' }],
      }),
    );
    expect(leaks).toEqual(['test 3: the answer of fill 21 ("substantial") appears in typing ("a substantial")']);
  });

  it("finds any acceptable answer of a sentence item with its neighbouring word, and a jumbled item's alternative", () => {
    const leaks = answerLeaks(
      file({
        sentences: [
          { id: 21, question: 'She ___ (wait) for an hour.', acceptableAnswers: ['has been waiting', 'had been waiting'] },
          { id: 22, question: 'Mum said she had been waiting for ___ hour.', acceptableAnswers: ['an'] },
        ],
        jumbled: [{ id: 31, jumbled: 'rain/it/did', answer: 'Did it rain?', alternatives: ['It did rain.'] }],
        passages: [{ id: 7, sentences: 'It did rain. We stayed in.' }],
      }),
    );
    expect(leaks).toEqual([
      'test 3: the answer of sentence 21 ("had been waiting") appears in sentence 22 ("she had been waiting")',
      'test 3: the answer of jumbled 31 ("It did rain.") appears in passage 7 ("it did rain")',
    ]);
  });

  it('ignores the bare word away from its blank, function-word answers, partial words and the item itself', () => {
    const leaks = answerLeaks(
      file({
        typing: { id: 3, paragraph: 'Since the summer the sun rises early and I told a story to the class.' },
        sentences: [{ id: 21, question: 'The sun ___ (rise) at six.', acceptableAnswers: ['rise'] }],
        fills: [
          { id: 21, question: 'He ___ us a story, as he told us.', options: ['said', 'told', 'spoke'], answer: 'told' },
          { id: 22, question: 'I gave the book ___ the class.', options: ['to', 'at', 'in'], answer: 'to' },
        ],
      }),
    );
    expect(leaks).toEqual([]);
  });
});
