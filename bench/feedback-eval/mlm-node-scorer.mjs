#!/usr/bin/env node
// @ts-check
/**
 * `node bench/feedback-eval/mlm-node-scorer.mjs --ort <onnxruntime-node folder> --model <model.onnx> --vocab <vocab.txt>
 *    --candidates <edits.jsonl> --scores <mlm-score.py's answers for the same model> [--sentences 100] [--pad 16]`:
 * issue 43's masked-LM scorer the way feedback-service would run it, all in Node: BERT's uncased
 * WordPiece tokenizer (the library's), the masked copies, one onnxruntime-node batch per sentence and
 * the gains of mlm-score.py (a word replaced, removed or inserted). It scores the first sentences of
 * an export (`ngram-experiment.mjs --export`) and checks them against mlm-score.py's answers for the
 * same model file (`mlm-score.py --onnx-model`): the same pieces, the same gains (to float noise) and
 * the same "first guess" flags. Prints the time a sentence.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { wordPieceVocabulary } from '@fluent/writing-feedback';
import { arg } from './cli-args.mjs';


/** log(p / (1 − p)) from log p, p kept below 1 (mlm-score.py's log_odds). */
const logOdds = (/** @type {number} */ logp) => {
  const l = Math.min(logp, -1e-6);
  return l - Math.log(-Math.expm1(l));
};

/**
 * One onnxruntime-node run over masked copies ([piece ids, mask columns] each), as one batch padded
 * to a width that is a multiple of `padTo`: the log-probabilities at every mask, row after row
 * (`firstRow[k]` is sequence k's first row), over a vocabulary of `vocab`.
 * @param {{ run: (feeds: any) => Promise<any> }} session @param {any} ort
 * @param {[number[], number[]][]} sequences @param {number} [padTo]
 */
export async function runMasked(session, ort, sequences, padTo = 1) {
  const width = padTo * Math.ceil(Math.max(0, ...sequences.map(([ids]) => ids.length)) / padTo);
  const ids = new Int32Array(sequences.length * width);
  const mask = new Int32Array(sequences.length * width);
  /** @type {number[]} */
  const positions = [];
  /** @type {number[]} */
  const firstRow = [];
  sequences.forEach(([seq, cols], r) => {
    seq.forEach((id, c) => {
      ids[r * width + c] = id;
      mask[r * width + c] = 1;
    });
    firstRow.push(positions.length / 2);
    for (const c of cols) positions.push(r, c);
  });
  if (sequences.length === 0) return { logp: new Float32Array(0), vocab: 0, firstRow };
  const out = await session.run({
    ids: new ort.Tensor('int32', ids, [sequences.length, width]),
    mask: new ort.Tensor('int32', mask, [sequences.length, width]),
    positions: new ort.Tensor('int32', Int32Array.from(positions), [positions.length / 2, 2]),
  });
  const tensor = /** @type {{ data: Float32Array, dims: number[] }} */ (Object.values(out)[0]);
  return { logp: tensor.data, vocab: tensor.dims[1], firstRow };
}

/**
 * mlm-score.py's Scorer.score_sentence in Node: one {gain, top} per edit, or null.
 * @param {{ run: (feeds: any) => Promise<any> }} session @param {any} ort
 * @param {(word: string) => number[]} pieces @param {{ cls: number, sep: number, mask: number }} special
 * @param {string[]} words @param {{ start: number, end: number, replacement: string[] }[]} edits
 * @param {number} [padTo] the batch's width is rounded up to a multiple of this (mlm-score.py: 16).
 *   It changes nothing with a float model; with an 8-bit one it does, since onnxruntime's dynamic
 *   quantization scales each layer's input by its range, padding included.
 */
