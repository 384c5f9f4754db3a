import { z } from 'zod';

/** A post's address: lower-case words joined by single hyphens (`time-management-on-test-day`). */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const blogSlugSchema = z.string().max(100, 'Slug must be at most 100 characters').regex(BLOG_SLUG_PATTERN, 'Slug must be lower-case words joined by hyphens');

/** A calendar day, `YYYY-MM-DD`, that really exists (no 2026-02-30). */
export const calendarDaySchema = z.iso.date('Use a date like 2026-03-03');

/** What the blog list shows of a post (docs/product.md#what-is-stored, without the content). */
export interface BlogPostSummary {
  slug: string;
  title: string;
  /** Publication day, `YYYY-MM-DD`. */
  date: string;
  author: string;
  summary: string;
}

/** A whole post: `content` is HTML that blog-service sanitised before storing it. */
export interface BlogPost extends BlogPostSummary {
  content: string;
}

/** GET /api/blog: newest first. */
export interface BlogPostList {
  posts: BlogPostSummary[];
}
