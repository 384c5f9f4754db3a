import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './crawler-files';

describe('robotsTxt', () => {
  it('lets crawlers in everywhere but the API and the learner pages, and names the absolute sitemap', () => {
    expect(robotsTxt('https://fluent.example/')).toBe(
      ['User-agent: *', 'Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /test', 'Disallow: /result', 'Disallow: /practice', 'Allow: /', '', 'Sitemap: https://fluent.example/sitemap.xml', ''].join('\n'),
    );
  });
});

describe('sitemapXml', () => {
  const posts = [
    { slug: 'typing-speed', date: '2026-03-03' },
    { slug: 'email-writing', date: '2026-02-10' },
  ];

  it('lists the public pages and every post as absolute URLs on the given origin, posts with their day', () => {
    const xml = sitemapXml('https://fluent.example', posts);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://fluent.example/',
      'https://fluent.example/blog',
      'https://fluent.example/about',
      'https://fluent.example/contact',
      'https://fluent.example/terms',
      'https://fluent.example/privacy',
      'https://fluent.example/blog/typing-speed',
      'https://fluent.example/blog/email-writing',
    ]);
    expect(xml).toContain('<url><loc>https://fluent.example/blog/typing-speed</loc><lastmod>2026-03-03</lastmod></url>');
    expect(xml).not.toMatch(/dashboard|\/test|\/result|\/api/);
  });

  it('escapes what XML cannot carry as it is', () => {
    expect(sitemapXml('https://a.example/?x=1&y=<2>', [])).toContain('<loc>https://a.example/?x=1&amp;y=&lt;2&gt;/</loc>');
  });
});
