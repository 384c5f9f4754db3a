import { batch, pause, request } from './effects.js';
import { pageView } from './pages.js';

// The entry script and stylesheet that Vite writes into index.html (hashed names).
const SCRIPT = /<script[^>]*\bsrc="(\/assets\/[^"]+\.js)"/;
const STYLESHEET = /<link[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"/;

const isHtmlPage = (r) => r.body.includes('<div id="root">');

/** The first `pattern` group in a document, or an error that names what the page lacks. */
function assetOf(document, pattern, what) {
  const match = pattern.exec(document.body);
  if (!match) throw new Error(`the page has no ${what} (${pattern})`);
  return match[1];
}

/**
 * An anonymous visitor with an empty cache: the landing page as the browser loads it (document,
 * entry script and stylesheet, the SPA's session check, which answers 204 (no session) without a cookie, then
 * the page view), the blog list, one post chosen at random, and the About page.
 */
export function* browse(ctx) {
  const landing = yield request('web.document', { vars: { page: '/' }, checks: { 'the SPA page': isHtmlPage }, group: 'landing' });
  yield batch(
    [
      request('web.script', { vars: { asset: assetOf(landing, SCRIPT, 'entry script') } }),
      request('web.stylesheet', { vars: { asset: assetOf(landing, STYLESHEET, 'stylesheet') } }),
    ],
    'landing',
  );
  yield request('auth.session.anonymous', { group: 'landing' });
  yield pageView('/', 'landing');
  yield pause(ctx.think('read'));

  const [, list] = yield batch(
    [pageView('/blog'), request('blog.list', { checks: { 'posts listed': (r) => r.json().posts.length > 0 } })],
    'blog',
  );
  const posts = list.json().posts;
  const slug = posts[Math.floor(Math.random() * posts.length)].slug;
  yield pause(ctx.think('glance'));

  yield batch(
    [pageView(`/blog/${slug}`), request('blog.post', { vars: { slug }, checks: { 'the post': (r) => r.json().slug === slug && r.json().content.length > 0 } })],
    'blog post',
  );
  yield pause(ctx.think('readPost'));

  yield pageView('/about', 'about');
  yield pause(ctx.think('glance'));
}
