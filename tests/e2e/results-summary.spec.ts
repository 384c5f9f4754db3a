import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { blankAnswers, submission, submitAttempt } from '../support/catalog';
import { axeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { layoutProblems } from '../support/layout';
import { signedInAs } from '../support/login-page';
import { api, eventually } from '../support/stack';
import { bearer, signUp } from '../support/users';

// /result of a learner's second attempt, its writing feedback ready: the summary under the title
// (one screen on a laptop), the "On this page" navigation by keyboard with Back, the "only the ones
// I missed" toggle, the page at phone, tablet and laptop widths, print, and every element
// docs/product.md#the-results-page lists, still there and visible.
const EMAIL = 'hey Mr Patel, the kitchen tap is leaking since three days. pls send a plumber to repair it. thx';
const PASSAGE = 'I has went to the library on Monday, but it was closed because workers were painting the walls.';
const SECTIONS = ['Sentence Completion', 'Fill in the Blanks', 'Jumbled Words'] as const;
const NAV = ['Summary', 'Typing Test', 'Section scores', ...SECTIONS, 'Skill profile', 'Passage Reconstruction', 'Email Writing'];

/** Test 2 answered with 8 sentences, 6 fills and 10 jumbled items right, the rest wrong or blank. */
function answersForTest2() {
  const test = assembleTest(questionBank(), 2)!;
  return blankAnswers({
    typing: { text: test.typing.paragraph.slice(0, 120), elapsedMs: 60_000 },
    sentenceAnswers: test.sentences.map((q, i) => (i < 8 ? q.acceptableAnswers[0]! : 'nothing like it')),
    fillAnswers: test.fills.map((q, i) => (i < 6 ? q.answer : '')),
    jumbledAnswers: test.jumbled.map((q, i) => (i < 10 ? q.answer : 'words in some order')),
    passageInputs: [PASSAGE, '', ''],
    emailInput: EMAIL,
  });
}

async function feedbackReady(token: string, attemptId: string) {
  return eventually(() => api(`/api/attempts/${attemptId}/feedback`, { headers: bearer(token) }), (r) => r.status === 200, 90_000);
}

/** The element's box in the document (not the window): top and bottom in CSS pixels. */
const boxOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, height: box.height };
  });

const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName, id: document.activeElement?.id, text: (document.activeElement as HTMLElement | null)?.innerText?.replace(/\s+/g, ' ').trim() }));

