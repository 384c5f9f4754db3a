import { z } from 'zod';
import { DATA_RETENTION_DAYS, DEFAULT_FREE_TEST_COUNT, TEST_COUNT } from '@fluent/contracts';
import { baseConfigSchema, databaseConfigSchema, learnerCacheConfigSchema, loadConfig } from '@fluent/server-kit';
import { paymentConsumerConfigSchema } from '@fluent/premium-access';

export const SERVICE_NAME = 'catalog-service' as const;

export const catalogConfigSchema = baseConfigSchema.extend(databaseConfigSchema.shape).extend(learnerCacheConfigSchema.shape).extend(paymentConsumerConfigSchema.shape).extend({
  /** Tests 1..FREE_TEST_COUNT are free; the rest need the one-off payment (default 3: 17 premium tests). */
  FREE_TEST_COUNT: z.coerce.number().int().min(0).max(TEST_COUNT).default(DEFAULT_FREE_TEST_COUNT),
  /** Attempts a learner may store per test; a further submission is refused with 409. */
  ATTEMPTS_PER_TEST: z.coerce.number().int().min(1).max(100).default(1),
  /** Attempts GET /api/attempts returns, newest first. */
  ATTEMPT_HISTORY_LIMIT: z.coerce.number().int().min(1).max(1000).default(100),
  /** Item reports older than this are deleted (they hold a learner's answer and comment). */
  ITEM_REPORT_RETENTION_DAYS: z.coerce.number().int().positive().default(DATA_RETENTION_DAYS.itemReports),
  /** How often each replica applies it (and once at start). */
  ITEM_REPORT_RETENTION_INTERVAL_MS: z.coerce.number().int().positive().default(6 * 60 * 60_000),
});

export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
export const config = loadConfig(catalogConfigSchema);
