import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../tools/stack/paths.mjs';
import { axeViolations } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { watchPageProblems } from '../support/page-problems';
import { dialogRecorder, learnerOnDashboard, runnerClockOf, startTimeScaledGateway, testIntroduction } from '../support/runner';
import { api, gatewayUrl } from '../support/stack';

/** A phone, a tablet, a laptop. */
const WIDTHS = [375, 768, 1280] as const;
/** Every screen at every width, for a person to look at (gitignored, like all of .data). */
const SCREENSHOTS = join(ROOT, '.data', 'screenshots');

/**
 * Every route, and every screen of the test runner, at the three widths: no horizontal scroll, no
 * control past the window's edge, none on top of another or covered, and no WCAG 2.1 AA violation
 * axe can find. A full-page screenshot of each goes to .data/screenshots/<screen>-<width>.png.
 * Throughout, the browser reports no issue (a CSP violation: a refused style, script or eval) and
 * no uncaught error.
 */
describe('every screen at 375, 768 and 1280 px', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Checks the screen the page shows now at each width; the page ends at the widest. A dialog's
   * screenshot is of the window only (the page behind it is the dashboard's, already taken).
   */
  async function checkScreen(page: Page, name: string, { fullPage = true } = {}): Promise<string[]> {
    const found: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // Two frames: the new width is laid out and painted before anything is measured.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      found.push(...(await layoutProblems(page)).map((problem) => `${name} @ ${width}px: ${problem}`));
      found.push(...(await axeViolations(page)).map((violation) => `${name} @ ${width}px: axe ${violation}`));
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage });
    }
    return found;
  }

  it('the public pages, signed out (and the menu open on a phone)', async () => {
    const { body } = await api('/api/blog');
    const slug = (body as { posts: { slug: string; title: string }[] }).posts[0]!;
    const page = await newPage(browser, { viewport: { width: 375, height: 800 } });
    const browserProblems = await watchPageProblems(page);
    const screens: Array<[string, string, () => Promise<unknown>]> = [
      ['landing', '/', () => page.getByRole('region', { name: 'Sign In' }).waitFor()],
      ['login', '/login', () => page.getByRole('button', { name: 'Login' }).waitFor()],
      ['signup', '/signup', () => page.getByRole('button', { name: 'Sign Up' }).waitFor()],
      ['about', '/about', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['contact', '/contact', () => page.getByRole('button', { name: 'Send Message' }).waitFor()],
      ['terms', '/terms', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['privacy', '/privacy', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['blog', '/blog', () => page.getByRole('list', { name: 'Posts' }).waitFor()],
      ['blog-post', `/blog/${slug.slug}`, () => page.getByRole('heading', { level: 1, name: slug.title }).waitFor()],
      ['blog-post-not-found', '/blog/no-such-post', () => page.getByRole('heading', { name: 'Post not found' }).waitFor()],
      ['not-found', '/no-such-page', () => page.getByRole('heading', { name: 'Page not found' }).waitFor()],
    ];
    const found: string[] = [];
    for (const [name, path, ready] of screens) {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      await ready();
      found.push(...(await checkScreen(page, name)));
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Contact Us' }).waitFor();
    found.push(...(await layoutProblems(page)).map((problem) => `menu @ 375px: ${problem}`));
    found.push(...(await axeViolations(page)).map((violation) => `menu @ 375px: axe ${violation}`));
    await page.screenshot({ path: join(SCREENSHOTS, 'menu-375.png'), fullPage: true });
    expect(found).toEqual([]);
    expect({ issues: browserProblems.issues, errors: browserProblems.errors }).toEqual({ issues: [], errors: [] });
  }, 180_000);

  it('the signed-in pages: dashboard, the purchase dialog, an invalid test, results without an attempt', async () => {
    const page = await learnerOnDashboard(browser, gatewayUrl, 1);
    const browserProblems = await watchPageProblems(page);
    const found = await checkScreen(page, 'dashboard');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('article', { name: 'Test 4' }).getByRole('button', { name: 'Unlock Test' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).waitFor();
    found.push(...(await checkScreen(page, 'purchase-dialog', { fullPage: false })));
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/test');
    await page.getByRole('heading', { name: 'Invalid Test Selected' }).waitFor();
    found.push(...(await checkScreen(page, 'test-invalid')));
    await page.goto('/result');
    await page.getByRole('heading', { name: 'No Results Available' }).waitFor();
    found.push(...(await checkScreen(page, 'result-none')));
    expect(found).toEqual([]);
    expect({ issues: browserProblems.issues, errors: browserProblems.errors }).toEqual({ issues: [], errors: [] });
  }, 180_000);

  it('every screen of the test runner, then the results', async () => {
    // The runner of the test build (dist-e2e) at real speed, its clock stopped while a screen is
    // checked: layout, axe and screenshots at three widths take what they take on a loaded machine,
    // and no question ends under them. Between checks, a step is a few actions in a 30 s question.
    const gateway = await startTimeScaledGateway();
    try {
      await runnerScreens(gateway.url);
    } finally {
      await gateway.stop();
    }
  }, 300_000);

  async function runnerScreens(baseUrl: string) {
    const page = await learnerOnDashboard(browser, baseUrl, 1);
    page.setDefaultTimeout(20_000);
    dialogRecorder(page);
    const browserProblems = await watchPageProblems(page);
    const clock = runnerClockOf(page);
    const heading = (name: string) => page.getByRole('heading', { name, exact: true });
    const next = () => page.getByRole('button', { name: 'Next' }).click();
    const found: string[] = [];
    const check = async (name: string) => found.push(...(await clock.stoppedWhile(() => checkScreen(page, name))));
    const startSection = async (name: string, screen: string) => {
      await heading(name).waitFor();
      await check(`runner-${screen}-intro`);
      await page.getByRole('button', { name: 'Start Section' }).click();
    };

    await page.getByRole('article', { name: 'Test 1' }).getByRole('button', { name: 'Start Test' }).click();
    const introduction = await testIntroduction(page, 1);
    await check('runner-introduction');
    await introduction.getByRole('button', { name: 'Start Test' }).click();

    await startSection('Typing Test', 'typing');
    await page.getByLabel('Your typing').fill('The first words of the paragraph');
    await check('runner-typing');
    await page.getByRole('button', { name: 'Press Enter to Skip' }).click();

    await startSection('Sentence Completion', 'sentence');
    for (let i = 1; i <= 10; i++) {
      await page.getByText(`Question ${i} of 10`).waitFor();
      await page.getByLabel('Your answer').fill('an answer');
      if (i === 1) await check('runner-sentence');
      await next();
    }

    await startSection('Fill in the Blanks', 'fill');
    for (let i = 1; i <= 10; i++) {
      await page.getByText(`Question ${i} of 10`).waitFor();
      await page.getByRole('radio').first().check();
      if (i === 1) await check('runner-fill');
      await next();
    }

    await startSection('Jumbled Words', 'jumbled');
    for (let i = 1; i <= 15; i++) {
      await page.getByText(`Question ${i} of 15`).waitFor();
      await page.getByLabel('Your sentence').fill('a sentence');
      if (i === 1) await check('runner-jumbled');
      await next();
    }

    await startSection('Passage Reconstruction', 'passage');
    for (let i = 1; i <= 3; i++) {
      await page.getByText(`Passage ${i} of 3`).waitFor();
      const ready = page.getByRole('button', { name: "I'm Ready to Write (or press Enter)" });
      await ready.waitFor();
      if (i === 1) await check('runner-passage-read');
      await ready.click();
      await page.getByLabel('Reconstruct the passage in your own words:').fill('What I remember of it.');
      if (i === 1) await check('runner-passage-write');
      await next();
    }

    await startSection('Email Writing', 'email');
    await page.getByRole('textbox').fill('Dear Sir or Madam, I am writing about the course.');
    await check('runner-email');
    await page.getByRole('button', { name: 'Submit (or press Enter)' }).click();

    await page.waitForURL(/\/result\?attempt=/);
    await heading('Test 1 Completed!').waitFor();
    await page.locator('.results-chart svg.recharts-surface').nth(1).waitFor();
    // The runner is gone: no clock to stop.
    found.push(...(await checkScreen(page, 'result')));
    expect(found).toEqual([]);
    expect(browserProblems).toEqual({ console: [], errors: [], failedRequests: [], issues: [] });
  }
});
