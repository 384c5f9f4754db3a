import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { maskedLmFallbacks } from '@fluent/server-kit';
import { wordPieceVocabulary, type MaskedLanguageModel } from '@fluent/writing-feedback';
import { MaskedLmChecker } from './masked-lm.checker';
import type { LoadedMaskedLm } from './masked-lm.model';

const PIECES = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]', '.', 'their', 'there', 'is', 'a', 'car', 'the'];
const vocabulary = wordPieceVocabulary(PIECES.join('\n'));
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
/** A folder with the two files the checker looks for (their content is the loader's business). */
function modelDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'masked-lm-'));
  made.push(dir);
  writeFileSync(join(dir, 'model.onnx'), '');
  writeFileSync(join(dir, 'vocab.txt'), PIECES.join('\n'));
  return dir;
}
/** A model that finds "there" three times likelier than any other word wherever it is asked, after `delayMs`. */
function loaded(delayMs = 0): LoadedMaskedLm & { runs: number } {
  const result = {
    runs: 0,
    vocabulary,
    model: (async (batch) => {
      result.runs += 1;
      await new Promise((r) => setTimeout(r, delayMs));
      const logp = new Float32Array(batch.masks * PIECES.length).fill(Math.log(0.3));
      for (let m = 0; m < batch.masks; m += 1) logp[m * PIECES.length + PIECES.indexOf('there')] = Math.log(0.9);
      return { logp, vocabulary: PIECES.length };
    }) as MaskedLanguageModel,
  };
  return result;
}
const fallbacks = async (reason: string) => (await maskedLmFallbacks.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;

describe('MaskedLmChecker', () => {
  it('checks a text with the model it loads once, on the first text', async () => {
    const model = loaded();
    const load = vi.fn(async () => model);
    const checker = new MaskedLmChecker({ enabled: true, dir: modelDir(), budgetMs: 5_000, threads: 1 }, load);
    const [first] = await checker.matches('Their is a car.');
    expect(first).toMatchObject({ ruleId: 'MLM_HOMOPHONE', offset: 0, length: 5, replacements: ['There'] });
    await checker.matches('Their is a car.');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('switched off, answers nothing, never loads the model and counts nothing', async () => {
    const load = vi.fn(async () => loaded());
    const before = (await maskedLmFallbacks.get()).values.map((v) => v.value);
    const checker = new MaskedLmChecker({ enabled: false, dir: modelDir(), budgetMs: 5_000, threads: 1 }, load);
    expect(await checker.matches('Their is a car.')).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    expect((await maskedLmFallbacks.get()).values.map((v) => v.value)).toEqual(before);
  });

  it('answers nothing and counts "missing" without a model folder, never loading one', async () => {
    const load = vi.fn(async () => loaded());
    const before = await fallbacks('missing');
    const checker = new MaskedLmChecker({ enabled: true, dir: join(tmpdir(), 'no-such-model'), budgetMs: 5_000, threads: 1 }, load);
    expect(checker.available).toBe(false);
    expect(await checker.matches('Their is a car.')).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    expect(await fallbacks('missing')).toBe(before + 1);
  });

  it('gives up on a text past its budget, its wait behind other texts included, and counts "slow"', async () => {
    const model = loaded(300);
    const checker = new MaskedLmChecker({ enabled: true, dir: modelDir(), budgetMs: 100, threads: 1 }, async () => model);
    const before = await fallbacks('slow');
    const started = Date.now();
    const waited: number[] = [];
    const [a, b] = await Promise.all(['Their is a car. Their is a car.', 'Their is a car.'].map((t) => checker.matches(t).finally(() => waited.push(Date.now() - started))));
    expect(a).toEqual([]);
    expect(b).toEqual([]);
    // Both answer at their budget, not when the model call ahead of them ends (300 ms).
    expect(Math.max(...waited)).toBeLessThan(250);
    await new Promise((r) => setTimeout(r, 400));
    // The first text's second sentence and the waiting text never reach the model.
    expect(model.runs).toBe(1);
    expect(await fallbacks('slow')).toBe(before + 2);
  });

  it('counts the budget from `since`: a text asking when it is spent never reaches the model ("backlog"), one asking partway gets what is left ("slow")', async () => {
    const model = loaded(300);
    const load = vi.fn(async () => model);
    const checker = new MaskedLmChecker({ enabled: true, dir: modelDir(), budgetMs: 1_000, threads: 1 }, load);
    const [backlog, slow] = [await fallbacks('backlog'), await fallbacks('slow')];
    expect(await checker.matches('Their is a car.', { since: Date.now() - 1_000 })).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    expect(await fallbacks('backlog')).toBe(backlog + 1);
    const started = Date.now();
    expect(await checker.matches('Their is a car.', { since: started - 900 })).toEqual([]);
    // It reached the model, and about 100 ms were left, not the whole second: the 300 ms answer comes too late.
    expect(model.runs).toBe(1);
    expect(Date.now() - started).toBeLessThan(250);
    expect(await fallbacks('slow')).toBe(slow + 1);
    // With the budget whole, the same text is checked.
    expect(await checker.matches('Their is a car.', { since: Date.now() })).toHaveLength(1);
  });

  it('counts from now when `since` is not a time (an attempt stored without one), rather than failing the text', async () => {
    const checker = new MaskedLmChecker({ enabled: true, dir: modelDir(), budgetMs: 5_000, threads: 1 }, async () => loaded());
    const before = await fallbacks('error');
    const [first] = await checker.matches('Their is a car.', { since: Number.NaN });
    expect(first).toMatchObject({ ruleId: 'MLM_HOMOPHONE' });
    expect(await fallbacks('error')).toBe(before);
  });

  it('never gives a text more than its budget from now, whatever `since` says (a clock ahead of ours)', async () => {
    const checker = new MaskedLmChecker({ enabled: true, dir: modelDir(), budgetMs: 100, threads: 1 }, async () => loaded(300));
    const started = Date.now();
    expect(await checker.matches('Their is a car.', { since: started + 60_000 })).toEqual([]);
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('answers nothing and counts "error" when the model fails to load, goes without it for a while, then loads again', async () => {
    let now = 0;
    const load = vi.fn<() => Promise<LoadedMaskedLm>>().mockRejectedValueOnce(new Error('bad file')).mockResolvedValue(loaded());
    const checker = new MaskedLmChecker({ enabled: true, dir: modelDir(), budgetMs: 5_000, threads: 1, retryLoadAfterMs: 1_000 }, load, () => now);
    const before = await fallbacks('error');
    expect(await checker.matches('Their is a car.')).toEqual([]);
    now = 999;
    expect(await checker.matches('Their is a car.')).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await fallbacks('error')).toBe(before + 2);
    now = 1_000;
    expect(await checker.matches('Their is a car.')).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('answers nothing and counts "error" when the model answers another shape', async () => {
    const broken: LoadedMaskedLm = { vocabulary, model: async () => ({ logp: new Float32Array(1), vocabulary: PIECES.length }) };
    const checker = new MaskedLmChecker({ enabled: true, dir: modelDir(), budgetMs: 5_000, threads: 1 }, async () => broken);
    const before = await fallbacks('error');
    expect(await checker.matches('Their is a car.')).toEqual([]);
    expect(await fallbacks('error')).toBe(before + 1);
  });

  it('reads an urgent text before the texts already waiting', async () => {
    const order: string[] = [];
    const base = loaded(20);
    const model: MaskedLanguageModel = async (batch) => {
      order.push(String(batch.width));
      return base.model(batch);
    };
    const checker = new MaskedLmChecker({ enabled: true, dir: modelDir(), budgetMs: 5_000, threads: 1 }, async () => ({ model, vocabulary }));
    // Widths tell the texts apart: 7 pieces for the plain ones, 8 for the urgent one.
    await Promise.all([checker.matches('Their is a car.'), checker.matches('Their is a car.'), checker.matches('Their is a big car.', { urgent: true })]);
    expect(order).toEqual(['7', '8', '7']);
  });

  it('runs one text at a time through the model', async () => {
    let running = 0;
    let most = 0;
    const base = loaded();
    const model: MaskedLanguageModel = async (batch) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 20));
      running -= 1;
      return base.model(batch);
    };
    const checker = new MaskedLmChecker({ enabled: true, dir: modelDir(), budgetMs: 5_000, threads: 1 }, async () => ({ model, vocabulary }));
    const all = await Promise.all([1, 2, 3].map(() => checker.matches('Their is a car.')));
    expect(all.map((m) => m.length)).toEqual([1, 1, 1]);
    expect(most).toBe(1);
  });
});
