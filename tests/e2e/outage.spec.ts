import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { learnerOnDashboard, startTimeScaledGateway, testIntroduction } from '../support/runner';
import { eventually, gatewayUrl, startComponentNamed, stopComponentNamed } from '../support/stack';

/**
 * A learner submits a finished test while the database is away for a few seconds: the page says
 * "Reconnecting…" (a polite live region) instead of an error, sends the same submission again by
 * itself, and ends on the results once the database is back.
 */
describe('a submission during a short database outage', () => {
  let browser: Browser;
  let gateway: Awaited<ReturnType<typeof startTimeScaledGateway>>;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    gateway = await startTimeScaledGateway();
    // The runner's clock 50 times real time: every section of a blank test times out within seconds.
    page = await learnerOnDashboard(browser, gateway.url, 0.02);
    page.setDefaultTimeout(30_000);
  }, 180_000);

  afterAll(async () => {
    await startComponentNamed('ferretdb');
    await eventually(() => fetch(`${gatewayUrl}/api/blog`), (response) => response.status === 200, 90_000);
    await browser?.close();
    await gateway?.stop();
  }, 180_000);

  it('says Reconnecting…, retries the same submission and opens the results', async () => {
    const title = (name: string) => page.getByRole('heading', { name, exact: true });
    const submissions: { status: number; submissionId: string }[] = [];
    page.on('response', async (response) => {
      const request = response.request();
      if (request.method() === 'POST' && /\/api\/tests\/3\/attempts$/.test(request.url())) {
        submissions.push({ status: response.status(), submissionId: (request.postDataJSON() as { submissionId: string }).submissionId });
      }
    });

    await page.getByRole('article', { name: 'Test 3' }).getByRole('button', { name: 'Start Test' }).click();
    await (await testIntroduction(page, 3)).getByRole('button', { name: 'Start Test' }).click();
    await title('Typing Test').waitFor();
    await page.getByRole('button', { name: 'Start Section' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    for (const section of ['Sentence Completion', 'Fill in the Blanks', 'Jumbled Words', 'Passage Reconstruction']) {
      await title(section).waitFor();
      await page.getByRole('button', { name: 'Start Section' }).click();
    }
    await title('Email Writing').waitFor();

    await stopComponentNamed('ferretdb');
    try {
      await page.getByRole('button', { name: 'Start Section' }).click();
      // The email section times out and the test is submitted into the outage.
      const notice = page.locator('.reconnecting-notice');
      await notice.filter({ hasText: 'Reconnecting…' }).waitFor();
      expect(await notice.getAttribute('aria-live')).toBe('polite');
      expect(await notice.getAttribute('role')).toBe('status');
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await startComponentNamed('ferretdb');
    }

    await page.waitForURL(/\/result\?attempt=[0-9a-f]{24}$/, { timeout: 60_000 });
    await title('Test 3 Completed!').waitFor();
    expect(await page.locator('.reconnecting-notice').textContent()).toBe('');
    // Refused while the database was away (503), then stored: one submission id throughout.
    expect(submissions.some((s) => s.status === 503)).toBe(true);
    expect(submissions.at(-1)?.status).toBe(201);
    expect(new Set(submissions.map((s) => s.submissionId)).size).toBe(1);
  }, 240_000);
});
