#!/usr/bin/env node
// @ts-check
/**
 * `node bench/feedback-eval/mlm-library-scores.mjs --model <folder with model.onnx, vocab.txt> --candidates <edits.jsonl>
 *    --out <scores.jsonl> [--scoring joint|pll|l2r] [--only dev,own]`:
 * issue 43's masked-LM scores of an export (`ngram-experiment.mjs --export`) computed by the
 * library itself (planMaskedCopies, runPlan, editGains) on onnxruntime-node, in the format
 * `ngram-experiment.mjs --mlm` reads. `--scoring pll` scores a word of several pieces one piece at a
 * time (MLM-EXPERIMENT.md, "Why it was off at first"). The library does not compute the model's first guess:
 * every score says `top: false`, so the "rare as written" rows of the experiment flag nothing.
 * `--only` keeps the rows whose id starts with one of the parts (test is read once, on purpose).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { editGains, planMaskedCopies, runPlan } from '@fluent/writing-feedback';
import { arg } from './cli-args.mjs';

// feedback-service's own loader (its build): the same session options and the same answer checks.
const { loadMaskedLm } = await import('../../apps/feedback-service/dist/masked-lm/masked-lm.model.js');
const { model, vocabulary } = await loadMaskedLm(resolve(arg('model')), 2);
const scoring = /** @type {'joint' | 'pll' | 'l2r'} */ (arg('scoring', 'joint'));
const only = arg('only', '').split(',').filter(Boolean);
const rows = readFileSync(resolve(arg('candidates')), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((r) => only.length === 0 || only.some((p) => r.id.startsWith(`${p}:`)));
const out = [];
const started = Date.now();
for (const [i, row] of rows.entries()) {
  const edits = row.edits.map((/** @type {any} */ e) => ({ ...e, set: 'article', token: e.start }));
  const plan = planMaskedCopies(row.words, edits, vocabulary, scoring);
  const gains = editGains(plan, await runPlan(plan, model, vocabulary.size));
  out.push(JSON.stringify({ id: row.id, edits: row.hash, scores: gains.map((gain) => (gain === null ? null : { gain, top: false })) }));
  if (i % 100 === 0) process.stdout.write(`  ${i}/${rows.length} (${Math.round((Date.now() - started) / 1000)} s)\n`);
}
writeFileSync(resolve(arg('out')), `${out.join('\n')}\n`);
console.log(`Wrote the ${scoring} scores of ${rows.length} sentences to ${arg('out')} in ${Math.round((Date.now() - started) / 1000)} s`);
