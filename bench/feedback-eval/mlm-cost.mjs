#!/usr/bin/env node
// @ts-check
/**
 * `node bench/feedback-eval/mlm-cost.mjs --model <folder with model.onnx, vocab.txt> [--threads 1]
 *    [--attempts 10]`: what the masked language model costs feedback-service per attempt. An attempt
 * here is what a learner who finishes a test sends to be checked: three passage reconstructions (the
 * bank's passages, three a test, read as written) and an email (the own-text set's emails, longest
 * first). Each text goes through maskedLmFlags as the service runs it, on `--threads` threads;
 * printed: CPU seconds and wall seconds per attempt (median and worst), the batches, copies and
 * pieces the model read, and the load average at the start (this machine is shared).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { questionBank } from '@fluent/question-bank';
import { maskedLmFlags } from '@fluent/writing-feedback';
import { arg } from './cli-args.mjs';
import { ROOT } from '../../tools/stack/paths.mjs';

const threads = Number(arg('threads', '1'));
const attempts = Number(arg('attempts', '10'));
const { loadMaskedLm } = await import('../../apps/feedback-service/dist/masked-lm/masked-lm.model.js');
const loaded = await loadMaskedLm(resolve(arg('model')), threads);
const read = { batches: 0, copies: 0, pieces: 0 };
/** @type {import('@fluent/writing-feedback').MaskedLanguageModel} */
const model = async (batch) => {
  read.batches += 1;
  read.copies += batch.copies;
  read.pieces += batch.copies * batch.width;
  return loaded.model(batch);
};

const passages = questionBank().passages.map((p) => p.sentences);
/** @type {{ kind: string, text: string }[]} */
const ownTexts = JSON.parse(readFileSync(resolve(ROOT, 'libs/writing-feedback/fixtures/own-texts.json'), 'utf8')).texts;
const emails = ownTexts.filter((t) => t.kind === 'email').map((t) => t.text).sort((a, b) => b.length - a.length);

const words = (/** @type {string} */ t) => t.split(/\s+/).filter(Boolean).length;
console.log(`load average at start: ${loadavg().map((l) => l.toFixed(1)).join(' ')}; threads per batch: ${threads}`);
// The first batch pays for onnxruntime's set-up; it is not an attempt's cost.
await maskedLmFlags(passages[0] ?? '', model, loaded.vocabulary);
Object.assign(read, { batches: 0, copies: 0, pieces: 0 });

const rows = [];
for (let a = 0; a < Math.min(attempts, Math.floor(passages.length / 3)); a += 1) {
  const texts = [...passages.slice(3 * a, 3 * a + 3), emails[a % emails.length] ?? ''];
  const before = { ...read };
  const cpu = process.cpuUsage();
  const t = performance.now();
  for (const text of texts) await maskedLmFlags(text, model, loaded.vocabulary);
  const wall = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  rows.push({ wall, cpu: (used.user + used.system) / 1e6, words: texts.reduce((n, x) => n + words(x), 0), batches: read.batches - before.batches, copies: read.copies - before.copies, pieces: read.pieces - before.pieces });
}
const median = (/** @type {number[]} */ xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN;
const worst = (/** @type {number[]} */ xs) => Math.max(...xs);
for (const key of /** @type {const} */ (['cpu', 'wall', 'words', 'batches', 'copies', 'pieces'])) {
  const xs = rows.map((r) => r[key]);
  console.log(`${key.padEnd(8)} median ${median(xs).toFixed(key === 'cpu' || key === 'wall' ? 1 : 0)}, worst ${worst(xs).toFixed(key === 'cpu' || key === 'wall' ? 1 : 0)} per attempt (${rows.length} attempts)`);
}
