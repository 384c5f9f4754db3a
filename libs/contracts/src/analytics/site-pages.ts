import { BLOG_SLUG_PATTERN } from '../blog/schemas';
import { BLOG_POST_PREFIX, SITE_PAGE_PATHS } from '../site/pages';

// The pages themselves are named once in site/pages.ts.

/** As blogSlugSchema: a slug longer than this is no post. */
const BLOG_SLUG_MAX = 100;

const pages: ReadonlySet<string> = new Set(SITE_PAGE_PATHS);

/**
 * Whether a path is one of the site's pages (or a blog post's address): page views of any other
 * path are not counted, so what is stored and reported is bounded by the site, not by whoever
 * posts page views.
 */
export function isSitePagePath(path: string): boolean {
  if (pages.has(path)) return true;
  if (!path.startsWith(BLOG_POST_PREFIX)) return false;
  const slug = path.slice(BLOG_POST_PREFIX.length);
  return slug.length <= BLOG_SLUG_MAX && BLOG_SLUG_PATTERN.test(slug);
}
