const result = '/result';
const blog = '/blog';

/** Every route of the app, named once: the router's patterns and every link read them from here. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  test: '/test',
  result,
  /** A stored attempt's results: /result reloads it by id (after a refresh, or from the dashboard). */
  attemptResult: (attemptId: string) => `${result}?attempt=${encodeURIComponent(attemptId)}`,
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  blog,
  /** The router's pattern of a post's address. */
  blogPostPattern: `${blog}/:slug`,
  blogPost: (slug: string) => `${blog}/${encodeURIComponent(slug)}`,
} as const;
