import { describe, expect, it } from 'vitest';
import type { ConfusionEdit } from './confusion-edits';
import { editGains, MAX_COPIES_PER_BATCH, planMaskedCopies, runPlan, type MaskedLanguageModel, type PieceScoring } from './masked-copies';
import { fakeModel, testVocabulary } from '../testing/fake-masked-lm';

const WORDS = ['she', 'have', 'a', 'car', '.'];
const { vocabulary, pieces } = testVocabulary([...WORDS, 'has', 'the', 'red', 'cars']);
const edit = (set: ConfusionEdit['set'], start: number, end: number, replacement: string[]): ConfusionEdit => ({ set, token: start, start, end, replacement });
const gainsOf = async (words: string[], edits: ConfusionEdit[], model: MaskedLanguageModel) => {
  const plan = planMaskedCopies(words, edits, vocabulary);
  return editGains(plan, await runPlan(plan, model, vocabulary.size));
};

describe('the masked copies of a sentence and the gains of its edits', () => {
  it('scores a replacement as log P(replacement) − log P(word), a removal as the log-odds against the word, an insertion as the log-odds of the word', async () => {
    const edits = [edit('agreement', 1, 2, ['has']), edit('unlikely article', 2, 3, []), edit('missing article', 3, 3, ['red'])];
    const model = fakeModel(pieces, {
      'she [MASK] a car .': { has: 0.8, have: 0.05 },
      'she have [MASK] car .': { a: 0.2 },
      'she have a [MASK] car .': { red: 0.1 },
    });
    const gains = await gainsOf(WORDS, edits, model);
    expect(gains[0]).toBeCloseTo(Math.log(0.8) - Math.log(0.05), 5);
    expect(gains[1]).toBeCloseTo(-Math.log(0.2 / 0.8), 5);
    expect(gains[2]).toBeCloseTo(Math.log(0.1 / 0.9), 5);
  });

  it('scores a word of several pieces with its pieces masked together (joint), one at a time with the others visible (pll), or left to right with the later ones masked (l2r)', async () => {
    const { vocabulary: v, pieces: ps } = testVocabulary(['she', 'likes', 'car', '.']);
    const words = ['she', 'likes', 'cars', '.'];
    expect(v.pieces('cars').map((id) => ps[id])).toEqual(['car', '##s']);
    const number = [edit('number', 2, 3, ['car'])];
    const model = fakeModel(ps, {
      'she likes [MASK] [MASK] .': { car: 0.3, '##s': 0.2 },
      'she likes [MASK] ##s .': { car: 0.9 },
      'she likes car [MASK] .': { '##s': 0.95 },
      'she likes [MASK] .': { car: 0.5 },
    });
    const gain = async (scoring: PieceScoring) => {
      const plan = planMaskedCopies(words, number, v, scoring);
      return editGains(plan, await runPlan(plan, model, v.size))[0];
    };
    expect(await gain('joint')).toBeCloseTo(Math.log(0.5) - Math.log(0.3) - Math.log(0.2), 5);
    expect(await gain('pll')).toBeCloseTo(Math.log(0.5) - Math.log(0.9) - Math.log(0.95), 5);
    // l2r: "car" with "##s" still masked (the joint copy's first mask), then "##s" with "car" visible.
    expect(await gain('l2r')).toBeCloseTo(Math.log(0.5) - Math.log(0.3) - Math.log(0.95), 5);
    // One copy for the one-piece word, shared by every way; pll adds one per piece of the other, l2r
    // shares its first with joint's.
    expect(planMaskedCopies(words, number, v, 'joint').batches[0]?.copies).toBe(2);
    expect(planMaskedCopies(words, number, v, 'pll').batches[0]?.copies).toBe(3);
    expect(planMaskedCopies(words, number, v, 'l2r').batches[0]?.copies).toBe(3);
  });

  it('masks each slot once, however many edits share it, padding the batch to its longest copy', () => {
    const edits = [edit('article', 2, 3, ['the']), edit('unlikely article', 2, 3, []), edit('missing article', 3, 3, ['the'])];
    const { batches } = planMaskedCopies(WORDS, edits, vocabulary);
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch).toMatchObject({ copies: 2, width: 8, masks: 2 });
    // The shorter copy (a word masked) is padded: its attention mask ends in a 0.
    expect(Array.from(batch!.mask.subarray(0, 8))).toEqual([1, 1, 1, 1, 1, 1, 1, 0]);
    expect(Array.from(batch!.positions)).toEqual([0, 3, 1, 4]);
  });

  it(`splits the copies into batches of at most ${MAX_COPIES_PER_BATCH}, and reads each edit's answer in the right one`, async () => {
    const words = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'she' : 'have'));
    const edits = words.map((w, i) => edit('agreement', i, i + 1, [w === 'have' ? 'has' : 'have']));
    const plan = planMaskedCopies(words, edits, vocabulary);
    expect(plan.batches.map((b) => b.copies)).toEqual([16, 4]);
    // Only the last edit's slot makes "has" likely: its gain comes from the second batch.
    const last = [...words.slice(0, 19), '[MASK]'].join(' ');
    const gains = editGains(plan, await runPlan(plan, fakeModel(pieces, { [last]: { has: 0.9, have: 0.09 } }), vocabulary.size));
    expect(gains[19]).toBeCloseTo(Math.log(10), 5);
    expect(gains.slice(0, 19).every((g) => g !== null && Math.abs(g) < 1e-6)).toBe(true);
  });

  it('refuses an answer of another shape, and checks the signal before each batch', async () => {
    const plan = planMaskedCopies(WORDS, [edit('agreement', 1, 2, ['has'])], vocabulary);
    const short: MaskedLanguageModel = async () => ({ logp: new Float32Array(3), vocabulary: vocabulary.size });
    await expect(runPlan(plan, short, vocabulary.size)).rejects.toThrow(`the model answered 3 scores of ${vocabulary.size} pieces for 1 masks`);
    const wide: MaskedLanguageModel = async (b) => ({ logp: new Float32Array(b.masks * (vocabulary.size + 1)), vocabulary: vocabulary.size + 1 });
    await expect(runPlan(plan, wide, vocabulary.size)).rejects.toThrow('the vocabulary has');
    const model = fakeModel(pieces, {});
    await expect(runPlan(plan, model, vocabulary.size, AbortSignal.abort(new Error('over budget')))).rejects.toThrow('over budget');
    expect(model.batches).toBe(0);
  });

  it('gives no gain where a score is not a number, and none to an edit beyond the 512 pieces BERT reads', async () => {
    const plan = planMaskedCopies(WORDS, [edit('agreement', 1, 2, ['has'])], vocabulary);
    const nan = await runPlan(plan, async (b) => ({ logp: new Float32Array(b.masks * vocabulary.size).fill(Number.NaN), vocabulary: vocabulary.size }), vocabulary.size);
    expect(editGains(plan, nan)).toEqual([null]);
    const long = [...WORDS, ...Array<string>(600).fill('car'), 'have'];
    const gains = await gainsOf(long, [edit('agreement', long.length - 1, long.length, ['has']), edit('agreement', 1, 2, ['has'])], fakeModel(pieces, {}));
    expect(gains[0]).toBeNull();
    expect(gains[1]).toBeCloseTo(0, 5);
  });
});
