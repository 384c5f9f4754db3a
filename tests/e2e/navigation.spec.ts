import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';

describe('web app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the landing page with the top bar, hero and footer', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of ['Home', 'Blog', 'About Us', 'Contact Us']) {
      await nav.getByRole('link', { name: link, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Take the Test' }).waitFor();
    await page.getByRole('link', { name: 'Terms and Conditions' }).waitFor();
    await page.getByRole('link', { name: 'Privacy Policy' }).waitFor();
    await page.getByRole('button', { name: 'Take the Test' }).click();
    await page.waitForURL('**/login');
  });

  it('shows the designed not-found page for an unknown route, reloaded from the server', async () => {
    const page = await newPage(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
