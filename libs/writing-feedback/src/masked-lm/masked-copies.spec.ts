import { describe, expect, it } from 'vitest';
import type { ConfusionEdit } from './confusion-edits';
import { editGains, planMaskedCopies } from './masked-copies';
import { fakeModel, testVocabulary } from '../testing/fake-masked-lm';

const WORDS = ['she', 'have', 'a', 'car', '.'];
const { vocabulary, pieces } = testVocabulary([...WORDS, 'has', 'the', 'red', 'cars']);
const edit = (set: ConfusionEdit['set'], start: number, end: number, replacement: string[]): ConfusionEdit => ({ set, token: start, start, end, replacement });

describe('the masked copies of a sentence and the gains of its edits', () => {
  it('scores a replacement as log P(replacement) − log P(word), a removal as the log-odds against the word, an insertion as the log-odds of the word', async () => {
    const edits = [edit('agreement', 1, 2, ['has']), edit('unlikely article', 2, 3, []), edit('missing article', 3, 3, ['red'])];
    const plan = planMaskedCopies(WORDS, edits, vocabulary);
    const model = fakeModel(pieces, {
      'she [MASK] a car .': { has: 0.8, have: 0.05 },
      'she have [MASK] car .': { a: 0.2 },
      'she have a [MASK] car .': { red: 0.1 },
    });
    const gains = editGains(plan, await model(plan.batch));
    expect(gains[0]).toBeCloseTo(Math.log(0.8) - Math.log(0.05), 5);
    expect(gains[1]).toBeCloseTo(-Math.log(0.2 / 0.8), 5);
    expect(gains[2]).toBeCloseTo(Math.log(0.1 / 0.9), 5);
  });

  it('masks each slot once, however many edits share it, padding the batch to its longest copy', () => {
    const edits = [edit('article', 2, 3, ['the']), edit('unlikely article', 2, 3, []), edit('missing article', 3, 3, ['the'])];
    const plan = planMaskedCopies(WORDS, edits, vocabulary);
    expect(plan.batch.copies).toBe(2);
    expect(plan.batch.width).toBe(8);
    expect(plan.batch.masks).toBe(2);
    // The shorter copy (a word masked) is padded: its attention mask ends in a 0.
    expect(Array.from(plan.batch.mask.subarray(0, 8))).toEqual([1, 1, 1, 1, 1, 1, 1, 0]);
    expect(Array.from(plan.batch.positions)).toEqual([0, 3, 1, 4]);
  });

  it('gives no gain to an edit beyond the 512 pieces BERT reads', async () => {
    const long = [...WORDS, ...Array<string>(600).fill('car'), 'have'];
    const plan = planMaskedCopies(long, [edit('agreement', long.length - 1, long.length, ['has']), edit('agreement', 1, 2, ['has'])], vocabulary);
    const gains = editGains(plan, await fakeModel(pieces, {})(plan.batch));
    expect(gains[0]).toBeNull();
    expect(gains[1]).toBeCloseTo(0, 5);
  });
});
