import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_REPORT_THANKS, ItemReportErrors } from '@fluent/contracts';
import { blankAnswers, submission, submitAttempt } from '../support/catalog';
import { launchBrowser } from '../support/browser';
import { signedInAs } from '../support/login-page';
import { signUp } from '../support/users';

describe('results: report a problem with an item', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a report from a stored result, thanks the learner, and refuses a second report of the same item', async () => {
    const { email, tokens } = await signUp();
    const stored = await submitAttempt(tokens.accessToken, 1, submission(blankAnswers()));
    expect(stored.status).toBe(201);
    const page = await signedInAs(browser, email);
    await page.goto(`/result?attempt=${stored.body.attemptId}`);

    const jumbled = page.getByRole('region', { name: 'Jumbled Words' });
    await jumbled.getByRole('button', { name: 'Report a problem with Jumbled Words question 3' }).click();
    const form = page.getByRole('form', { name: 'Report a problem with Jumbled Words question 3' });
    await form.getByRole('radio', { name: 'The question is unclear' }).check();
    await form.getByLabel('Anything else? (optional)').fill('Two words could go first.');
    await form.getByRole('button', { name: 'Send report' }).press('Enter');
    expect(await jumbled.getByRole('status').textContent()).toBe(ITEM_REPORT_THANKS);

    // After a reload the control is back, and the stored report answers a second one.
    await page.reload();
    await jumbled.getByRole('button', { name: 'Report a problem with Jumbled Words question 3' }).click();
    await form.getByRole('radio', { name: 'Other' }).check();
    await form.getByRole('button', { name: 'Send report' }).click();
    expect(await form.getByRole('alert').textContent()).toBe(ItemReportErrors.alreadyReported);
  });
});
