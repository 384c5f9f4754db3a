import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { signedInPage } from '../support/login-page';

describe('signed-in pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['/dashboard', '/test', '/result', '/practice'])('sends a signed-out visitor from %s to /login', async (path) => {
    const page = await newPage(browser);
    await page.goto(path);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
  });

  it('shows the invalid-test screen for /test without a test id, with a way back', async () => {
    const page = await signedInPage(browser);
    await page.goto('/test');
    await page.getByRole('heading', { name: 'Invalid Test Selected' }).waitFor();
    await page.getByText('Please select a test from the dashboard (Test 1 to Test 20).').waitFor();
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('shows "No Results Available" for /result without results', async () => {
    const page = await signedInPage(browser);
    await page.goto('/result');
    await page.getByRole('heading', { name: 'No Results Available' }).waitFor();
    await page.getByText('Please complete a test to view results.').waitFor();
  });
});
