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
/**
 * Copies a batch holds at most: the model's memory grows with copies × width², and a long sentence
 * with many edits would otherwise be one batch of a hundred copies (gigabytes). The float model's
 * answers do not depend on how copies are batched.
 */
export const MAX_COPIES_PER_BATCH = 16;

/** One piece of a word as scored: which copy, which of its masks, which piece's probability. */
interface Term {
  copy: number;
  mask: number;
  piece: number;
}

type Plan =
  | { kind: 'replace'; original: Term[]; alternative: Term[] }
  | { kind: 'remove'; original: Term[] }
  | { kind: 'insert'; alternative: Term[] }
  | { kind: 'none' };

/** How an edit's score comes out of the batches: which copy, which pieces. */
export interface MaskedPlan {
  /** The batches to run, in order; their answers, concatenated, are read by editGains. */
  batches: MaskedBatch[];
  plans: Plan[];
  /** The first answer row of each copy, counted over all batches. */
  firstRow: number[];
  masksOf: number[];
}

/**
 * How a word of several pieces is scored. `joint`: all its pieces masked at once, their
 * probabilities multiplied as if independent (the first choice was made so; it favours a word of
 * fewer pieces: MLM-EXPERIMENT.md, "Why it was off at first"). `pll`: one piece masked at a time with the
 * word's other pieces visible (pseudo-log-likelihood); each piece then half-gives itself away, which
 * favours a word of more pieces ("vocabular ##ies"). `l2r`: piece j masked together with the pieces
 * after it, those before it visible (Kauf & Ivanova 2023, "A better way to do masked language model
 * scoring"): the chain rule within the word, so neither length is favoured. A word of one piece
 * scores the same every way; `pll` and `l2r` cost one copy more per extra piece.
 */
export type PieceScoring = 'joint' | 'pll' | 'l2r';

const MASKED = -1;

/**
 * The masked copies one sentence needs to score its edits, each copy once: a word replaced is
 * scored as log P(replacement) − log P(word as written) at its slot; a word removed by the log-odds
 * against the word as written at its slot; a word inserted by the log-odds of that word inserted
 * there. `scoring` says how a word of several pieces is scored.
 */
export function planMaskedCopies(words: readonly string[], edits: readonly ConfusionEdit[], vocabulary: WordPieceVocabulary, scoring: PieceScoring = 'joint'): MaskedPlan {
  const copies: { ids: number[]; cols: number[] }[] = [];
  const seen = new Map<string, number>();
  /** The copy with words[start..end) replaced by `content` (piece ids, MASKED where masked). */
  const copyWith = (start: number, end: number, content: number[]) => {
    const key = `${start}:${end}:${content.join(',')}`;
    let at = seen.get(key);
    if (at === undefined) {
      const before = words.slice(0, start).flatMap(vocabulary.pieces);
      const after = words.slice(end).flatMap(vocabulary.pieces);
      const slot = content.map((id) => (id === MASKED ? vocabulary.mask : id));
      const ids = [vocabulary.cls, ...before, ...slot, ...after, vocabulary.sep].slice(0, MAX_PIECES);
      const cols = content.flatMap((id, j) => (id === MASKED ? [1 + before.length + j] : [])).filter((c) => c < MAX_PIECES - 1);
      at = copies.length;
      seen.set(key, at);
      copies.push({ ids, cols });
    }
    return at;
  };
  /** The terms that score `pieces` written at words[start..end). */
  const terms = (start: number, end: number, pieces: number[]): Term[] => {
    if (scoring === 'joint' || pieces.length === 1) {
      const copy = copyWith(start, end, pieces.map(() => MASKED));
      return pieces.map((piece, mask) => ({ copy, mask, piece }));
    }
    // The copy's first mask is piece j's: pll masks it alone, l2r with the pieces after it.
    const hidden = (j: number, k: number) => (scoring === 'pll' ? k === j : k >= j);
    return pieces.map((piece, j) => ({ copy: copyWith(start, end, pieces.map((p, k) => (hidden(j, k) ? MASKED : p))), mask: 0, piece }));
  };
  const piecesAt = (i: number) => vocabulary.pieces(words[i] ?? '');
  const plans = edits.map((e): Plan => {
    const [replacement] = e.replacement;
    if (e.end === e.start + 1 && replacement !== undefined && e.replacement.length === 1) {
      return { kind: 'replace', original: terms(e.start, e.end, piecesAt(e.start)), alternative: terms(e.start, e.end, vocabulary.pieces(replacement)) };
    }
    if (e.end === e.start + 1 && e.replacement.length === 0) return { kind: 'remove', original: terms(e.start, e.end, piecesAt(e.start)) };
    if (e.start === e.end && replacement !== undefined && e.replacement.length === 1) {
      return { kind: 'insert', alternative: terms(e.start, e.start, vocabulary.pieces(replacement)) };
    }
    return { kind: 'none' };
  });
  const batches: MaskedBatch[] = [];
  const firstRow: number[] = [];
  let rows = 0;
  for (let from = 0; from < copies.length; from += MAX_COPIES_PER_BATCH) {
    const group = copies.slice(from, from + MAX_COPIES_PER_BATCH);
    const width = Math.max(0, ...group.map((c) => c.ids.length));
    const ids = new Int32Array(group.length * width);
    const mask = new Int32Array(group.length * width);
    const positions: number[] = [];
    group.forEach((copy, r) => {
      ids.set(copy.ids, r * width);
      mask.fill(1, r * width, r * width + copy.ids.length);
      firstRow.push(rows + positions.length / 2);
      for (const c of copy.cols) positions.push(r, c);
    });
    rows += positions.length / 2;
    batches.push({ ids, mask, positions: Int32Array.from(positions), copies: group.length, width, masks: positions.length / 2 });
  }
  return { batches, plans, firstRow, masksOf: copies.map((c) => c.cols.length) };
}

