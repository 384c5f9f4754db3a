import { resolve } from 'node:path';
import { z } from 'zod';
import { DATA_RETENTION_DAYS, PAGE_VIEW_EVENT_MAX_AGE_MS } from '@fluent/contracts';
import { baseConfigSchema, databaseConfigSchema, loadConfig } from '@fluent/server-kit';

export const SERVICE_NAME = 'blog-service' as const;

const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const blogConfigSchema = baseConfigSchema.extend(databaseConfigSchema.shape).extend({
  /** The post files seeded at start (YAML front matter + Markdown, one per post). */
  BLOG_CONTENT_DIR: z.string().default(resolve(__dirname, '../content/posts')),
  /** How often page views are rolled up and old data deleted (also once at start). */
  HOUSEKEEPING_INTERVAL_MS: positive(60 * 60_000),
  /**
   * A day's views are rolled up this long after the day ended: at least the page-view stream's
   * max age, after which no view of that day can still arrive.
   */
  PAGE_VIEW_ROLLUP_AFTER_MS: z.coerce.number().int().min(PAGE_VIEW_EVENT_MAX_AGE_MS).default(PAGE_VIEW_EVENT_MAX_AGE_MS + 60 * 60_000),
  /** ...and only once no view of it has been stored for this long (a backlog still being counted). */
  PAGE_VIEW_SETTLE_MS: positive(10 * 60_000),
  /** Days a contact message is kept (privacy page). */
  CONTACT_RETENTION_DAYS: positive(DATA_RETENTION_DAYS.contactMessages),
  /** Days the daily page-view counts are kept (privacy page). */
  PAGE_VIEW_RETENTION_DAYS: positive(DATA_RETENTION_DAYS.pageViewCounts),
});

export type BlogConfig = z.infer<typeof blogConfigSchema>;
export const config = loadConfig(blogConfigSchema);
