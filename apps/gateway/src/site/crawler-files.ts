import { blogPostPath, LEARNER_PAGES, SITE_PAGES, type BlogPostSummary } from '@fluent/contracts';

/**
 * The public pages search engines may list, besides each blog post. Sign-in and sign-up stay
 * crawlable (robots.txt allows them) but are not worth a sitemap entry.
 */
export const SITEMAP_PAGES = [SITE_PAGES.home, SITE_PAGES.blog, SITE_PAGES.about, SITE_PAGES.contact, SITE_PAGES.terms, SITE_PAGES.privacy] as const;

/** Pages of a signed-in learner, and the API: nothing there for a search engine. */
export const DISALLOWED_PATHS = ['/api/', ...LEARNER_PAGES] as const;

const absolute = (origin: string, path: string) => `${origin.replace(/\/+$/, '')}${path}`;

/** robots.txt: everything public may be crawled; the learner's pages and the API may not. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${absolute(origin, '/sitemap.xml')}`, ''].join('\n');
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/**
 * sitemap.xml (sitemaps.org 0.9): the public pages and every blog post, with absolute URLs on the
 * site's public origin; a post's `lastmod` is its publication day.
 */
export function sitemapXml(origin: string, posts: Pick<BlogPostSummary, 'slug' | 'date'>[]): string {
  const url = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(absolute(origin, path))}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PAGES.map((path) => url(path)),
    ...posts.map((post) => url(blogPostPath(post.slug), post.date)),
    '</urlset>',
    '',
  ].join('\n');
}
