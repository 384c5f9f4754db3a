import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';

// The public pages in the browser: blog, information pages, contact, the small-screen menu, and
// the page views the app reports. Posts come from blog-service (seeded from the repository).
const BYLINE = /^By [A-Z][a-z]+ [A-Z][a-z]+ · (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;
const THANK_YOU = "Thank you! Your message has been sent successfully. We'll get back to you soon.";
const isLoopback = (url: string) => /^(https?|wss?):\/\/(127\.|localhost|\[::1\])/.test(url) || url.startsWith('data:');

/** Every page view the page posts, as parsed bodies. */
function recordPageViews(page: Page): unknown[] {
  const views: unknown[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/page-view') views.push(request.postDataJSON());
  });
  return views;
}

describe('public pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('blog', () => {
    it("lists the 8 posts, newest first, each with its title and 'By {author} · {date}'", async () => {
      const page = await newPage(browser);
      await page.goto('/blog');
      const posts = page.getByRole('list', { name: 'Posts' }).getByRole('listitem');
      await posts.first().waitFor();
      expect(await posts.count()).toBe(8);
      const bylines = await page.locator('.post-card .byline').allTextContents();
      expect(bylines).toHaveLength(8);
      for (const line of bylines) expect(line).toMatch(BYLINE);
      expect(bylines[0]).toBe('By Daniel Okafor · March 10, 2026');
      expect(await page.locator('.post-card h2').first().textContent()).toBe('Eight Grammar Traps That Cost Easy Points');
      expect(await page.title()).toBe('Blog | Fluent');
    });

    it('opens a post from the list and renders its HTML', async () => {
      const page = await newPage(browser);
      await page.goto('/blog');
      await page.getByRole('link', { name: 'Build Typing Speed Without Losing Accuracy' }).click();
      await page.waitForURL((url) => url.pathname === '/blog/typing-speed');
      await page.getByRole('heading', { level: 1, name: 'Build Typing Speed Without Losing Accuracy' }).waitFor();
      expect(await page.locator('.post .byline').textContent()).toBe('By Maya Chen · January 13, 2026');
      const body = page.locator('.post .prose');
      await body.getByRole('heading', { level: 2, name: 'How the score is worked out' }).waitFor();
      expect(await body.locator('p').count()).toBeGreaterThan(5);
      expect(await body.locator('li').count()).toBeGreaterThan(3);
      expect(await page.title()).toBe('Build Typing Speed Without Losing Accuracy | Fluent');
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description).toMatch(/^The typing section rewards clean, steady words/);
    });

    it("shows 'Post not found' for an unknown slug, and 'Back to Blog' leads to the list", async () => {
      const page = await newPage(browser);
      const response = await page.goto('/blog/no-such-post');
      // A real 404 for search engines (no soft 404); people get the app, which says so.
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Post not found' }).waitFor();
      await page.getByRole('link', { name: 'Back to Blog' }).click();
      await page.waitForURL((url) => url.pathname === '/blog');
      await page.getByRole('list', { name: 'Posts' }).getByRole('listitem').first().waitFor();
    });
  });

  it('sends a contact message through the API and shows exactly the thank-you text', async () => {
    const page = await newPage(browser);
    await page.goto('/contact');
    const mailbox = page.getByRole('link', { name: 'support@fluent.example' });
    expect(await mailbox.getAttribute('href')).toBe('mailto:support@fluent.example');
    await page.getByLabel('Name', { exact: true }).fill('Browser Test');
    await page.getByLabel('Email', { exact: true }).fill('browser-test@example.com');
    await page.getByLabel('Message', { exact: true }).fill('Is there a test on formal emails?');
    const stored = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const answer = await stored;
    expect(answer.status()).toBe(201);
    expect(await answer.json()).toMatchObject({ name: 'Browser Test', email: 'browser-test@example.com', message: 'Is there a test on formal emails?' });
    expect(await page.getByRole('status').textContent()).toBe(THANK_YOU);
  });

  it('reaches every information page from the top bar and the footer', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const footer = page.getByRole('contentinfo');
    const visit = async (where: typeof nav, link: string, path: string, heading: string) => {
      await where.getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.title()).toBe(`${heading} | Fluent`);
    };
    await visit(nav, 'About Us', '/about', 'About Us');
    await visit(nav, 'Contact Us', '/contact', 'Contact Us');
    await visit(nav, 'Blog', '/blog', 'Blog');
    await visit(footer, 'Terms and Conditions', '/terms', 'Terms and Conditions');
    await visit(footer, 'Privacy Policy', '/privacy', 'Privacy Policy');
    const privacy = (await page.locator('main').textContent()) ?? '';
    for (const phrase of ['name, contact information and demographics', 'cookies', 'payment', 'attempts', 'contact form']) expect(privacy).toContain(phrase);
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Learn More' }).click();
    await page.waitForURL((url) => url.pathname === '/about');
  });

  it('at 375 px puts the four links behind a Menu button, without wrapping or scrolling sideways', async () => {
    const page = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    for (const link of ['Home', 'Blog', 'About Us', 'Contact Us']) expect(await nav.getByRole('link', { name: link, exact: true }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const bar = await page.locator('header.site-header').boundingBox();
    expect(bar!.height).toBeLessThan(72);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const link of ['Home', 'Blog', 'About Us', 'Contact Us']) {
      const box = await nav.getByRole('link', { name: link, exact: true }).boundingBox();
      expect(box, link).not.toBeNull();
      // One line each, and big enough to tap.
      expect(box!.height, link).toBeGreaterThanOrEqual(44);
      expect(box!.height, link).toBeLessThan(60);
    }
    await nav.getByRole('link', { name: 'About Us', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/about');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Blog', exact: true }).isVisible()).toBe(false);
  });

  it('reports each route change as a page view (the path only) and loads nothing from the internet', async () => {
    const page = await newPage(browser);
    const views = recordPageViews(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog', exact: true }).click();
    await page.getByRole('link', { name: 'A Calm Test-Day Routine' }).click();
    await page.getByRole('heading', { level: 1, name: 'A Calm Test-Day Routine' }).waitFor();
    await expect.poll(() => views.length).toBe(3);
    expect(views).toEqual([{ path: '/' }, { path: '/blog' }, { path: '/blog/test-day-routine' }]);
    expect(requested.filter((url) => !isLoopback(url))).toEqual([]);
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
  });

  it('reports no page view when the browser sends Do Not Track', async () => {
    const page = await newPage(browser);
    // The preference is read on every route change; the test withdraws it for one last route, whose
    // view then proves that views for the routes before it would have been sent by now.
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => ((window as { dntWithdrawn?: boolean }).dntWithdrawn ? null : '1') }),
    );
    const views = recordPageViews(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'About Us', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.evaluate(() => ((window as { dntWithdrawn?: boolean }).dntWithdrawn = true));
    await nav.getByRole('link', { name: 'Blog', exact: true }).click();
    await expect.poll(() => views.length).toBe(1);
    expect(views).toEqual([{ path: '/blog' }]);
  });
});
