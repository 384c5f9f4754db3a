import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleTest, questionBank } from '@fluent/question-bank';
import { SECTION_TIMINGS_MS, type AssembledTest } from '@fluent/contracts';
import { launchBrowser } from '../support/browser';
import { asksBeforeUnload, dialogRecorder, learnerOnDashboard, runnerClockOf, speechCalls, startTimeScaledGateway, testIntroduction, unloadWarningText } from '../support/runner';

/**
 * The runner and the results against the real stack, with one learner (Test 1 taken end to end
 * by keyboard, Test 2 left half-way). The runner's clock (a test build's, runnerClockOf) stands
 * still while the test acts on a screen and is moved on where time is to pass (a deliberate
 * timeout, the typing minute), so no step races a question's seconds on a loaded machine; where
 * it runs, it runs 5 times faster than real time.
 */
const TIME_SCALE = 0.2;
const LEAVE_ON_BACK = 'Your test progress will be lost if you go back. Are you sure you want to leave?';
const LEAVE_ON_REFRESH = 'Your test progress will be lost if you refresh or close this tab. Are you sure you want to proceed?';

const test1 = assembleTest(questionBank(), 1, { warn: () => undefined, error: () => undefined }) as AssembledTest;
/** The words of the typing paragraph the learner types before skipping. */
const TYPED = test1.typing.paragraph.split(' ').slice(0, 12).join(' ');

