import { describe, expect, it, vi } from 'vitest';
import { SECTION_SIZES, TEST_COUNT } from '@fluent/contracts';
import { assembleTest } from './assemble-test';
import { questionBank, type QuestionBank } from './bank';

const logger = () => ({ warn: vi.fn(), error: vi.fn() });

/** A bank whose items are numbered 1..n in every section, so slices can be read off by id. */
function numberedBank(tests = TEST_COUNT): QuestionBank {
  const ids = (perTest: number) => Array.from({ length: perTest * tests }, (_, i) => i + 1);
  return {
    typing: ids(1).map((id) => ({ id, paragraph: `Paragraph ${id}.` })),
    sentences: ids(10).map((id) => ({ id, question: `S${id} ___.`, acceptableAnswers: ['a'] })),
    fills: ids(10).map((id) => ({ id, question: `F${id} ___.`, options: ['a', 'b', 'c'], answer: 'a' })),
    jumbled: ids(15).map((id) => ({ id, jumbled: 'b/a', answer: 'A b.' })),
    passages: ids(3).map((id) => ({ id, sentences: `Passage ${id}.` })),
    emails: ids(1).map((id) => ({ id, prompt: `Email ${id}` })),
    descriptions: ids(1).map((id) => `Test ${id} description.`),
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('assembleTest (docs/product.md#how-a-test-is-assembled)', () => {
  it.each([
    [1, 1, range(1, 10), range(1, 15), range(1, 3)],
    [2, 2, range(11, 20), range(16, 30), range(4, 6)],
    [7, 7, range(61, 70), range(91, 105), range(19, 21)],
    [20, 20, range(191, 200), range(286, 300), range(58, 60)],
  ])('test %i takes typing %i, sentences/fills %j, jumbled %j, passages %j', (testId, single, tens, fifteens, threes) => {
    const test = assembleTest(numberedBank(), testId, logger());
    expect(test?.typing.id).toBe(single);
    expect(test?.email.id).toBe(single);
    expect(test?.sentences.map((s) => s.id)).toEqual(tens);
    expect(test?.fills.map((s) => s.id)).toEqual(tens);
    expect(test?.jumbled.map((s) => s.id)).toEqual(fifteens);
    expect(test?.passages.map((s) => s.id)).toEqual(threes);
  });

  it('gives 40 items in the order typing, sentence, fill, jumbled, passage, email, with the level', () => {
    const test = assembleTest(numberedBank(), 10, logger());
    expect(test && Object.keys(test)).toEqual(['testId', 'level', 'typing', 'sentences', 'fills', 'jumbled', 'passages', 'email']);
    const items = test ? 1 + test.sentences.length + test.fills.length + test.jumbled.length + test.passages.length + 1 : 0;
    expect(items).toBe(40);
    expect(test?.level).toBe('Hard');
  });

  it.each([0, 21, -1, 1.5, '3', null, undefined, Number.NaN])('refuses testId %j and logs why', (testId) => {
    const log = logger();
    expect(assembleTest(numberedBank(), testId, log)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith(`Invalid testId ${String(testId)}. Must be between 1 and 20`);
  });

  it('logs an error and gives no test when the bank cannot fill a test', () => {
    const log = logger();
    const bank = numberedBank();
    bank.jumbled = bank.jumbled.slice(0, 15 * 19 + 4);
    expect(assembleTest(bank, 20, log)).toBeNull();
    expect(log.error).toHaveBeenCalledWith('Incomplete test data for test 20: missing jumbled items (4 of 15)');
    expect(assembleTest(bank, 19, log)).not.toBeNull();

    const short = numberedBank(19);
    expect(assembleTest(short, 20, log)).toBeNull();
    expect(log.error).toHaveBeenLastCalledWith(
      'Incomplete test data for test 20: missing typing paragraph, sentence items (0 of 10), fill items (0 of 10), jumbled items (0 of 15), passages (0 of 3), email prompt',
    );
  });
});

describe('the bundled bank', () => {
  const bank = questionBank();

  it('has exactly the sizes of docs/product.md#the-tests', () => {
    expect(bank.typing).toHaveLength(20);
    expect(bank.sentences).toHaveLength(200);
    expect(bank.fills).toHaveLength(200);
    expect(bank.jumbled).toHaveLength(300);
    expect(bank.passages).toHaveLength(60);
    expect(bank.emails).toHaveLength(20);
  });

  it('assembles every test with its own items and no item shared between tests', () => {
    const seen = new Set<string>();
    for (let testId = 1; testId <= TEST_COUNT; testId++) {
      const test = assembleTest(bank, testId, logger());
      expect(test).not.toBeNull();
      if (!test) continue;
      expect(test.sentences).toHaveLength(SECTION_SIZES.sentences);
      expect(test.jumbled).toHaveLength(SECTION_SIZES.jumbled);
      const keys = [
        `t${test.typing.id}`,
        ...test.sentences.map((s) => `s${s.id}`),
        ...test.fills.map((s) => `f${s.id}`),
        ...test.jumbled.map((s) => `j${s.id}`),
        ...test.passages.map((s) => `p${s.id}`),
        `e${test.email.id}`,
      ];
      expect(keys).toHaveLength(40);
      for (const key of keys) {
        expect(seen.has(key), `${key} appears in two tests`).toBe(false);
        seen.add(key);
      }
    }
    expect(seen.size).toBe(800);
  });
});
