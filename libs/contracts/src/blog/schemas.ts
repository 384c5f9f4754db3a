import { z } from 'zod';
import { calendarDay } from '../common/wire';

/** A post's address: lower-case words joined by single hyphens (`time-management-on-test-day`). */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const blogSlugSchema = z.string().max(100, 'Slug must be at most 100 characters').regex(BLOG_SLUG_PATTERN, 'Slug must be lower-case words joined by hyphens');

/** A calendar day, `YYYY-MM-DD`, that really exists (no 2026-02-30). */
export const calendarDaySchema = z.iso.date('Use a date like 2026-03-03');

/** What the blog list shows of a post (docs/product.md#what-is-stored, without the content). */
export const blogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** Publication day, `YYYY-MM-DD`. */
  date: calendarDay,
  author: z.string(),
  summary: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** GET /api/blog: newest first. */
export const blogPostListSchema = z.object({ posts: z.array(blogPostSummarySchema) });
export type BlogPostList = z.infer<typeof blogPostListSchema>;

/** A whole post: `content` is HTML that blog-service sanitised before storing it. */
export const blogPostSchema = blogPostSummarySchema.extend({ content: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

/**
 * What blog-service is asked for one post. A slug that cannot exist is simply a post that does not
 * exist (404, no query): any request that does not name one asks for the empty slug, and the
 * slug's own rule (blogSlugSchema) is the handler's.
 */
export const blogPostRequestSchema = z.object({ slug: z.string() }).catch({ slug: '' });
