import { z } from 'zod';

/** A post's address: lower-case words joined by single hyphens (`time-management-on-test-day`). */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const blogSlugSchema = z.string().max(100, 'Slug must be at most 100 characters').regex(BLOG_SLUG_PATTERN, 'Slug must be lower-case words joined by hyphens');

/** A calendar day, `YYYY-MM-DD`, that really exists (no 2026-02-30). */
export const calendarDaySchema = z.iso.date('Use a date like 2026-03-03');

/** What the blog list shows of a post (SPEC.md §3 without the content). */
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

export const BLOG_POST_NOT_FOUND = 'Post not found';

const humanDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A post's day as people write it: '2026-03-03' -> 'March 3, 2026' (ARCHITECTURE.md, resolved
 * ambiguity 9). The day is a calendar date, not an instant, so it is read and shown in UTC and
 * never shifts with the reader's time zone.
 */
export function formatPostDate(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : humanDate.format(at);
}

/** The list's and the post's byline: 'By {author} · March 3, 2026' (SPEC.md §2). */
export function postByline(post: Pick<BlogPostSummary, 'author' | 'date'>): string {
  return `By ${post.author} · ${formatPostDate(post.date)}`;
}
