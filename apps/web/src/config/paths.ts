/** Every route of the app, named once. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  test: '/test',
  result: '/result',
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
} as const;
