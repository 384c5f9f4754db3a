import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wordPieceVocabulary, type MaskedLanguageModel, type WordPieceVocabulary } from '@fluent/writing-feedback';

/** The model folder's two files (tools/masked-lm/convert.py writes them; the stack and the image put them there). */
export const MODEL_FILE = 'model.onnx';
export const VOCABULARY_FILE = 'vocab.txt';

export interface LoadedMaskedLm {
  model: MaskedLanguageModel;
  vocabulary: WordPieceVocabulary;
}

/** Whether a folder holds a model to load. */
export function hasMaskedLm(dir: string | undefined): dir is string {
  return Boolean(dir) && existsSync(join(dir as string, MODEL_FILE)) && existsSync(join(dir as string, VOCABULARY_FILE));
}

/**
 * BERT's masked-LM forward pass on onnxruntime-node (npm, MIT; Microsoft's CPU runtime). Its `run`
 * works on native threads and leaves the event loop free (measured: no lag while a batch runs), so
 * unlike Harper it needs no worker thread. `threads` caps the threads one batch uses.
 */
export async function loadMaskedLm(dir: string, threads: number): Promise<LoadedMaskedLm> {
  // Required here, not at the top: a service without the model never loads the native runtime.
  const ort = (await import('onnxruntime-node')) as typeof import('onnxruntime-node');
  const session = await ort.InferenceSession.create(join(dir, MODEL_FILE), { intraOpNumThreads: threads, interOpNumThreads: 1, executionMode: 'sequential' });
  const vocabulary = wordPieceVocabulary(readFileSync(join(dir, VOCABULARY_FILE), 'utf8'));
  const model: MaskedLanguageModel = async (batch) => {
    const out = await session.run({
      ids: new ort.Tensor('int32', batch.ids, [batch.copies, batch.width]),
      mask: new ort.Tensor('int32', batch.mask, [batch.copies, batch.width]),
      positions: new ort.Tensor('int32', batch.positions, [batch.masks, 2]),
    });
    const answer = Object.values(out)[0];
    if (!answer || answer.dims.length !== 2) throw new Error('the masked-LM model answered no [masks, vocabulary] tensor');
    return { logp: answer.data as Float32Array, vocabulary: Number(answer.dims[1]) };
  };
  return { model, vocabulary };
}
