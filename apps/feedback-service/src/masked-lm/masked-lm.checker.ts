import { Logger } from '@nestjs/common';
import { maskedLmMatches, type CheckerMatch } from '@fluent/writing-feedback';
import { maskedLmFallbacks } from '@fluent/server-kit';
import { hasMaskedLm, loadMaskedLm, type LoadedMaskedLm } from './masked-lm.model';

export interface MaskedLmOptions {
  /** The model folder (MASKED_LM_DIR); empty: the service runs without the model. */
  dir: string;
  /** How long one text may take, its wait for the model included, before it is checked without it. */
  budgetMs: number;
  /** Threads one batch may use. */
  threads: number;
}

type Load = (dir: string, threads: number) => Promise<LoadedMaskedLm>;

/**
 * The third checker: the masked language model's confusion-set checks (libs/writing-feedback). It
 * never holds a text back: without a model, past the time budget or on a failure the text gets
 * LanguageTool's and Harper's issues alone, counted in fluent_feedback_masked_lm_fallbacks_total
 * so operators see how often. Texts go through the model one at a time: a batch already uses the
 * cores it is given, and a queue keeps a burst of submissions from multiplying its memory.
 * The model is loaded on the first text (about a second), as Harper is compiled.
 */
export class MaskedLmChecker {
  private readonly logger = new Logger(MaskedLmChecker.name);
  private loaded?: Promise<LoadedMaskedLm>;
  private queue: Promise<unknown> = Promise.resolve();
  private warnedMissing = false;

  constructor(
    private readonly options: MaskedLmOptions,
    private readonly load: Load = loadMaskedLm,
  ) {}

  /** Whether texts are checked with the model (its files are there). */
  get available(): boolean {
    return hasMaskedLm(this.options.dir);
  }

  async matches(text: string): Promise<CheckerMatch[]> {
    if (!this.available) {
      if (!this.warnedMissing) this.logger.warn(`No masked language model in MASKED_LM_DIR="${this.options.dir}": texts are checked with LanguageTool and Harper only`);
      this.warnedMissing = true;
      maskedLmFallbacks.inc({ reason: 'missing' });
      return [];
    }
    const signal = AbortSignal.timeout(this.options.budgetMs);
    const run = this.queue.then(async () => {
      const { model, vocabulary } = await this.ready();
      return maskedLmMatches(text, model, vocabulary, { signal });
    });
    this.queue = run.catch(() => undefined);
    try {
      return await run;
    } catch (error) {
      const slow = signal.aborted;
      maskedLmFallbacks.inc({ reason: slow ? 'slow' : 'error' });
      if (!slow) this.logger.error(`The masked language model failed on a text (checked without it): ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  }

  private ready(): Promise<LoadedMaskedLm> {
    this.loaded ??= this.load(this.options.dir, this.options.threads);
    // A failed load is not kept: the next text tries again.
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }
}
