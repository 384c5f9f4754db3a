// /api/docs in a real browser: Swagger UI from the gateway's own files renders the document's
// operations, under the site's Content-Security-Policy, with nothing asked of another host.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { watchPageProblems } from '../support/page-problems';
import { gatewayUrl } from '../support/stack';

describe('the API docs page', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('renders every tag and an operation, with no CSP report, console error or request elsewhere', async () => {
    const page = await newPage(browser);
    const problems = await watchPageProblems(page);
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== new URL(gatewayUrl).origin) elsewhere.push(request.url());
    });
    await page.goto('/api/docs');
    await page.getByText('Fluent API', { exact: false }).first().waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/api/tests/{id}/attempts' }).first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(30);
    expect(elsewhere).toEqual([]);
    expect(problems.console).toEqual([]);
    expect(problems.errors).toEqual([]);
    expect(problems.issues).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  });
});
