import { BLOG_SLUG_PATTERN } from '../blog/schemas';

/**
 * The web app's pages, as `location.pathname` gives them: the one list of the site's routes that
 * the gateway and blog-service count page views for (apps/web/src/config/paths.ts names the same
 * routes for the router; a web test checks the two agree). A blog post is `/blog/<slug>`.
 */
export const SITE_PAGE_PATHS = ['/', '/login', '/signup', '/dashboard', '/test', '/result', '/about', '/contact', '/terms', '/privacy', '/blog'] as const;
export type SitePagePath = (typeof SITE_PAGE_PATHS)[number];

const BLOG_POST_PREFIX = '/blog/';
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
