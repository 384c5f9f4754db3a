import { blogPostPath, SITE_PAGES } from '@fluent/contracts';

/**
 * Every route of the app: the pages as libs/contracts names them once (site/pages.ts), and the
 * addresses built from them. The router's patterns and every link read them from here.
 */
export const paths = {
  ...SITE_PAGES,
  /** A stored attempt's results: /result reloads it by id (after a refresh, or from the dashboard). */
  attemptResult: (attemptId: string) => `${SITE_PAGES.result}?attempt=${encodeURIComponent(attemptId)}`,
  /** The router's pattern of a post's address. */
  blogPostPattern: `${SITE_PAGES.blog}/:slug`,
  blogPost: blogPostPath,
} as const;
