import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser';
import { PASSWORD, signUp } from './users';

/** Fills /login's form (the page must already show it) and submits. */
export async function submitLoginForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A page signed in as this learner through /login, on /dashboard. */
export async function signedInAs(browser: Browser, email: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto('/login');
  await submitLoginForm(page, email);
  await page.waitForURL('**/dashboard');
  return page;
}

/** A new learner, signed in through /login, on /dashboard. */
export async function signedInPage(browser: Browser): Promise<Page> {
  const { email } = await signUp();
  return signedInAs(browser, email);
}

/**
 * A new learner signed in through /login, on /dashboard once its cards are shown; `prepare` acts
 * with the learner's access token before the sign-in (the token is returned, to act through the API too).
 */
export async function learnerOnDashboard(browser: Browser, prepare: (token: string) => Promise<void> = async () => undefined) {
  const { email, tokens } = await signUp();
  await prepare(tokens.accessToken);
  const page = await signedInAs(browser, email);
  await page.getByRole('heading', { name: 'Test 20' }).waitFor();
  return { page, token: tokens.accessToken };
}
