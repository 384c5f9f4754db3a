import { describe, expect, it } from 'vitest';
import { SITE_PAGE_PATHS } from '../site/pages';
import { isSitePagePath } from './site-pages';

describe('isSitePagePath', () => {
  it("accepts the site's pages and a blog post's address", () => {
    for (const path of SITE_PAGE_PATHS) expect(isSitePagePath(path), path).toBe(true);
    expect(isSitePagePath('/blog/how-the-timer-works')).toBe(true);
  });

  it.each(['/admin', '/wp-login.php', '/blog/', '/blog/Upper-Case', '/blog/a/b', `/blog/${'a'.repeat(101)}`, '/privacy/', '/login%2F', '//'])('refuses %s', (path) => {
    expect(isSitePagePath(path)).toBe(false);
  });
});
