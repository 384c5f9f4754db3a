import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { watchPageProblems } from '../support/page-problems';
import { api } from '../support/stack';

/**
 * The landing page's JavaScript budget, gzip-compressed as it travels: the entry chunk and the
 * landing route's chunks, everything a signed-out visitor's browser loads for `/`. About 110 KiB
 * today (React, React DOM and the router are most of it); something pulled into the entry that the
 * landing page never runs (a validation library, the query cache, a chart) breaks it.
 */
const LANDING_JS_BUDGET_KIB = 120;

/** Sum of the layout shifts the page has had so far (the Cumulative Layout Shift of a short visit). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );

describe('the public site for a signed-out visitor', () => {
  let browser: Browser;
  let post: { slug: string; title: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    post = ((await api('/api/blog')).body as { posts: { slug: string; title: string }[] }).posts[0]!;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows every public page without a console error, a failed request or a browser issue (CSP, the session probe)', async () => {
    const page = await newPage(browser);
    const problems = await watchPageProblems(page);
    const sessionAnswers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/auth/session') sessionAnswers.push(response.status());
    });
    const pages: Array<[string, () => Promise<unknown>]> = [
      ['/', () => page.getByRole('region', { name: 'Sign In' }).waitFor()],
      ['/blog', () => page.getByRole('list', { name: 'Posts' }).waitFor()],
      [`/blog/${post.slug}`, () => page.getByRole('heading', { level: 1, name: post.title }).waitFor()],
      ['/login', () => page.getByRole('button', { name: 'Login' }).waitFor()],
      ['/signup', () => page.getByRole('button', { name: 'Sign Up' }).waitFor()],
      ['/about', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['/contact', () => page.getByRole('button', { name: 'Send Message' }).waitFor()],
      ['/terms', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['/privacy', () => page.getByRole('heading', { level: 1 }).waitFor()],
    ];
    for (const [path, ready] of pages) {
      await page.goto(path);
      await ready();
      await page.waitForLoadState('networkidle');
    }
    // Each page load asked whether there is a session, and was told "no" without an error.
    expect(sessionAnswers).toEqual(pages.map(() => 204));
    expect(problems).toEqual({ console: [], errors: [], failedRequests: [], issues: [] });
  });

  it(`loads at most ${LANDING_JS_BUDGET_KIB} KiB of JavaScript (gzip) for the landing page`, async () => {
    const page = await newPage(browser);
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(new URL(response.url()).pathname, response.body());
    });
    await page.goto('/');
    await page.getByRole('region', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all([...scripts].map(async ([path, body]) => [path, gzipSync(await body, { level: 9 }).length] as const));
    const totalKiB = sizes.reduce((sum, [, bytes]) => sum + bytes, 0) / 1024;
    expect(sizes.length).toBeGreaterThan(1);
    expect(totalKiB, `landing JavaScript: ${sizes.map(([path, bytes]) => `${path} ${(bytes / 1024).toFixed(1)} KiB`).join(', ')}`).toBeLessThanOrEqual(LANDING_JS_BUDGET_KIB);
  });

  it.each([
    ['/blog', (page: Page) => page.getByRole('list', { name: 'Posts' }).waitFor(), '**/api/blog'],
    ['a blog post', (page: Page) => page.locator('article.post h1').waitFor(), '**/api/blog/*'],
  ])('does not shift %s when its content arrives late (CLS under 0.05)', async (name, ready, api) => {
    const page = await newPage(browser, { viewport: { width: 412, height: 823 } });
    // A slow network: the loading state shows for a while, then the content replaces it.
    await page.route(api, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto(name === '/blog' ? '/blog' : `/blog/${post.slug}`);
    await ready(page);
    expect(await layoutShift(page)).toBeLessThan(0.05);
  });
});
