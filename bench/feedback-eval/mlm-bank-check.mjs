#!/usr/bin/env node
// @ts-check
/**
 * `node bench/feedback-eval/mlm-bank-check.mjs --model <folder with model.onnx, vocab.txt>
 *    [--scoring joint|pll|l2r] [--texts passages|unseen] [--ratios set=ratio,…] [--out <gains.json>]`:
 * issue 43's check that the masked language model leaves well-written text of ours alone. Each text
 * is read the way the product reads a learner's text that reproduces it perfectly (maskedLmFlags,
 * neighbours as context), and every passing flag is listed, with the choice's ratios
 * (MASKED_LM_RATIOS) or those given.
 * - `passages`: the question bank's 60 passages. The choice (ngram-experiment.mjs --bank) now looks
 *   at them, so they no longer check it unseen. `--out` writes, per passage and set, the best gain at
 *   any ratio (every set at ratio 1), which --bank reads.
 * - `unseen`: what no choice looked at: the 20 typing paragraphs and the blog's posts (markdown
 *   prose only; "Common grammar traps" is left out, since it quotes wrong sentences on purpose).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { questionBank } from '@fluent/question-bank';
import { CONFUSION_SETS, MASKED_LM_RATIOS, MASKED_LM_SCORING, maskedLmFlags } from '@fluent/writing-feedback';
import { arg } from './cli-args.mjs';
import { ROOT } from '../../tools/stack/paths.mjs';

/**
 * A blog post's prose, as a learner might write it: front matter, headings and tables left out
 * (they are not sentences), emphasis, links and list bullets taken off.
 */
function postText(/** @type {string} */ markdown) {
  return markdown
    .replace(/^---[\s\S]*?\n---\n/, '')
    .split(/\n{2,}/)
    .filter((block) => !/^\s*[#|]/.test(block))
    .map((block) => block.replace(/^\s*(?:[-*]|\d+\.)\s+/gm, '').replace(/\*+|_+|`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim())
    .filter(Boolean)
    .join('\n');
}

/** @returns {{ id: string, text: string }[]} */
function textsToRead(/** @type {string} */ which) {
  const bank = questionBank();
  if (which === 'passages') return bank.passages.map((p) => ({ id: `passage ${p.id}`, text: p.sentences }));
  if (which !== 'unseen') throw new Error('--texts is passages or unseen');
  const posts = join(ROOT, 'apps', 'blog-service', 'content', 'posts');
  return [
    ...bank.typing.map((t) => ({ id: `typing ${t.id}`, text: t.paragraph })),
    ...readdirSync(posts).filter((name) => name.endsWith('.md') && name !== 'common-grammar-traps.md').sort().map((name) => ({ id: `post ${name}`, text: postText(readFileSync(join(posts, name), 'utf8')) })),
  ];
}

const { loadMaskedLm } = await import('../../apps/feedback-service/dist/masked-lm/masked-lm.model.js');
const { model, vocabulary } = await loadMaskedLm(resolve(arg('model')), 2);
const scoring = /** @type {'joint' | 'pll' | 'l2r'} */ (arg('scoring', MASKED_LM_SCORING));
const everySet = Object.fromEntries(CONFUSION_SETS.map((set) => [set, 1]));
/** @type {Record<string, number>} */
const ratios = process.argv.includes('--ratios') ? Object.fromEntries(arg('ratios').split(',').map((item) => [item.split('=')[0], Number(item.split('=')[1])])) : { ...MASKED_LM_RATIOS };
const texts = textsToRead(arg('texts', 'passages'));
const wantGains = process.argv.includes('--out');
const best = /** @type {Record<string, Record<string, { gain: number; written: string; replacement: string | null }>>} */ ({});
let flagged = 0;
const started = Date.now();
for (const { id, text } of texts) {
  // What a learner would see: the product's own choice of one flag a word, at these ratios.
  const shown = await maskedLmFlags(text, model, vocabulary, { scoring, ratios });
  if (shown.length > 0) flagged += 1;
  if (wantGains) {
    // Every edit, several a word: a set's best gain whatever another set scores at the same word.
    const mine = (best[id] = {});
    for (const flag of await maskedLmFlags(text, model, vocabulary, { scoring, ratios: everySet, everyEdit: true })) {
      const seen = mine[flag.set];
      if (!seen || flag.gain > seen.gain) mine[flag.set] = { gain: flag.gain, written: flag.written, replacement: flag.replacement ?? null };
    }
  }
  for (const flag of shown) {
    const around = text.slice(Math.max(0, flag.offset - 30), flag.offset + flag.length + 15).replace(/\s+/g, ' ');
    console.log(`${id}: ${flag.set} “${flag.written}” → ${flag.replacement ?? '(removed)'} (gain ${flag.gain.toFixed(1)}) …${around}…`);
  }
}
console.log(`${scoring}: ${flagged} of ${texts.length} texts flagged at ${JSON.stringify(ratios)}, ${Math.round((Date.now() - started) / 1000)} s`);
if (wantGains) writeFileSync(resolve(arg('out')), `${JSON.stringify({ scoring, best }, null, 1)}\n`);
