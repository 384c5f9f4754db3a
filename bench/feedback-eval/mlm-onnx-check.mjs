#!/usr/bin/env node
// @ts-check
/**
 * `node bench/feedback-eval/mlm-onnx-check.mjs --ort <onnxruntime-node folder> --model <model.onnx> --dump <file>`:
 * issue 43's masked-LM experiment, the question of how it would run inside feedback-service. Loads
 * the ONNX export of mlm-score.py's forward pass (`mlm-score.py --onnx`) with onnxruntime-node (npm,
 * MIT; not a dependency of the repository: install it in a scratch folder with
 * `ONNXRUNTIME_NODE_INSTALL=skip npm install onnxruntime-node`, its CPU binaries are in the package),
 * runs the masked sentences `mlm-score.py --dump` wrote, one batch a sentence as the scorer batches
 * them, checks that the best log-probability at every mask is TensorFlow's (the value, not which
 * word has it), and prints the load time, resident memory after loading and after the runs, and
 * the time a sentence.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { runMasked } from './mlm-node-scorer.mjs';

const arg = (/** @type {string} */ name) => {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0 || !process.argv[at + 1]) throw new Error(`--${name} is required (see the comment at the top)`);
  return resolve(process.argv[at + 1]);
};
const ort = createRequire(import.meta.url)(arg('ort'));
/** @type {{ id: string, sequences: [number[], number[]][], best: number[][] }[]} */
const batches = JSON.parse(readFileSync(arg('dump'), 'utf8'));

let started = performance.now();
const session = await ort.InferenceSession.create(arg('model'), { intraOpNumThreads: 2 });
console.log(`Loaded in ${Math.round(performance.now() - started)} ms; resident memory ${Math.round(process.memoryUsage().rss / 1e6)} MB`);

let worst = 0;
let agree = true;
/** @type {number[]} */
const times = [];
for (const pass of [1, 2]) {
  for (const { sequences, best } of batches) {
    if (sequences.length === 0) continue;
    started = performance.now();
    const { logp, vocab } = await runMasked(session, ort, sequences);
    if (pass === 2) times.push(performance.now() - started);
    best.flat().forEach((expected, row) => {
      let top = -Infinity;
      for (let v = 0; v < vocab; v += 1) top = Math.max(top, logp[row * vocab + v]);
      worst = Math.max(worst, Math.abs(top - expected));
      if (Math.abs(top - expected) > 1e-3) agree = false;
    });
  }
}
times.sort((a, b) => a - b);
console.log(`${times.length} sentences (one batch each, second pass): median ${Math.round(times[Math.floor(times.length / 2)])} ms, slowest ${Math.round(times[times.length - 1])} ms`);
console.log(`Resident memory after the runs: ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
console.log(`Best log-probability at every mask as TensorFlow's: ${agree ? 'yes' : 'NO'} (largest difference ${worst.toExponential(2)})`);