describe('test runner and results', () => {
  let browser: Browser;
  let gateway: Awaited<ReturnType<typeof startTimeScaledGateway>>;
  let page: Page;
  let dialogs: ReturnType<typeof dialogRecorder>;
  const scripts: string[] = [];
  let attemptUrl = '';

  const heading = (name: string) => page.getByRole('heading', { name, exact: true });
  const focusedLabel = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      if (el instanceof HTMLButtonElement) return `button:${el.textContent}`;
      const input = el as HTMLInputElement;
      if (input.type === 'radio') return `radio:${input.value}`;
      return `input:${input.labels?.[0]?.textContent ?? ''}`;
    });
  const progress = () => page.locator('.runner-progress span').textContent();

  beforeAll(async () => {
    browser = await launchBrowser();
    gateway = await startTimeScaledGateway();
    page = await learnerOnDashboard(browser, gateway.url, TIME_SCALE);
    page.setDefaultTimeout(20_000);
    dialogs = dialogRecorder(page);
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it('takes Test 1 end to end with the keyboard alone', async () => {
    await page.getByRole('article', { name: 'Test 1' }).getByRole('button', { name: 'Start Test' }).focus();
    await page.keyboard.press('Enter');
    await testIntroduction(page, 1);
    // Test time stands still from here except where the test moves it on.
    const clock = runnerClockOf(page);
    await clock.pause();
    expect(await page.locator('.test-intro li').allTextContents()).toEqual([
      'Typing Test',
      'Sentence Completion',
      'Fill in the Blanks',
      'Jumbled Words',
      'Passage Reconstruction',
      'Email Writing',
    ]);
    // Nothing to lose yet: no warning before the start.
    expect(await asksBeforeUnload(page)).toBe(false);
    expect(await focusedLabel()).toBe('button:Start Test');
    await page.keyboard.press('Enter');

    // Section 1: intro card read aloud; Start Section cancels the reading.
    await heading('Typing Test').waitFor();
    expect(await progress()).toBe('Test 1 · Section 1 of 6: Typing Test');
    expect(await asksBeforeUnload(page)).toBe(true);
    const intro = (await speechCalls(page)).filter((c) => c.type === 'speak');
    expect(intro).toEqual([expect.objectContaining({ type: 'speak', lang: 'en-US', rate: 1, pitch: 1 })]);
    expect(intro[0]).toMatchObject({ text: expect.stringContaining('You have 60 seconds') });
    const before = (await speechCalls(page)).length;
    await page.keyboard.press('Enter');
    await page.getByText(test1.typing.paragraph).waitFor();
    expect((await speechCalls(page)).slice(before)).toContainEqual({ type: 'cancel' });
    expect(await focusedLabel()).toBe('input:Your typing');
    expect(await page.getByRole('button', { name: 'Press Enter to Skip' }).isDisabled()).toBe(true);
    await page.keyboard.type(TYPED);
    await clock.advance(15_000); // a quarter of the typing minute has gone
    await page.keyboard.press('Enter'); // ignored while time remains
    expect(await page.getByLabel('Your typing').inputValue()).toBe(TYPED);
    await page.keyboard.press('Tab');
    expect(await focusedLabel()).toBe('button:Press Enter to Skip');
    await page.keyboard.press('Enter');

    // Section 2: sentence 2 is left blank: Enter does nothing, the timeout moves it on.
    await heading('Sentence Completion').waitFor();
    expect(await progress()).toBe('Test 1 · Section 2 of 6: Sentence Completion');
    await page.keyboard.press('Enter');
    for (let i = 0; i < 10; i++) {
      await page.getByText(`Question ${i + 1} of 10`).waitFor();
      expect(await focusedLabel()).toBe('input:Your answer');
      if (i === 1) {
        await page.keyboard.press('Enter');
        expect(await page.getByText('Question 2 of 10').isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
        // One millisecond short of its time, still question 2; at its time, the runner moves on.
        await clock.advance(SECTION_TIMINGS_MS.question - 1);
        expect(await page.getByText('Question 2 of 10').isVisible()).toBe(true);
        await clock.advance(1);
        await page.getByText('Question 3 of 10').waitFor();
        continue;
      }
      await page.keyboard.type(test1.sentences[i]!.acceptableAnswers[0]!);
      await page.keyboard.press('Enter');
    }

    // Section 3: radios by arrow keys; question 2 deliberately wrong.
    await heading('Fill in the Blanks').waitFor();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 10; i++) {
      const item = test1.fills[i]!;
      await page.getByText(`Question ${i + 1} of 10`).waitFor();
      expect(await focusedLabel()).toBe(`radio:${item.options[0]}`);
      // Nothing chosen yet: Next is disabled, and Enter does nothing.
      if (i === 0) {
        expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
        await page.keyboard.press('Enter');
        expect(await page.getByText('Question 1 of 10').isVisible()).toBe(true);
      }
      const right = item.options.indexOf(item.answer);
      const choice = i === 1 ? (right + 1) % 3 : right;
      await page.keyboard.press(' ');
      for (let k = 0; k < choice; k++) await page.keyboard.press('ArrowDown');
      expect(await page.getByRole('radio', { name: item.options[choice]!, exact: true }).isChecked()).toBe(true);
      await page.keyboard.press('Enter');
    }

    // Section 4: the words shown separated by spaces; question 1 typed in the shown order (wrong).
    await heading('Jumbled Words').waitFor();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 15; i++) {
      const item = test1.jumbled[i]!;
      await page.getByText(`Question ${i + 1} of 15`).waitFor();
      await page.getByText('Unscramble these words to make a correct sentence:').waitFor();
      const shown = item.jumbled.split('/').join(' ');
      await page.getByText(shown, { exact: true }).waitFor();
      expect(await focusedLabel()).toBe('input:Your sentence');
      if (i === 0) expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await page.keyboard.type(i === 0 ? shown : item.answer);
      await page.keyboard.press('Enter');
    }

    // Section 5: read, then write from memory.
    await heading('Passage Reconstruction').waitFor();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 3; i++) {
      const passage = test1.passages[i]!.sentences;
      await page.getByText(`Passage ${i + 1} of 3`).waitFor();
      await page.getByText(/^Read this passage carefully\. It will disappear in \d+ seconds\.$/).waitFor();
      await page.getByText(passage).waitFor();
      expect(await focusedLabel()).toBe("button:I'm Ready to Write (or press Enter)");
      await page.keyboard.press('Enter');
      await page.getByLabel('Reconstruct the passage in your own words:').waitFor();
      expect(await page.getByText(passage).count()).toBe(0);
      expect(await focusedLabel()).toBe('input:Reconstruct the passage in your own words:');
      await page.keyboard.type(passage.split('. ')[0]!);
      await page.keyboard.press('Enter');
    }

    // Section 6: the email, submitted with Enter.
    await heading('Email Writing').waitFor();
    expect(await progress()).toBe('Test 1 · Section 6 of 6: Email Writing');
    const emailIntro = (await speechCalls(page)).filter((c) => c.type === 'speak').at(-1);
    // docs/product.md#the-test-screen: a formal email, to be written within 5 minutes; the card shows what is read.
    expect(emailIntro).toMatchObject({ text: expect.stringMatching(/formal email.*5 minutes/), lang: 'en-US', rate: 1, pitch: 1 });
    await page.getByText(emailIntro!.type === 'speak' ? emailIntro!.text : '', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText(test1.email.prompt).waitFor();
    expect(await page.locator('.runner-timer strong').textContent()).toBe('5:00');
    expect(await page.getByRole('button', { name: 'Submit (or press Enter)' }).isDisabled()).toBe(true);
    await page.keyboard.type('Dear Mr Patel, the kitchen tap is leaking.');
    expect(scripts.some((path) => path.includes('/charts-'))).toBe(false);
    // Time runs again for the submission (its retries wait on the clock).
    await clock.resume();
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/result\?attempt=[0-9a-f]{24}$/);
    attemptUrl = page.url();
    await heading('Test 1 Completed!').waitFor();
    expect(await asksBeforeUnload(page)).toBe(false);
    // About 100 browser round trips: 25 s on a quiet machine, 45 s seen on a loaded one (no test time passes meanwhile).
  }, 180_000);

  it('shows the results of the answers given, with (No answer) for the blank one', async () => {
    const typing = page.getByRole('region', { name: 'Typing Test' });
    expect(await typing.locator('dt:text-is("Typing speed") + dd').textContent()).toMatch(/^\d+ WPM$/);
    expect(await typing.locator('dt:text-is("Accuracy") + dd').textContent()).toBe('100%');
    expect(await typing.locator('dt:text-is("Errors left") + dd').textContent()).toBe('0characters wrong in the final text');

    const sentences = page.getByRole('region', { name: 'Sentence Completion' }).getByRole('listitem');
    expect(await sentences.count()).toBe(10);
    const first = await sentences.nth(0).textContent();
    expect(first).toContain(test1.sentences[0]!.question);
    expect(first).toContain(`Your answer: ${test1.sentences[0]!.acceptableAnswers[0]}`);
    expect(first).toContain(`Acceptable answers: ${test1.sentences[0]!.acceptableAnswers.join(', ')}`);
    expect(first).toContain('Correct');
    const blank = await sentences.nth(1).textContent();
    expect(blank).toContain('Your answer: (No answer)');
    expect(blank).toContain('Incorrect');

    const fills = page.getByRole('region', { name: 'Fill in the Blanks' }).getByRole('listitem');
    expect(await fills.nth(1).textContent()).toContain(`Correct answer: ${test1.fills[1]!.answer}`);
    expect(await fills.nth(1).textContent()).toContain('Incorrect');
    const jumbled = page.getByRole('region', { name: 'Jumbled Words' }).getByRole('listitem');
    expect(await jumbled.nth(0).textContent()).toContain(`Correct answer: ${test1.jumbled[0]!.answer}`);
    expect(await jumbled.nth(0).textContent()).toContain('Incorrect');

    const scores = await page.getByRole('region', { name: 'Section scores' }).getByRole('listitem').allTextContents();
    expect(scores).toEqual(['Sentence Completion 9/10', 'Fill in the Blanks 9/10', 'Jumbled Words 14/15', 'Total 32/35']);

    const passages = page.getByRole('region', { name: 'Passage Reconstruction' });
    await passages.getByText(test1.passages[0]!.sentences).waitFor();
    await passages.getByText(test1.passages[0]!.sentences.split('. ')[0]!, { exact: true }).waitFor();
    const email = page.getByRole('region', { name: 'Email Writing' });
    await email.getByText(test1.email.prompt).waitFor();
    await email.getByText('Dear Mr Patel, the kitchen tap is leaking.').waitFor();

    // The charts, drawn by the chart library loaded on this page only.
    await page.locator('.results-chart svg.recharts-surface').nth(1).waitFor();
    expect(scripts.filter((path) => path.includes('/charts-'))).toHaveLength(1);
    expect(await page.getByRole('button', { name: 'View Detailed Results (Coming Soon)' }).isDisabled()).toBe(true);
  });

  it('keeps the results after a refresh, without a warning', async () => {
    await page.reload();
    await heading('Test 1 Completed!').waitFor();
    expect(page.url()).toBe(attemptUrl);
    expect(dialogs.seen.filter((d) => d.type === 'beforeunload')).toEqual([]);
    await page.getByRole('region', { name: 'Sentence Completion' }).getByText('Your answer: (No answer)').waitFor();
  });

  it('goes to the dashboard on Retake Test 1, where Test 1 is Completed and its results open again', async () => {
    await page.getByRole('button', { name: 'Retake Test 1' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('article', { name: 'Test 1' }).getByRole('button', { name: 'Completed' }).waitFor();
    await page.getByRole('link', { name: /^Test 1: \d+ WPM · 32\/35 correct$/ }).click();
    await page.waitForURL(attemptUrl);
    await heading('Test 1 Completed!').waitFor();
  });

  it('warns before a refresh mid-test, and on Back asks, then leaves for /dashboard', async () => {
    await page.goto('/dashboard');
    await page.getByRole('article', { name: 'Test 2' }).getByRole('button', { name: 'Start Test' }).click();
    await (await testIntroduction(page, 2)).getByRole('button', { name: 'Start Test' }).click();
    await page.getByRole('button', { name: 'Start Section' }).click();
    await page.getByLabel('Your typing').waitFor();
    // The typing minute (12 s here) must not end under the dialogs below.
    await runnerClockOf(page).pause();
    await page.keyboard.type('Half');
    expect(await unloadWarningText(page)).toBe(LEAVE_ON_REFRESH);

    // Refresh: the browser's own warning; staying keeps the progress.
    dialogs.dismissNext();
    await page.evaluate(() => window.location.reload()).catch(() => undefined);
    await dialogs.waitFor('beforeunload');
    expect(await page.getByLabel('Your typing').inputValue()).toBe('Half');

    // Back, not confirmed: still in the test.
    dialogs.dismissNext();
    await page.evaluate(() => window.history.back());
    expect((await dialogs.waitFor('confirm', 1)).message).toBe(LEAVE_ON_BACK);
    await page.getByLabel('Your typing').waitFor();
    expect(page.url()).toMatch(/\/test$/);
    expect(await page.getByLabel('Your typing').inputValue()).toBe('Half');

    // Back, confirmed: the dashboard, and no warning left behind.
    await page.evaluate(() => window.history.back());
    expect((await dialogs.waitFor('confirm', 2)).message).toBe(LEAVE_ON_BACK);
    await page.waitForURL('**/dashboard');
    await page.getByRole('article', { name: 'Test 2' }).getByRole('button', { name: 'Start Test' }).waitFor();
    expect(await asksBeforeUnload(page)).toBe(false);
  });

  const confirmsSoFar = () => dialogs.seen.filter((d) => d.type === 'confirm').length;
  const openTest2 = async () => {
    await page.goto('/dashboard');
    await page.getByRole('article', { name: 'Test 2' }).getByRole('button', { name: 'Start Test' }).click();
    await (await testIntroduction(page, 2)).getByRole('button', { name: 'Start Test' }).click();
  };

  /** Back, answered OK after a person's pause: the dashboard, with the test still open to take and no warning left. */
  const backConfirmedLeavesForDashboard = async () => {
    const before = confirmsSoFar();
    dialogs.acceptNextAfter(800);
    await page.evaluate(() => window.history.back());
    expect((await dialogs.waitFor('confirm', before + 1)).message).toBe(LEAVE_ON_BACK);
    await page.waitForURL('**/dashboard');
    await page.getByRole('article', { name: 'Test 2' }).getByRole('button', { name: 'Start Test' }).waitFor();
    expect(await asksBeforeUnload(page)).toBe(false);
  };

  it('on the first Back, from the first section’s intro card, asks and, confirmed, leaves for /dashboard', async () => {
    await openTest2();
    await page.getByRole('button', { name: 'Start Section' }).waitFor();
    await backConfirmedLeavesForDashboard();
  });

  it('on the first Back, mid-section, asks and, confirmed, leaves for /dashboard', async () => {
    await openTest2();
    await page.getByRole('button', { name: 'Start Section' }).click();
    await page.getByLabel('Your typing').waitFor();
    await runnerClockOf(page).pause();
    await page.keyboard.type('Mid');
    await backConfirmedLeavesForDashboard();
  });

  it("a learner who answers nothing: 'Loading test...', 'Continue' when typing time is up, every section timing out, 'Finish Test' while saving, and (No answer) on the results", async () => {
    const quiet = await learnerOnDashboard(browser, gateway.url, 0.02);
    quiet.setDefaultTimeout(30_000);
    const title = (name: string) => quiet.getByRole('heading', { name, exact: true });
    const holdUntil = async (pattern: string, method: string) => {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      await quiet.route(pattern, async (route) => {
        if (route.request().method() === method) await released;
        await route.continue();
      });
      return release;
    };

    const releaseTest = await holdUntil('**/api/tests/3', 'GET');
    await quiet.getByRole('article', { name: 'Test 3' }).getByRole('button', { name: 'Start Test' }).click();
    expect(await quiet.getByRole('status').filter({ hasText: 'Loading test...' }).textContent()).toBe('Loading test...');
    releaseTest();
    await quiet.getByRole('button', { name: 'Start Test' }).click();

    await title('Typing Test').waitFor();
    await quiet.getByRole('button', { name: 'Start Section' }).click();
    await quiet.getByRole('button', { name: 'Continue' }).waitFor();
    expect(await quiet.getByLabel('Your typing').isDisabled()).toBe(true);
    await quiet.getByRole('button', { name: 'Continue' }).click();
    for (const section of ['Sentence Completion', 'Fill in the Blanks', 'Jumbled Words', 'Passage Reconstruction']) {
      await title(section).waitFor();
      await quiet.getByRole('button', { name: 'Start Section' }).click();
    }
    await title('Email Writing').waitFor();
    const releaseSave = await holdUntil('**/api/tests/3/attempts', 'POST');
    await quiet.getByRole('button', { name: 'Start Section' }).click();
    const finish = quiet.getByRole('button', { name: 'Finish Test' });
    await finish.waitFor();
    expect(await finish.isDisabled()).toBe(true);
    releaseSave();

    await quiet.waitForURL(/\/result\?attempt=[0-9a-f]{24}$/);
    await title('Test 3 Completed!').waitFor();
    // 10 sentences, 10 fills, 15 jumbled, 3 passages and the email, all blank.
    await expect.poll(() => quiet.getByText('(No answer)', { exact: true }).count()).toBe(39);
    await quiet.close();
    // This one lets the clock run: 23 minutes of test time at 0.02 are 28 s of real time, plus the steps.
  }, 240_000);
});
