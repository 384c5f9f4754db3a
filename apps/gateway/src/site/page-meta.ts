/** What a page tells search engines and link previews (Open Graph, Twitter cards) about itself. */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's absolute, canonical URL. */
  url: string;
  type: 'website' | 'article';
  /** Articles: the publication day (`YYYY-MM-DD`) and the author. */
  publishedTime?: string;
  author?: string;
  /** Same-origin JSON the page will fetch at once: the browser asks for it beside the scripts. */
  preloadJson?: string;
}

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": '#39' }[c]};`);

const OPEN_GRAPH_OR_TWITTER = /[ \t]*<meta\s+(?:property="og:[^"]*"|name="twitter:[^"]*")[^>]*>\r?\n?/g;

/**
 * The web app's index.html with this page's title, description, canonical link, Open Graph and
 * Twitter tags (replacing the site-wide defaults the build carries). Link previews and most
 * crawlers read the HTML as served, never running the app, so a post's tags must be in it.
 */
export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const tag = (attribute: 'property' | 'name', key: string, value: string) => `    <meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `    <link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    tag('property', 'og:site_name', 'Fluent'),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    ...(meta.publishedTime ? [tag('property', 'article:published_time', meta.publishedTime)] : []),
    ...(meta.author ? [tag('property', 'article:author', meta.author)] : []),
    tag('name', 'twitter:card', 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    ...(meta.preloadJson ? [`    <link rel="preload" href="${escapeHtml(meta.preloadJson)}" as="fetch" crossorigin="anonymous" />`] : []),
  ];
  return indexHtml
    .replace(OPEN_GRAPH_OR_TWITTER, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)} | Fluent</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${escapeHtml(meta.description)}" />`)
    .replace('</head>', () => `${tags.join('\n').trimStart()}\n  </head>`);
}

/**
 * For a page whose text the web app sets itself (the blog list): its canonical URL, and the JSON it
 * fetches first preloaded beside the scripts. The build's site-wide tags stay as they are.
 */
export function withPageHints(indexHtml: string, hints: { url: string; preloadJson: string }): string {
  const tags = [`<link rel="canonical" href="${escapeHtml(hints.url)}" />`, `    <link rel="preload" href="${escapeHtml(hints.preloadJson)}" as="fetch" crossorigin="anonymous" />`];
  return indexHtml.replace('</head>', () => `${tags.join('\n')}\n  </head>`);
}
