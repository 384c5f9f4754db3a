import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, loadConfig } from '@fluent/server-kit';

export const SERVICE_NAME = 'feedback-service' as const;

export const feedbackConfigSchema = baseConfigSchema.extend(databaseConfigSchema.shape).extend({
  /** The LanguageTool HTTP server (loopback locally; its own Deployment in Helm). */
  LANGUAGETOOL_URL: z.url().default('http://127.0.0.1:8081'),
  /** The English variant texts are checked in: the bank's (British); American spellings become variants. */
  LANGUAGETOOL_VARIANT: z.enum(['en-GB', 'en-US']).default('en-GB'),
  /** How long one check may take before it counts as failed (the event is then retried). */
  LANGUAGETOOL_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /**
   * Whether texts are also checked by the masked language model (JFLEG test recall 61 → 67 % at 96 %
   * span precision, none of the bank's passages flagged; bench/feedback-eval/MLM-EXPERIMENT.md). It
   * costs about 16 s of CPU an attempt (three passages and an email; bench/feedback-eval/mlm-cost.mjs),
   * bounded by MASKED_LM_BUDGET_MS from the submission; the service needs about 1 GB more memory.
   */
  MASKED_LM_ENABLED: z.stringbool().default(true),
  /**
   * The masked language model's folder (model.onnx, vocab.txt; the stack and the image fill it).
   * Empty or missing while enabled: texts are checked with LanguageTool and Harper only.
   */
  MASKED_LM_DIR: z.string().default(''),
  /**
   * How long the model may take over an attempt's texts, counted from the submission, their wait
   * included, before the rest is checked without it (a practice answer has its own, shorter budget).
   */
  MASKED_LM_BUDGET_MS: z.coerce.number().int().positive().max(600_000).default(20_000),
  /** Threads one batch of the model may use (the replica's cores). */
  MASKED_LM_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  /** Attempts the dashboard's trend shows, newest. */
  TREND_LIMIT: z.coerce.number().int().min(1).max(200).default(50),
});

export type FeedbackConfig = z.infer<typeof feedbackConfigSchema>;
export const config = loadConfig(feedbackConfigSchema);
