import type { BlogPostSummary } from './schemas';

// What the blog pages say about posts. Apart from the schemas in schemas.ts, so that the blog pages
// do not load the validation library.

export const BLOG_POST_NOT_FOUND = 'Post not found';

const humanDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A post's day as people write it: '2026-03-03' -> 'March 3, 2026' (docs/product.md#decisions,
 * dates and figures). The day is a calendar date, not an instant, so it is read and shown in UTC and
 * never shifts with the reader's time zone.
 */
export function formatPostDate(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : humanDate.format(at);
}

/** The list's and the post's byline: 'By {author} · March 3, 2026' (docs/product.md#blog-contact-and-information-pages). */
export function postByline(post: Pick<BlogPostSummary, 'author' | 'date'>): string {
  return `By ${post.author} · ${formatPostDate(post.date)}`;
}
