/** Every route of the app, named once. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  test: '/test',
  result: '/result',
  /** A stored attempt's results: /result reloads it by id (after a refresh, or from the dashboard). */
  attemptResult: (attemptId: string) => `/result?attempt=${encodeURIComponent(attemptId)}`,
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
} as const;
