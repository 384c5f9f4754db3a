import { describe, expect, it } from 'vitest';
import { withPageHints, withPageMeta } from './page-meta';

/** The shape of the web build's index.html (apps/web/index.html after `vite build`). */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Fluent: timed practice tests for English writing and typing." />
    <meta property="og:site_name" content="Fluent" />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="Fluent — English writing and typing practice" />
    <meta name="twitter:card" content="summary" />
    <title>Fluent — English writing and typing practice</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const meta = {
  title: 'Beat the clock: "typing" <fast> & calm',
  description: "Practise daily; it's the way.",
  url: 'https://fluent.example/blog/typing-speed',
  type: 'article' as const,
  publishedTime: '2026-03-03',
  author: 'Ana',
  preloadJson: '/api/blog/typing-speed',
};

const content = (html: string, attribute: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`, 'g'))].map((m) => m[1]);

describe('withPageMeta', () => {
  it("puts the page's title, description, canonical URL, Open Graph and Twitter tags in the head, escaped", () => {
    const html = withPageMeta(INDEX, meta);
    expect(html).toContain('<title>Beat the clock: &quot;typing&quot; &lt;fast&gt; &amp; calm | Fluent</title>');
    expect(content(html, 'name', 'description')).toEqual(['Practise daily; it&#39;s the way.']);
    expect(html).toContain('<link rel="canonical" href="https://fluent.example/blog/typing-speed" />');
    expect(content(html, 'property', 'og:type')).toEqual(['article']);
    expect(content(html, 'property', 'og:title')).toEqual(['Beat the clock: &quot;typing&quot; &lt;fast&gt; &amp; calm']);
    expect(content(html, 'property', 'og:description')).toEqual(['Practise daily; it&#39;s the way.']);
    expect(content(html, 'property', 'og:url')).toEqual(['https://fluent.example/blog/typing-speed']);
    expect(content(html, 'property', 'article:published_time')).toEqual(['2026-03-03']);
    expect(content(html, 'property', 'article:author')).toEqual(['Ana']);
    expect(content(html, 'name', 'twitter:card')).toEqual(['summary']);
    expect(content(html, 'name', 'twitter:title')).toEqual(['Beat the clock: &quot;typing&quot; &lt;fast&gt; &amp; calm']);
  });

  it("replaces the build's site-wide tags instead of adding a second set", () => {
    const html = withPageMeta(INDEX, meta);
    expect(content(html, 'property', 'og:site_name')).toEqual(['Fluent']);
    expect(content(html, 'name', 'twitter:card')).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('website');
  });

  it('preloads the JSON the page fetches first, and leaves the scripts and the body as they were', () => {
    const html = withPageMeta(INDEX, meta);
    expect(html).toContain('<link rel="preload" href="/api/blog/typing-speed" as="fetch" crossorigin="anonymous" />');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html.slice(html.indexOf('</head>'))).toBe(INDEX.slice(INDEX.indexOf('</head>')));
  });

  it('cannot be broken out of by a $ pattern in the text (replacement strings are taken literally)', () => {
    const html = withPageMeta(INDEX, { ...meta, title: "$& $' $`" });
    expect(html).toContain("<title>$&amp; $&#39; $` | Fluent</title>");
  });
});

describe('withPageHints', () => {
  it("adds the canonical URL and the JSON preload, and keeps the build's title and tags", () => {
    const html = withPageHints(INDEX, { url: 'https://fluent.example/blog', preloadJson: '/api/blog' });
    expect(html).toContain('<link rel="canonical" href="https://fluent.example/blog" />');
    expect(html).toContain('<link rel="preload" href="/api/blog" as="fetch" crossorigin="anonymous" />');
    expect(html.replace(/\s*<link rel="(canonical|preload)"[^>]*>/g, '')).toBe(INDEX);
  });
});
