import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { blankAnswers, publishPaymentSucceeded, submission, submitAttempt, uidOf } from '../support/catalog';
import { recordDialogs, waitForDialog } from '../support/dialogs';
import { learnerOnDashboard } from '../support/login-page';
import { testIntroduction } from '../support/runner';
import { eventually, api } from '../support/stack';
import { bearer } from '../support/users';

const cardButtons = (page: Page) => page.locator('article.mock-test-card button').allTextContents();
const clean = (labels: string[]) => labels.map((label) => label.trim());

describe('dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a new learner the banner, the progress strip and 20 cards with their levels: 3 Start Test, 17 Unlock Test', async () => {
    const { page } = await learnerOnDashboard(browser);
    await page.getByRole('heading', { name: 'Welcome to Your Learning Journey' }).waitFor();
    await page.getByText('Enjoy 20 free tests designed to boost your English skills — no limits, no cost!').waitFor();
    await page.getByText('0 of 20 tests completed').waitFor();

    expect(clean(await cardButtons(page))).toEqual([...Array(3).fill('Start Test'), ...Array(17).fill('Unlock Test')]);
    const levels = await page.locator('article.mock-test-card .level-badge').allTextContents();
    expect(levels).toEqual([...Array(3).fill('Easy'), ...Array(5).fill('Moderate'), ...Array(4).fill('Hard'), ...Array(8).fill('Moderate')]);
    expect(await page.locator('article.mock-test-card h2').allTextContents()).toEqual(Array.from({ length: 20 }, (_, i) => `Test ${i + 1}`));
  });

  it('opens the purchase dialog from a locked card (price, 17 premium tests); Cancel and Escape close it', async () => {
    const { page } = await learnerOnDashboard(browser);
    const dialog = page.getByRole('dialog', { name: 'Unlock premium tests' });
    await page.getByRole('article', { name: 'Test 4', exact: true }).getByRole('button').click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Pay $49.99' }).waitFor();
    expect(await dialog.textContent()).toContain('17 premium tests');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('article', { name: 'Test 17', exact: true }).getByRole('button').click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('starts a free test: Start Test opens /test with that test', async () => {
    const { page } = await learnerOnDashboard(browser);
    await page.getByRole('article', { name: 'Test 2', exact: true }).getByRole('button', { name: 'Start Test' }).click();
    await testIntroduction(page, 2);
  });

  it('shows an attempted test as Completed, which alerts "You have already attempted this test." and stays on the dashboard', async () => {
    const { page } = await learnerOnDashboard(browser, async (token) => {
      expect((await submitAttempt(token, 1, submission(blankAnswers()))).status).toBe(201);
    });
    const dialogs = recordDialogs(page);
    const completed = page.getByRole('article', { name: 'Test 1', exact: true }).getByRole('button', { name: 'Completed' });
    await completed.click();
    await waitForDialog(dialogs, 'You have already attempted this test.');
    expect(page.url()).toMatch(/\/dashboard$/);
    await page.getByText('1 of 20 tests completed').waitFor();
    await page.getByRole('link', { name: /Test 1: 0 WPM · 0\/35 correct/ }).waitFor();
  });

  it('shows every test as Start Test to a learner who has paid', async () => {
    const { page } = await learnerOnDashboard(browser, async (token) => {
      const uid = await uidOf(token);
      await publishPaymentSucceeded(uid);
      await eventually(() => api('/api/tests', { headers: bearer(token) }), (r) => r.body.paid === true);
    });
    expect(clean(await cardButtons(page))).toEqual(Array(20).fill('Start Test'));
  });
});
