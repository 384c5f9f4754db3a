import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { recordDialogs, waitForDialog } from '../support/dialogs';
import { PASSWORD, signUp, uniqueEmail } from '../support/users';

async function fillLanding(page: Page, email: string, password: string) {
  const card = page.getByRole('region', { name: 'Sign In' });
  await card.getByLabel('Email').fill(email);
  await card.getByLabel('Password').fill(password);
  await card.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('sign-up, sign-in and sign-out in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up: alert "Signup successful!", then lands on / signed in', async () => {
    const page = await newPage(browser);
    const dialogs = recordDialogs(page);
    await page.goto('/signup');
    await page.getByText('Mobile number should be 10 digits').waitFor();
    await page.getByLabel('Mobile Number').fill('0123456789');
    await page.getByLabel('Email').fill(uniqueEmail('e2e-signup'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await waitForDialog(dialogs, 'Signup successful!');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Go to your dashboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'Already have an account? Sign In' }).count()).toBe(0);
  });

  it('links back to / for existing accounts from /signup', async () => {
    const page = await newPage(browser);
    await page.goto('/signup');
    await page.getByRole('link', { name: 'Already have an account? Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('signs in from the landing card and goes to /dashboard', async () => {
    const { email } = await signUp();
    const page = await newPage(browser);
    await page.goto('/');
    await fillLanding(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Your Learning Journey' }).waitFor();
    await page.getByText('Enjoy 20 free tests designed to boost your English skills — no limits, no cost!').waitFor();
  });

  it('shows the exact error for a wrong password on the landing card', async () => {
    const { email } = await signUp();
    const page = await newPage(browser);
    await page.goto('/');
    await fillLanding(page, email, 'wrong-password');
    const error = page.getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toBe('Failed to sign in. Please check your credentials.');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('signs in from /login, and alerts the server message on failure', async () => {
    const { email } = await signUp();
    const page = await newPage(browser);
    const dialogs = recordDialogs(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await waitForDialog(dialogs, 'Invalid email or password.');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('sends a signed-out visitor from /dashboard to /login, and back after signing in', async () => {
    const { email } = await signUp();
    const page = await newPage(browser);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('keeps the session across a reload and a new tab, and signs out', async () => {
    const { email } = await signUp();
    const page = await newPage(browser);
    const dialogs = recordDialogs(page);
    await page.goto('/');
    await fillLanding(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Your Learning Journey' }).waitFor();
    const tab = await page.context().newPage();
    await tab.goto('/dashboard');
    await tab.getByRole('heading', { name: 'Welcome to Your Learning Journey' }).waitFor();
    await tab.close();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await waitForDialog(dialogs, 'Signed out successfully!');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
  });

  it.each([
    ['/', 'Sign in with Google'],
    ['/login', 'Continue with Google'],
  ])('on %s, "%s" goes to Keycloak with kc_idp_hint=google', async (path, label) => {
    const page = await newPage(browser);
    // Stop at Keycloak: past it the browser would go to Google, which is not reachable here.
    let authorizeUrl: URL | undefined;
    await page.route('**/realms/fluent/protocol/openid-connect/auth**', async (route) => {
      authorizeUrl = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Keycloak</h1>' });
    });
    await page.goto(path);
    await page.getByRole('button', { name: label }).click();
    await page.getByRole('heading', { name: 'Keycloak' }).waitFor();
    expect(authorizeUrl?.searchParams.get('kc_idp_hint')).toBe('google');
    expect(authorizeUrl?.searchParams.get('client_id')).toBe('fluent-web');
    expect(authorizeUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl?.searchParams.get('redirect_uri')).toMatch(/\/dashboard$/);
  });
});
