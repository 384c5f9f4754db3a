import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { blankAnswers, submission, submitAttempt } from '../support/catalog';
import { axeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { signedInAs } from '../support/login-page';
import { signUp } from '../support/users';

// /result with the writing feedback from the real feedback-service and LanguageTool: the
// underlined issues (focusable, explained), the email checklist, the skill profile, the
// dashboard's trend, and axe over the page.
const PASSAGE = 'I has went to the library on Monday, but it was closed because workers were painting the walls.';
const EMAIL = 'hey Mr Patel, the kitchen tap is leaking since three days. pls send a plumber to repair it. thx';

describe('writing feedback on /result', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('underlines each issue (focus shows its explanation), ticks the email checklist, shows the skill profile, and passes axe', async () => {
    const { email, tokens } = await signUp();
    const stored = await submitAttempt(tokens.accessToken, 1, submission(blankAnswers({ passageInputs: [PASSAGE, '', ''], emailInput: EMAIL })));
    expect(stored.status).toBe(201);
    const page = await signedInAs(browser, email);
    await page.goto(`/result?attempt=${stored.body.attemptId}`);

    const passages = page.getByRole('region', { name: 'Passage Reconstruction' });
    const has = passages.getByRole('button', { name: 'has', exact: true });
    await has.waitFor({ timeout: 60_000 });
    // Keyboard: the underline takes focus, and its explanation shows and is its description.
    await has.focus();
    const tip = passages.getByRole('tooltip').filter({ hasText: 'Possible agreement error' }).first();
    await tip.waitFor({ state: 'visible' });
    const describedBy = await has.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/^Grammar: .+Suggestion: have$/);
    // The underline is a line style, not only a colour.
    expect(await has.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
    await passages.getByRole('button', { name: 'went', exact: true }).click();
    expect(await passages.getByRole('button', { name: 'went', exact: true }).getAttribute('aria-expanded')).toBe('true');
    // Of the first passage's five sentences, PASSAGE conveys the first only (the library closed on
    // Monday while workers paint the walls); the blank passages convey none.
    const firstSentence = assembleTest(questionBank(), 1)!.passages[0]!.sentences.split('. ')[0]!;
    expect(await passages.getByRole('listitem').filter({ hasText: '✓ Covered' }).allTextContents()).toEqual([`✓ Covered ${firstSentence}.`]);

    const checklist = page.getByRole('list', { name: 'Email checklist' });
    const items = await checklist.getByRole('listitem').allTextContents();
    expect(items[0]).toBe('✗ Not yet Greeting: “hey Mr Patel”, too informal');
    expect(items).toContain('✓ Done The prompt asks you to describe the problem (you wrote: leak, tap)');
    expect(items.find((i) => i.includes('Register'))).toMatch(/^✗ Not yet Register: avoid informal words \(hey, pls, thx\)/);
    const emailRegion = page.getByRole('region', { name: 'Email Writing' });
    expect(await emailRegion.getByRole('button', { name: 'since' }).count()).toBe(1);

    const profile = page.getByRole('region', { name: 'Skill profile' });
    expect(await profile.getByText(/not an official score/).count()).toBe(1);
    await profile.getByText('Grammar:', { exact: false }).click();
    expect(await profile.getByText(/Jumbled words \(word order\): \d+\/100, counts 30%/).isVisible()).toBe(true);

    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/dashboard');
    const latest = page.getByRole('list', { name: 'Latest skill profile' });
    await latest.waitFor();
    expect((await latest.getByRole('listitem').allTextContents()).map((t) => t.split(':')[0])).toEqual(['Grammar', 'Vocabulary', 'Organization', 'Voice & Tone', 'Reading Comprehension']);
    await page.close();
  }, 120_000);

  it('marks where the reconstruction differs from its original in its own double underline, "The passage says are." on focus and in a list, and passes axe', async () => {
    const original = assembleTest(questionBank(), 1)!.passages[0]!.sentences;
    const reconstruction = original.replace('workers are painting', 'workers is painting');
    expect(reconstruction).not.toBe(original);
    const { email, tokens } = await signUp();
    const stored = await submitAttempt(tokens.accessToken, 1, submission(blankAnswers({ passageInputs: [reconstruction, '', ''], emailInput: EMAIL })));
    expect(stored.status).toBe(201);
    const page = await signedInAs(browser, email);
    await page.goto(`/result?attempt=${stored.body.attemptId}`);

    const passages = page.getByRole('region', { name: 'Passage Reconstruction' });
    const list = passages.getByRole('list', { name: 'Compared with the original (1 difference, double-underlined):' });
    await list.waitFor({ timeout: 60_000 });
    expect(await list.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^You wrote “is”\. The passage says are\. .+/)]);
    expect(await list.locator('em').textContent()).toBe('are');

    const is = passages.getByRole('button', { name: 'is', exact: true });
    await is.focus();
    const describedBy = await is.getAttribute('aria-describedby');
    const tip = page.locator(`[id="${describedBy}"]`);
    await tip.waitFor({ state: 'visible' });
    expect(await tip.textContent()).toMatch(/^Compared with the original: The passage says are\. .+/);
    // Its own line style, apart from the checker's solid, wavy, dotted and dashed underlines.
    expect(await is.evaluate((el) => [getComputedStyle(el).textDecorationLine, getComputedStyle(el).textDecorationStyle])).toEqual(['underline', 'double']);

    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  }, 120_000);
});
