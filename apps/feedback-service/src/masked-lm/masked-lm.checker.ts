import { Logger } from '@nestjs/common';
import { maskedLmMatches, type CheckerMatch } from '@fluent/writing-feedback';
import { maskedLmFallbacks } from '@fluent/server-kit';
import { hasMaskedLm, loadMaskedLm, type LoadedMaskedLm } from './masked-lm.model';

export interface MaskedLmOptions {
  /** MASKED_LM_ENABLED: off, texts never reach the model and nothing is counted. */
  enabled: boolean;
  /** The model folder (MASKED_LM_DIR); empty: the service runs without the model. */
  dir: string;
  /** How long one text may take, its wait for the model included, before it is checked without it. */
  budgetMs: number;
  /** Threads one batch may use. */
  threads: number;
  /** After a failed load, how long texts go without the model before it is loaded again. */
  retryLoadAfterMs?: number;
}

/**
 * How one text asks: `urgent` goes ahead of the texts waiting (a learner waits on it); `budgetMs`
 * replaces the default; `since` (epoch ms) is when the budget started, if earlier than now: an
 * attempt's texts count from its submission, so an attempt that waited in a backlog gets only what
 * is left of its budget, and none once it is spent.
 */
export interface MaskedLmRequest {
  urgent?: boolean;
  budgetMs?: number;
  since?: number;
}

type Load = (dir: string, threads: number) => Promise<LoadedMaskedLm>;
interface Job {
  run: () => Promise<void>;
}

/**
 * The third checker: the masked language model's confusion-set checks (libs/writing-feedback). It
 * never holds a text back: without a model, past the time budget or on a failure the text gets
 * LanguageTool's and Harper's issues alone, counted in fluent_feedback_masked_lm_fallbacks_total
 * so operators see how often ('backlog' for an attempt that waited past its budget before it asked). Texts go through the model one at a time (a batch already uses the
 * cores it is given, and a burst of submissions must not multiply its memory); a text's budget
 * runs from the moment it asks, or from `since` (an attempt's submission), so a long wait behind
 * others ends in time and a backlog drains at LanguageTool's pace, never the model's. The model
 * is loaded on the first text (about a second), as Harper is compiled.
 */
export class MaskedLmChecker {
  private readonly logger = new Logger(MaskedLmChecker.name);
  private loaded?: Promise<LoadedMaskedLm>;
  private loadFailedAt = -Infinity;
  private readonly waiting: Job[] = [];
  private running = false;
  private warnedMissing = false;

  constructor(
    private readonly options: MaskedLmOptions,
    private readonly load: Load = loadMaskedLm,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether texts are checked with the model (its files are there). */
  get available(): boolean {
    return hasMaskedLm(this.options.dir);
  }

  async matches(text: string, request: MaskedLmRequest = {}): Promise<CheckerMatch[]> {
    if (!this.options.enabled) return [];
    if (!this.available) {
      if (!this.warnedMissing) this.logger.warn(`No masked language model in MASKED_LM_DIR="${this.options.dir}": texts are checked with LanguageTool and Harper only`);
      this.warnedMissing = true;
      maskedLmFallbacks.inc({ reason: 'missing' });
      return [];
    }
    const asked = this.now();
    // A `since` that is not a time (an attempt stored without one) counts from now: a budget of NaN
    // would throw in AbortSignal.timeout and fail the text, and its event, on every delivery.
    const since = Number.isFinite(request.since) ? Math.min(asked, request.since as number) : asked;
    const left = Math.floor(since + (request.budgetMs ?? this.options.budgetMs) - asked);
    if (left <= 0) {
      // Its budget was spent before it asked (a backlog): the model is not even queued for it.
      maskedLmFallbacks.inc({ reason: 'backlog' });
      return [];
    }
    const signal = AbortSignal.timeout(left);
    const work = this.enqueue(async () => {
      // A text whose budget ran out while it waited goes without the model, and costs it nothing.
      signal.throwIfAborted();
      const { model, vocabulary } = await this.ready();
      return maskedLmMatches(text, model, vocabulary, { signal });
    }, request.urgent ?? false);
    const overBudget = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    try {
      return await Promise.race([work, overBudget]);
    } catch (error) {
      const slow = signal.aborted;
      maskedLmFallbacks.inc({ reason: slow ? 'slow' : 'error' });
      if (!slow) this.logger.error(`The masked language model failed on a text (checked without it): ${error instanceof Error ? error.message : String(error)}`);
      return [];
    } finally {
      // The race's loser must not surface as an unhandled rejection.
      work.catch(() => undefined);
      overBudget.catch(() => undefined);
    }
  }

  /** One job at a time; an urgent one goes before those waiting. */
  private enqueue<T>(task: () => Promise<T>, urgent: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = { run: () => task().then(resolve, reject) };
      if (urgent) this.waiting.unshift(job);
      else this.waiting.push(job);
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.waiting.shift(); job; job = this.waiting.shift()) await job.run();
    } finally {
      this.running = false;
    }
  }

  private ready(): Promise<LoadedMaskedLm> {
    if (this.loaded) return this.loaded;
    // A failed load is not tried again for every text: for a while, texts go without the model.
    if (this.now() - this.loadFailedAt < (this.options.retryLoadAfterMs ?? 60_000)) return Promise.reject(new Error('the model failed to load a moment ago'));
    const loading = this.load(this.options.dir, this.options.threads);
    this.loaded = loading;
    loading.catch((error: unknown) => {
      this.loaded = undefined;
      this.loadFailedAt = this.now();
      this.logger.error(`The masked language model did not load from ${this.options.dir}: ${error instanceof Error ? error.message : String(error)}`);
    });
    return loading;
  }
}
