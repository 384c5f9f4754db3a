#!/usr/bin/env node
// @ts-check
/**
 * `node bench/feedback-eval/harper-cost.mjs --corpora <folder>`: what Harper costs feedback-service,
 * measured with its HarperChecker (the kept rules, as the service runs it): the time to compile the
 * WebAssembly module, the memory it adds, and the time per text for the DREsS essays of the sample
 * (learner essays, about 300 words) and for JFLEG sentences. Prints the figures; no corpus text.
 */
import { resolve } from 'node:path';
import { loadDress, loadJfleg, seededShuffle } from './corpora.mjs';
import { detokenize } from './measures.mjs';

const at = process.argv.indexOf('--corpora');
const corpora = resolve(at > 0 ? process.argv[at + 1] : '/work/.corpora');
const { HarperChecker } = await import('../../apps/feedback-service/dist/harper/harper.checker.js');
const essays = seededShuffle(loadDress(corpora), 43).slice(0, 50).map((e) => e.essay);
const sentences = loadJfleg(corpora, 'dev').slice(0, 200).map((s) => detokenize(s.tokens).text);

const rss = () => process.memoryUsage().rss / 1e6;
const before = rss();
const started = performance.now();
const harper = new HarperChecker();
await harper.setup();
const setupMs = performance.now() - started;
const after = rss();

/** @param {string[]} texts */
async function timing(texts) {
  const times = [];
  for (const text of texts) {
    const t = performance.now();
    await harper.lints(text);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const q = (/** @type {number} */ p) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]);
  return `median ${q(0.5)} ms, 90th percentile ${q(0.9)} ms, over ${times.length} texts`;
}
const { loadavg } = await import('node:os');
console.log(`load average at start: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (this machine has 2 cores)`);
console.log(`setup (compile the WebAssembly, switch the kept rules on): ${Math.round(setupMs)} ms; resident memory ${Math.round(before)} → ${Math.round(after)} MB`);
console.log(`DREsS essays: ${await timing(essays)}`);
console.log(`JFLEG dev sentences: ${await timing(sentences)}`);
console.log(`resident memory after linting: ${Math.round(rss())} MB`);
