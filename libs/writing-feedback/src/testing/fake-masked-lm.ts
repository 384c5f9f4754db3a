import type { MaskedLanguageModel } from '../masked-lm/masked-copies';
import { wordPieceVocabulary, type WordPieceVocabulary } from '../masked-lm/wordpiece';

/** A vocabulary of whole words (and "##s" for plurals the tests split), BERT's special pieces first. */
export function testVocabulary(words: readonly string[]): { vocabulary: WordPieceVocabulary; pieces: string[] } {
  const pieces = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]', '.', ',', '!', '?', "'", '##s', ...new Set(words)];
  return { vocabulary: wordPieceVocabulary(pieces.join('\n')), pieces };
}

/**
 * A stand-in for BERT: for a masked copy written out as words ("she [MASK] a car ."), the
 * probabilities a table gives the pieces at its first mask, every other piece there one in a
 * million; at every mask of a copy the table lacks, every piece 1/2 — so nothing is more likely
 * than what was written unless a test says so. Records the batches it was asked.
 */
export function fakeModel(pieces: readonly string[], table: Record<string, Record<string, number>>): MaskedLanguageModel & { batches: number; copies: string[] } {
  const fake = async (batch: Parameters<MaskedLanguageModel>[0]) => {
    fake.batches += 1;
    for (let row = 0; row < batch.copies; row += 1) fake.copies.push(copyText(batch, row));
    const logp = new Float32Array(batch.masks * pieces.length).fill(Math.log(0.5));
    for (let m = 0; m < batch.masks; m += 1) {
      const row = batch.positions[2 * m] ?? 0;
      const listed = table[copyText(batch, row)];
      if (!listed) continue;
      logp.fill(Math.log(1e-6), m * pieces.length, (m + 1) * pieces.length);
      for (const [piece, p] of Object.entries(listed)) logp[m * pieces.length + pieces.indexOf(piece)] = Math.log(p);
    }
    return { logp, vocabulary: pieces.length };
  };
  /** A copy written out as its pieces, without [CLS], [SEP] and padding. */
  const copyText = (batch: Parameters<MaskedLanguageModel>[0], row: number) =>
    Array.from(batch.ids.subarray(row * batch.width, (row + 1) * batch.width))
      .filter((id, c) => batch.mask[row * batch.width + c] === 1 && id !== 2 && id !== 3)
      .map((id) => pieces[id])
      .join(' ');
  fake.batches = 0;
  fake.copies = [] as string[];
  return fake;
}