export async function scoreSentence(session, ort, pieces, special, words, edits, padTo = 1) {
  /** @type {Map<string, number>} */
  const slots = new Map();
  /** @type {[number[], number[]][]} */
  const sequences = [];
  const slot = (/** @type {number} */ start, /** @type {number} */ end, /** @type {number} */ n) => {
    const key = `${start}:${end}:${n}`;
    if (!slots.has(key)) {
      const before = words.slice(0, start).flatMap(pieces);
      const after = words.slice(end).flatMap(pieces);
      const ids = [special.cls, ...before, ...Array(n).fill(special.mask), ...after, special.sep].slice(0, 512);
      const cols = Array.from({ length: n }, (_, j) => 1 + before.length + j).filter((c) => c < 511);
      slots.set(key, sequences.length);
      sequences.push([ids, cols]);
    }
    return /** @type {number} */ (slots.get(key));
  };
  const plans = edits.map((e) => {
    if (e.end === e.start + 1 && e.replacement.length === 1) {
      const orig = pieces(words[e.start]);
      const alt = pieces(e.replacement[0]);
      return { kind: 'sub', orig, alt, at: slot(e.start, e.end, orig.length), altAt: slot(e.start, e.end, alt.length) };
    }
    if (e.end === e.start + 1 && e.replacement.length === 0) {
      const orig = pieces(words[e.start]);
      return { kind: 'del', orig, at: slot(e.start, e.end, orig.length) };
    }
    if (e.start === e.end && e.replacement.length === 1) {
      const alt = pieces(e.replacement[0]);
      return { kind: 'ins', alt, at: slot(e.start, e.start, alt.length) };
    }
    return { kind: 'none' };
  });
  // One batch for the sentence (mlm-score.py splits batches of more than 32; no JFLEG sentence has that many slots).
  const { logp, vocab, firstRow } = await runMasked(session, ort, sequences, padTo);
  const rowsOf = (/** @type {number} */ seq) => sequences[seq][1].length;
  const at = (/** @type {number} */ seq, /** @type {number} */ j, /** @type {number} */ piece) => logp[(firstRow[seq] + j) * vocab + piece];
  const logpOf = (/** @type {number} */ seq, /** @type {number[]} */ ps) => (rowsOf(seq) < ps.length ? null : ps.reduce((sum, p, j) => sum + at(seq, j, p), 0));
  const argmax = (/** @type {number} */ seq, /** @type {number} */ j) => {
    let best = 0;
    for (let v = 1; v < vocab; v += 1) if (at(seq, j, v) > at(seq, j, best)) best = v;
    return best;
  };
  const firstGuessIs = (/** @type {number} */ seq, /** @type {number[]} */ ps) => rowsOf(seq) >= ps.length && ps.every((p, j) => argmax(seq, j) === p);
  const inTopFive = (/** @type {number} */ seq, /** @type {number} */ piece) => {
    let higher = 0;
    for (let v = 0; v < vocab; v += 1) if (at(seq, 0, v) > at(seq, 0, piece)) higher += 1;
    return higher < 5;
  };
  return plans.map((p) => {
    if (p.kind === 'sub') {
      const o = logpOf(/** @type {number} */ (p.at), /** @type {number[]} */ (p.orig));
      const a = logpOf(/** @type {number} */ (p.altAt), /** @type {number[]} */ (p.alt));
      return o === null || a === null ? null : { gain: a - o, top: firstGuessIs(/** @type {number} */ (p.altAt), /** @type {number[]} */ (p.alt)) };
    }
    if (p.kind === 'del') {
      const o = logpOf(/** @type {number} */ (p.at), /** @type {number[]} */ (p.orig));
      return o === null ? null : { gain: -logOdds(o), top: !inTopFive(/** @type {number} */ (p.at), /** @type {number[]} */ (p.orig)[0]) };
    }
    if (p.kind === 'ins') {
      const a = logpOf(/** @type {number} */ (p.at), /** @type {number[]} */ (p.alt));
      return a === null ? null : { gain: logOdds(a), top: firstGuessIs(/** @type {number} */ (p.at), /** @type {number[]} */ (p.alt)) };
    }
    return null;
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const ort = createRequire(import.meta.url)(resolve(arg('ort')));
  const vocabText = readFileSync(resolve(arg('vocab')), 'utf8');
  const vocabulary = wordPieceVocabulary(vocabText);
  const pieces = vocabulary.pieces;
  const special = { cls: vocabulary.cls, sep: vocabulary.sep, mask: vocabulary.mask };
  const limit = Number(arg('sentences', '100'));
  const rows = readFileSync(resolve(arg('candidates')), 'utf8').split('\n').filter(Boolean).slice(0, limit).map((l) => JSON.parse(l));
  /** @type {Map<string, ({ gain: number, top: boolean } | null)[]>} */
  const expected = new Map(readFileSync(resolve(arg('scores')), 'utf8').split('\n').filter(Boolean).map((l) => {
    const { id, scores } = JSON.parse(l);
    return [id, scores];
  }));
  const session = await ort.InferenceSession.create(resolve(arg('model')), { intraOpNumThreads: 2 });
  let worst = 0;
  let topDiffer = 0;
  let nullDiffer = 0;
  let edits = 0;
  /** @type {number[]} */
  const times = [];
  for (const row of rows) {
    const started = performance.now();
    const got = await scoreSentence(session, ort, pieces, special, row.words, row.edits, Number(arg('pad', '1')));
    times.push(performance.now() - started);
    const want = expected.get(row.id);
    if (!want) throw new Error(`no scores of ${row.id} in --scores`);
    got.forEach((g, i) => {
      edits += 1;
      const w = want[i];
      if (!g || !w) {
        if (g !== w) nullDiffer += 1;
        return;
      }
      worst = Math.max(worst, Math.abs(g.gain - w.gain));
      if (g.top !== w.top) topDiffer += 1;
    });
  }
  times.sort((a, b) => a - b);
  console.log(`${rows.length} sentences, ${edits} edits scored in Node: median ${Math.round(times[Math.floor(times.length / 2)])} ms a sentence, slowest ${Math.round(times[times.length - 1])} ms (first included)`);
  console.log(`Against mlm-score.py: largest gain difference ${worst.toExponential(2)}; "first guess" differs on ${topDiffer}; scored by one and not the other: ${nullDiffer}`);
}
