import { resolve } from 'node:path';
import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, EVENT_CONSUMERS, loadConfig } from '@fluent/server-kit';

export const SERVICE_NAME = 'blog-service' as const;

export const blogConfigSchema = baseConfigSchema.extend(databaseConfigSchema.shape).extend({
  /** The post files seeded at start (YAML front matter + Markdown, one per post). */
  BLOG_CONTENT_DIR: z.string().default(resolve(__dirname, '../content/posts')),
  /** The durable JetStream consumer that counts page views (replicas share it). */
  PAGE_VIEW_CONSUMER: z.string().regex(/^[A-Za-z0-9_-]+$/).default(EVENT_CONSUMERS.blogPageViews.durable),
});

export const config = loadConfig(blogConfigSchema);
