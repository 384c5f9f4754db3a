/**
 * The web app's pages, as `location.pathname` gives them: the one definition of the site's public
 * paths. The router and every link (apps/web/src/config/paths.ts), the gateway's sitemap and
 * robots.txt (apps/gateway/src/site/crawler-files.ts), the Google sign-in callback's redirects and page-view
 * counting (analytics/site-pages.ts) all read them here. A blog post is `/blog/<slug>`.
 */
export const SITE_PAGES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  test: '/test',
  result: '/result',
  /** Practice from the learner's own mistakes (issue 47). */
  practice: '/practice',
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  blog: '/blog',
} as const;

export type SitePagePath = (typeof SITE_PAGES)[keyof typeof SITE_PAGES];

/** Every page's path, in SITE_PAGES' order. */
export const SITE_PAGE_PATHS: readonly SitePagePath[] = Object.values(SITE_PAGES);

/** What a blog post's address starts with; the slug follows. */
export const BLOG_POST_PREFIX = `${SITE_PAGES.blog}/`;

/** A blog post's address. */
export const blogPostPath = (slug: string) => `${BLOG_POST_PREFIX}${encodeURIComponent(slug)}`;

/** The signed-in learner's pages: nothing there for a search engine. */
export const LEARNER_PAGES = [SITE_PAGES.dashboard, SITE_PAGES.test, SITE_PAGES.result, SITE_PAGES.practice] as const;