/**
 * Runs a plan's batches one after another and joins their answers, checking each: a model that
 * answers another shape (another vocabulary, too few rows) would otherwise be read as scores.
 * `signal` is checked before each batch (the caller's time budget).
 */
export async function runPlan(plan: MaskedPlan, model: MaskedLanguageModel, vocabularySize: number, signal?: AbortSignal): Promise<MaskedAnswer> {
  const total = plan.batches.reduce((n, b) => n + b.masks, 0);
  const logp = new Float32Array(total * vocabularySize);
  let row = 0;
  for (const batch of plan.batches) {
    signal?.throwIfAborted();
    const answer = await model(batch);
    if (answer.vocabulary !== vocabularySize || answer.logp.length !== batch.masks * vocabularySize) {
      throw new Error(`the model answered ${answer.logp.length} scores of ${answer.vocabulary} pieces for ${batch.masks} masks; the vocabulary has ${vocabularySize} pieces`);
    }
    logp.set(answer.logp, row * vocabularySize);
    row += batch.masks;
  }
  return { logp, vocabulary: vocabularySize };
}

/** log(p / (1 − p)) from log p, p kept below 1. */
function logOdds(logp: number): number {
  const l = Math.min(logp, -1e-6);
  return l - Math.log(-Math.expm1(l));
}

/** Each edit's gain (natural log; larger: the edit reads more likely than what was written), or null where the sentence was cut short of it. */
export function editGains(plan: MaskedPlan, answer: MaskedAnswer): (number | null)[] {
  const { logp, vocabulary } = answer;
  /** The log-probability of a word from its terms, or null where the sentence was cut short of a mask. */
  const logpOf = (terms: Term[]) => {
    let sum = 0;
    for (const { copy, mask, piece } of terms) {
      if ((plan.masksOf[copy] ?? 0) <= mask) return null;
      sum += logp[((plan.firstRow[copy] ?? 0) + mask) * vocabulary + piece] ?? Number.NaN;
    }
    return sum;
  };
  // A score that is not a number (an answer cut short) is no evidence: never a flag.
  return plan.plans.map((p) => {
    const gain = planGain(p, logpOf);
    return gain !== null && Number.isFinite(gain) ? gain : null;
  });
}

function planGain(p: Plan, logpOf: (terms: Term[]) => number | null): number | null {
  if (p.kind === 'replace') {
    const o = logpOf(p.original);
    const a = logpOf(p.alternative);
    return o === null || a === null ? null : a - o;
  }
  if (p.kind === 'remove') {
    const o = logpOf(p.original);
    return o === null ? null : -logOdds(o);
  }
  if (p.kind === 'insert') {
    const a = logpOf(p.alternative);
    return a === null ? null : logOdds(a);
  }
  return null;
}
