import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPosts } from './load-posts';
import { wordCount } from './post-file';
import { sanitizePostHtml } from './sanitize-post-html';

// The posts the service seeds (content/posts): the blog promises 8 (docs/product.md#blog-contact-and-information-pages), each a real
// article. Checked here so a broken or thin post fails the unit tests, not the start of the service.
describe('the repository posts', async () => {
  const posts = await loadPosts(resolve(__dirname, '../../content/posts'));

  it('are the 8 posts of docs/product.md#blog-contact-and-information-pages, with distinct slugs, newest first', () => {
    expect(posts).toHaveLength(8);
    expect(new Set(posts.map((p) => p.slug)).size).toBe(8);
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it.each(posts.map((p) => [p.slug, p] as const))('%s is 400 to 900 words', (_slug, post) => {
    const words = wordCount(post.content);
    expect(words).toBeGreaterThanOrEqual(400);
    expect(words).toBeLessThanOrEqual(900);
  });

  it.each(posts.map((p) => [p.slug, p] as const))('%s loses nothing to the sanitiser (it was written within the rules)', (_slug, post) => {
    expect(sanitizePostHtml(post.content)).toBe(post.content);
    expect(post.content).toMatch(/^<(p|h2)>/);
  });
});
