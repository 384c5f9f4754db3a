import type { ConfusionEdit } from './confusion-edits';
import type { WordPieceVocabulary } from './wordpiece';

/**
 * One batch for the model: each row a copy of the sentence with some pieces masked, padded to the
 * longest row. `positions` lists [row, column] of every mask, in order; the model answers the
 * log-probabilities of the whole vocabulary at each, row after row (`rows × vocabulary` floats).
 */
export interface MaskedBatch {
  ids: Int32Array;
  mask: Int32Array;
  positions: Int32Array;
  /** Rows of the batch (copies of the sentence) and their width in pieces. */
  copies: number;
  width: number;
  /** How many masks: the rows of the model's answer. */
  masks: number;
}

/** What the model answers for a batch: log-probabilities, `masks × vocabulary`, row after row. */
export interface MaskedAnswer {
  logp: Float32Array;
  vocabulary: number;
}

/** The model, as the library sees it: feedback-service runs it with onnxruntime-node. */
export type MaskedLanguageModel = (batch: MaskedBatch) => Promise<MaskedAnswer>;

/** BERT reads at most 512 pieces, [CLS] and [SEP] included. */
const MAX_PIECES = 512;

type Plan =
  | { kind: 'replace'; original: number[]; alternative: number[]; at: number; altAt: number }
  | { kind: 'remove'; original: number[]; at: number }
  | { kind: 'insert'; alternative: number[]; at: number }
  | { kind: 'none' };

/** How an edit's score comes out of the batch: which copy, which pieces. */
export interface MaskedPlan {
  batch: MaskedBatch;
  plans: Plan[];
  /** The first answer row of each copy. */
  firstRow: number[];
  masksOf: number[];
}

/**
 * The masked copies one sentence needs to score its edits, each copy once: a word replaced is
 * scored as log P(replacement) − log P(word as written), both with that word's slot masked (as many
 * masks as each has pieces); a word removed by the log-odds against the word as written at its
 * slot; a word inserted by the log-odds of that word at a mask inserted there.
 */
export function planMaskedCopies(words: readonly string[], edits: readonly ConfusionEdit[], vocabulary: WordPieceVocabulary): MaskedPlan {
  const copies: { ids: number[]; cols: number[] }[] = [];
  const slots = new Map<string, number>();
  const slot = (start: number, end: number, n: number) => {
    const key = `${start}:${end}:${n}`;
    let at = slots.get(key);
    if (at === undefined) {
      const before = words.slice(0, start).flatMap(vocabulary.pieces);
      const after = words.slice(end).flatMap(vocabulary.pieces);
      const ids = [vocabulary.cls, ...before, ...Array<number>(n).fill(vocabulary.mask), ...after, vocabulary.sep].slice(0, MAX_PIECES);
      const cols = Array.from({ length: n }, (_, j) => 1 + before.length + j).filter((c) => c < MAX_PIECES - 1);
      at = copies.length;
      slots.set(key, at);
      copies.push({ ids, cols });
    }
    return at;
  };
  const piecesAt = (i: number) => vocabulary.pieces(words[i] ?? '');
  const plans = edits.map((e): Plan => {
    const [replacement] = e.replacement;
    if (e.end === e.start + 1 && replacement !== undefined && e.replacement.length === 1) {
      const original = piecesAt(e.start);
      const alternative = vocabulary.pieces(replacement);
      return { kind: 'replace', original, alternative, at: slot(e.start, e.end, original.length), altAt: slot(e.start, e.end, alternative.length) };
    }
    if (e.end === e.start + 1 && e.replacement.length === 0) {
      const original = piecesAt(e.start);
      return { kind: 'remove', original, at: slot(e.start, e.end, original.length) };
    }
    if (e.start === e.end && replacement !== undefined && e.replacement.length === 1) {
      const alternative = vocabulary.pieces(replacement);
      return { kind: 'insert', alternative, at: slot(e.start, e.start, alternative.length) };
    }
    return { kind: 'none' };
  });
  const width = Math.max(0, ...copies.map((c) => c.ids.length));
  const ids = new Int32Array(copies.length * width);
  const mask = new Int32Array(copies.length * width);
  const positions: number[] = [];
  const firstRow: number[] = [];
  copies.forEach((copy, r) => {
    ids.set(copy.ids, r * width);
    mask.fill(1, r * width, r * width + copy.ids.length);
    firstRow.push(positions.length / 2);
    for (const c of copy.cols) positions.push(r, c);
  });
  const batch: MaskedBatch = { ids, mask, positions: Int32Array.from(positions), copies: copies.length, width, masks: positions.length / 2 };
  return { batch, plans, firstRow, masksOf: copies.map((c) => c.cols.length) };
}

/** log(p / (1 − p)) from log p, p kept below 1. */
function logOdds(logp: number): number {
  const l = Math.min(logp, -1e-6);
  return l - Math.log(-Math.expm1(l));
}

/** Each edit's gain (natural log; larger: the edit reads more likely than what was written), or null where the sentence was cut short of it. */
export function editGains(plan: MaskedPlan, answer: MaskedAnswer): (number | null)[] {
  const { logp, vocabulary } = answer;
  const logpOf = (copy: number, pieces: number[]) => {
    const first = plan.firstRow[copy] ?? 0;
    if ((plan.masksOf[copy] ?? 0) < pieces.length) return null;
    let sum = 0;
    pieces.forEach((piece, j) => (sum += logp[(first + j) * vocabulary + piece] ?? Number.NaN));
    return sum;
  };
  return plan.plans.map((p) => {
    if (p.kind === 'replace') {
      const o = logpOf(p.at, p.original);
      const a = logpOf(p.altAt, p.alternative);
      return o === null || a === null ? null : a - o;
    }
    if (p.kind === 'remove') {
      const o = logpOf(p.at, p.original);
      return o === null ? null : -logOdds(o);
    }
    if (p.kind === 'insert') {
      const a = logpOf(p.at, p.alternative);
      return a === null ? null : logOdds(a);
    }
    return null;
  });
}