describe('the results summary and the way around /result', () => {
  let browser: Browser;
  let context: BrowserContext;
  let resultPath: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { email, tokens } = await signUp();
    // A first attempt (Test 1) whose profile the second one is compared with.
    const first = await submitAttempt(tokens.accessToken, 1, submission(blankAnswers({ passageInputs: [PASSAGE, '', ''], emailInput: EMAIL })));
    expect(first.status).toBe(201);
    await feedbackReady(tokens.accessToken, first.body.attemptId);
    const second = await submitAttempt(tokens.accessToken, 2, submission(answersForTest2()));
    expect(second.status).toBe(201);
    const ready = await feedbackReady(tokens.accessToken, second.body.attemptId);
    expect(ready.body.previous.attemptId).toBe(first.body.attemptId);
    resultPath = `/result?attempt=${second.body.attemptId}`;
    context = (await signedInAs(browser, email)).context();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** A new tab (its own sessionStorage) at this width, on the results with their feedback. */
  async function open(width: number, height = 800): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize({ width, height });
    await page.goto(resultPath);
    await page.getByRole('list', { name: 'Skill profile' }).waitFor({ timeout: 60_000 });
    return page;
  }

  it('puts the scores, the typing figures, the skill profile with its change and what to work on first in the first screen at 1280 px', async () => {
    const page = await open(1280);
    const summary = page.getByRole('region', { name: 'Your results at a glance' });
    const box = await boxOf(page, '.results-summary');
    expect(box.height).toBeLessThanOrEqual(800);
    // Seen without scrolling: the whole summary within the first 800 px of the page.
    expect(box.bottom).toBeLessThanOrEqual(800);

    const scores = await summary.getByRole('list', { name: 'Section scores' }).getByRole('listitem').allTextContents();
    expect(scores).toEqual(['Sentence Completion 8/10', 'Fill in the Blanks 6/10', 'Jumbled Words 10/15', 'Total 24/35']);
    for (const [i, name] of SECTIONS.entries()) {
      const section = page.getByRole('region', { name });
      const tally = (await section.locator('.results-tally strong').textContent())!;
      const [correct, total] = scores[i]!.split(' ').at(-1)!.split('/');
      expect(tally).toBe(`${correct} of ${total} correct`);
      expect(await section.locator('.result-item.is-correct').count()).toBe(Number(correct));
    }
    const typing = page.getByRole('region', { name: 'Typing Test' });
    const wpm = await typing.locator('dt', { hasText: 'Typing speed' }).locator('+ dd').textContent();
    const accuracy = await typing.locator('dt', { hasText: /^Accuracy$/ }).locator('+ dd').textContent();
    expect(await summary.getByRole('link', { name: `${wpm} · ${accuracy} accuracy` }).isVisible()).toBe(true);

    const skills = await summary.getByRole('list', { name: 'Skill profile' }).getByRole('listitem').allTextContents();
    expect(skills.map((s) => s.split(' ')[0])).toEqual(['Grammar', 'Vocabulary', 'Organization', 'Voice', 'Reading']);
    for (const s of skills) expect(s).toMatch(/\d+\/100 (no change|[+−]\d+ since last time)$/);
    expect(await summary.getByText('Change since your previous attempt (Test 1).', { exact: false }).isVisible()).toBe(true);

    const focus = summary.getByRole('list', { name: 'Work on first' }).getByRole('link');
    expect(await focus.count()).toBeGreaterThanOrEqual(2);
    expect(await focus.count()).toBeLessThanOrEqual(3);
    for (const href of await focus.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(await page.locator(`h2${href}`).count()).toBe(1);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it('reaches every section by keyboard from "On this page": Tab order, Enter moves focus to the heading, Back returns', async () => {
    const page = await open(1280);
    const nav = page.getByRole('navigation', { name: 'On this page' });
    expect((await nav.getByRole('link').allInnerTexts()).map((t) => t.split('\n')[0]!.trim())).toEqual(NAV);
    // From the title (a click there starts the Tab order), Tab walks the navigation's links in the page's order.
    await page.locator('#results-title').click();
    const order: string[] = [];
    for (let i = 0; i < NAV.length; i++) {
      await page.keyboard.press('Tab');
      order.push((await focused(page)).text!.replace(/ \d.*$/, ''));
    }
    expect(order).toEqual(NAV);

    await page.evaluate(() => window.scrollTo(0, 0));
    const jumbled = nav.getByRole('link', { name: /^Jumbled Words \d+\/15$/ });
    await jumbled.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#results-jumbled$/);
    // The address changes first; the page then renders the new entry and moves focus.
    await eventually(() => focused(page), (f) => f.tag === 'H2' && f.id === 'results-jumbled', 5000);
    const heading = await page.locator('#results-jumbled').boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(0);
    expect(heading!.y).toBeLessThan(800);
    // The navigation stays in view beside the section.
    expect((await nav.boundingBox())!.y).toBeGreaterThanOrEqual(0);

    await page.goBack();
    await page.waitForURL((url) => url.hash === '');
    await eventually(() => focused(page), (f) => f.tag === 'A' && /^Jumbled Words/.test(f.text ?? ''), 5000);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The results stayed as they were (no reload from the server, nothing lost).
    expect(await page.getByRole('list', { name: 'Skill profile' }).isVisible()).toBe(true);

    // A summary link goes the same way.
    await page.getByRole('region', { name: 'Your results at a glance' }).getByRole('link', { name: 'Fill in the Blanks' }).click();
    await eventually(() => focused(page), (f) => f.tag === 'H2' && f.id === 'results-fills', 5000);
    await page.close();
  }, 120_000);

  it('on a phone: a compact menu by keyboard, closed once a section is chosen, Back returning focus to it; axe clean with it open', async () => {
    const page = await open(375, 740);
    const toggle = page.getByRole('button', { name: 'On this page' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'On this page' }).getByRole('link').first().isVisible()).toBe(false);
    await page.locator('#results-title').click();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', text: 'On this page' });
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    for (let i = 0; i < NAV.indexOf('Email Writing') + 1; i++) await page.keyboard.press('Tab');
    expect((await focused(page)).text).toMatch(/^Email Writing/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#results-email$/);
    await eventually(() => focused(page), (f) => f.tag === 'H2' && f.id === 'results-email', 5000);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.goBack();
    await eventually(() => focused(page), (f) => f.tag === 'BUTTON' && f.text === 'On this page', 5000);
    await page.close();
  }, 120_000);

  it('"show only the ones I missed" hides the right answers of that section, and the tab remembers it', async () => {
    const page = await open(1280);
    const fills = page.getByRole('region', { name: 'Fill in the Blanks' });
    expect(await fills.locator('.results-tally').textContent()).toBe('6 of 10 correct — show only the ones I missed');
    const toggle = fills.getByRole('checkbox', { name: 'show only the ones I missed' });
    await toggle.check();
    expect(await fills.getByRole('listitem').count()).toBe(4);
    expect(await fills.locator('.result-item.is-correct').filter({ visible: true }).count()).toBe(0);
    expect(await fills.getByRole('status').textContent()).toBe('6 correct items are hidden.');
    expect(await page.getByRole('region', { name: 'Jumbled Words' }).getByRole('listitem').count()).toBe(15);
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await page.getByRole('list', { name: 'Skill profile' }).waitFor({ timeout: 60_000 });
    expect(await fills.getByRole('checkbox', { name: 'show only the ones I missed' }).isChecked()).toBe(true);
    expect(await fills.getByRole('listitem').count()).toBe(4);
    await fills.getByRole('checkbox', { name: 'show only the ones I missed' }).uncheck();
    expect(await fills.getByRole('listitem').count()).toBe(10);
    await page.close();
  }, 120_000);

  it.each([375, 768, 1280])('lays the page out without problems at %i px, the summary first under the title', async (width) => {
    const page = await open(width);
    expect(await layoutProblems(page)).toEqual([]);
    const title = await boxOf(page, '#results-title');
    const summary = await boxOf(page, '.results-summary');
    const typing = await boxOf(page, '#results-typing');
    expect(summary.top).toBeGreaterThan(title.bottom);
    expect(summary.bottom).toBeLessThan(typing.top);
    if (width === 1280) {
      // Sticky beside the sections: still in view at the end of the page.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const nav = (await page.getByRole('navigation', { name: 'On this page' }).boundingBox())!;
      expect(nav.y).toBeGreaterThanOrEqual(0);
      expect(nav.y + nav.height).toBeLessThanOrEqual(800);
      expect(await layoutProblems(page)).toEqual([]);
    } else {
      expect(await page.getByRole('button', { name: 'On this page' }).isVisible()).toBe(true);
    }
    await page.close();
  }, 120_000);

  it('prints the title and the summary on the first page, without the menus, toggles and page chrome', async () => {
    const page = await open(1280);
    await page.emulateMedia({ media: 'print' });
    // An A4 page at 96 dpi is 794 × 1123 px; Chromium's default print margins take about 1 cm each side.
    await page.setViewportSize({ width: 718, height: 1047 });
    for (const hidden of ['.site-header', '.on-this-page', '.results-only-missed', '.results-actions', '.report-problem__toggle']) {
      expect(await page.locator(hidden).first().isVisible()).toBe(false);
    }
    const summary = await boxOf(page, '.results-summary');
    expect(summary.bottom).toBeLessThanOrEqual(1047);
    expect(await page.locator('.results-summary').evaluate((el) => getComputedStyle(el).breakAfter)).toBe('page');
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    await page.close();
  }, 120_000);

  it('keeps every element of docs/product.md#the-results-page, in its order and visible, with the toggle off', async () => {
    const page = await open(1280);
    const test = assembleTest(questionBank(), 2)!;
    const answers = answersForTest2();
    const visible = async (locator: ReturnType<Page['locator']>) => expect(await locator.first().isVisible()).toBe(true);
    const title = page.getByRole('heading', { level: 1, name: 'Test 2 Completed!' });
    await visible(title);
    const typing = page.getByRole('region', { name: 'Typing Test' });
    expect(await typing.locator('dt', { hasText: 'Typing speed' }).locator('+ dd').textContent()).toMatch(/^\d+ WPM$/);
    expect(await typing.locator('dt', { hasText: /^Accuracy$/ }).locator('+ dd').textContent()).toMatch(/^\d+%$/);

    const sentences = page.getByRole('region', { name: 'Sentence Completion' }).getByRole('listitem');
    expect(await sentences.count()).toBe(10);
    for (const [i, q] of test.sentences.entries()) {
      const row = sentences.nth(i);
      await visible(row.getByText(q.question, { exact: false }));
      await visible(row.getByText(`Your answer: ${answers.sentenceAnswers[i]}`));
      await visible(row.getByText(`Acceptable answers: ${q.acceptableAnswers.join(', ')}`));
    }
    const fills = page.getByRole('region', { name: 'Fill in the Blanks' }).getByRole('listitem');
    expect(await fills.count()).toBe(10);
    for (const [i, q] of test.fills.entries()) {
      await visible(fills.nth(i).getByText(`Your answer: ${answers.fillAnswers[i] || '(No answer)'}`));
      await visible(fills.nth(i).getByText(`Correct answer: ${q.answer}`));
    }
    const jumbled = page.getByRole('region', { name: 'Jumbled Words' }).getByRole('listitem');
    expect(await jumbled.count()).toBe(15);
    for (const [i, q] of test.jumbled.entries()) {
      await visible(jumbled.nth(i).getByText(`Your answer: ${answers.jumbledAnswers[i]}`));
      await visible(jumbled.nth(i).getByText(`Correct answer: ${q.answer}`));
    }
    const passages = page.getByRole('region', { name: 'Passage Reconstruction' });
    for (const p of test.passages) await visible(passages.getByText(p.sentences, { exact: true }));
    expect(await passages.locator('.annotated-text').first().innerText()).toContain('I has went to the library');
    expect(await passages.getByText('(No answer)').count()).toBe(2);
    const emailSection = page.getByRole('region', { name: 'Email Writing' });
    await visible(emailSection.getByText(test.email.prompt, { exact: true }));
    expect(await emailSection.locator('.annotated-text').innerText()).toBe(EMAIL);
    const retake = page.getByRole('button', { name: 'Retake Test 2' });
    await visible(retake);
    const later = page.getByRole('button', { name: 'View Detailed Results (Coming Soon)' });
    await visible(later);
    expect(await later.isDisabled()).toBe(true);

    // In the order docs/product.md lists them.
    const tops = await Promise.all(
      [title, typing, page.getByRole('region', { name: 'Sentence Completion' }), page.getByRole('region', { name: 'Fill in the Blanks' }), page.getByRole('region', { name: 'Jumbled Words' }), passages, emailSection, retake, later].map(async (l) =>
        l.evaluate((el) => el.getBoundingClientRect().top + window.scrollY),
      ),
    );
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    await page.close();
  }, 120_000);
});
