import type { Page } from 'playwright-core';

/**
 * What goes wrong in the browser while a page is shown, as it happens: console errors, uncaught
 * errors, answers of 400 and above, and the browser's own issues (a Content-Security-Policy
 * violation among them; DevTools' Issues panel). Each list fills as the page runs.
 */
export async function watchPageProblems(page: Page) {
  const problems = { console: [] as string[], errors: [] as string[], failedRequests: [] as string[], issues: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.console.push(message.text());
  });
  page.on('pageerror', (error) => problems.errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.failedRequests.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => problems.issues.push(`${issue.code} ${JSON.stringify(issue.details).slice(0, 300)}`));
  await cdp.send('Audits.enable');
  return problems;
}
