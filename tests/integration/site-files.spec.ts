import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, gatewayUrl, startExtraGateway, stackEnvironment } from '../support/stack';

type Posts = { posts: Array<{ slug: string; title: string; summary: string; author: string; date: string }> };

/** The content of every `<meta {attribute}="{key}">` of an HTML page. */
const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  [...html.matchAll(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`, 'g'))].map((m) => m[1]);

// What crawlers and link previews get outside /api, through the real gateway and blog-service.
describe('robots.txt, sitemap.xml and a blog post page', () => {
  const PUBLIC_ORIGIN = 'https://fluent.example';
  let site: { url: string; stop: () => Promise<void> };
  let posts: Posts['posts'];

  beforeAll(async () => {
    // A gateway told where learners reach the site: every absolute URL must use that origin.
    site = await startExtraGateway({ PUBLIC_ORIGIN }, 63);
    posts = ((await api('/api/blog')).body as Posts).posts;
    expect(posts.length).toBe(8);
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('serves a real robots.txt (not the web app): the API and learner pages closed, the sitemap on the public origin', async () => {
    const response = await fetch(`${site.url}/robots.txt`, { headers: { Accept: '*/*' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text.split('\n')).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /test', 'Disallow: /result', 'Disallow: /practice', `Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`]));
    expect(text).not.toContain('<');
  });

  it('serves sitemap.xml with the public pages and every blog post, as absolute URLs on PUBLIC_ORIGIN', async () => {
    const response = await fetch(`${site.url}/sitemap.xml`, { headers: { Accept: 'text/html,*/*' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(expect.arrayContaining([`${PUBLIC_ORIGIN}/`, `${PUBLIC_ORIGIN}/blog`, `${PUBLIC_ORIGIN}/about`]));
    for (const post of posts) expect(xml).toContain(`<url><loc>${PUBLIC_ORIGIN}/blog/${post.slug}</loc><lastmod>${post.date}</lastmod></url>`);
    expect(locs.every((loc) => loc!.startsWith(`${PUBLIC_ORIGIN}/`))).toBe(true);
  });

  it("without PUBLIC_ORIGIN, uses WEB_ORIGIN (the stack's gateway)", async () => {
    const text = await (await fetch(`${gatewayUrl}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${stackEnvironment().WEB_ORIGIN ?? ''}/sitemap.xml`);
  });

  it("serves a post's page as the web app with the post's title, description, canonical URL, Open Graph and Twitter tags", async () => {
    const post = posts[0]!;
    const response = await fetch(`${site.url}/blog/${post.slug}`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("style-src 'self'");
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    const text = (value: string | undefined) => (value ?? '').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    expect(text(html.match(/<title>([^<]*)<\/title>/)![1]!)).toBe(`${post.title} | Fluent`);
    expect(metaContent(html, 'name', 'description').map(text)).toEqual([post.summary]);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/blog/${post.slug}" />`);
    expect(metaContent(html, 'property', 'og:type')).toEqual(['article']);
    expect(metaContent(html, 'property', 'og:title').map(text)).toEqual([post.title]);
    expect(metaContent(html, 'property', 'og:description').map(text)).toEqual([post.summary]);
    expect(metaContent(html, 'property', 'og:url')).toEqual([`${PUBLIC_ORIGIN}/blog/${post.slug}`]);
    expect(metaContent(html, 'property', 'article:published_time')).toEqual([post.date]);
    expect(metaContent(html, 'name', 'twitter:card')).toEqual(['summary']);
    expect(metaContent(html, 'name', 'twitter:title').map(text)).toEqual([post.title]);
    expect(html).toContain(`<link rel="preload" href="/api/blog/${post.slug}" as="fetch" crossorigin="anonymous" />`);
  });

  it("serves the blog list's page as the web app with its canonical URL and the list's JSON preloaded", async () => {
    const response = await fetch(`${site.url}/blog`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/blog" />`);
    expect(html).toContain('<link rel="preload" href="/api/blog" as="fetch" crossorigin="anonymous" />');
  });

  it('gives every post its own tags, and other pages the site-wide ones', async () => {
    const titles = await Promise.all(posts.map(async (post) => metaContent(await (await fetch(`${site.url}/blog/${post.slug}`)).text(), 'property', 'og:url')[0]));
    expect(new Set(titles).size).toBe(posts.length);
    const home = await (await fetch(`${site.url}/`, { headers: { Accept: 'text/html' } })).text();
    expect(metaContent(home, 'property', 'og:type')).toEqual(['website']);
  });

  it("answers an unknown post 404, still with the web app (which says 'Post not found'), also for a slug no post can have", async () => {
    for (const slug of ['no-such-post', 'Not_A_Slug']) {
      const response = await fetch(`${site.url}/blog/${slug}`, { headers: { Accept: 'text/html' } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(metaContent(html, 'property', 'og:type')).toEqual(['website']);
    }
  });
});
