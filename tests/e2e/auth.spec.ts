import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { recordDialogs, waitForDialog } from '../support/dialogs';
import { keycloakUrl } from '../support/keycloak';
import { signedInPage, submitLoginForm } from '../support/login-page';
import { PASSWORD, signUp, uniqueEmail } from '../support/users';

const sessionCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'fluent_session');
const webStorage = (page: Page) =>
  page.evaluate(() => ({ local: { ...window.localStorage }, session: { ...window.sessionStorage } }));

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
    await submitLoginForm(page, email, 'wrong-password');
    await waitForDialog(dialogs, 'Invalid email or password.');
    await submitLoginForm(page, email);
    await page.waitForURL('**/dashboard');
  });

  it('sends a signed-out visitor from /result to /login, and back to /result after signing in', async () => {
    const { email } = await signUp();
    const page = await newPage(browser);
    await page.goto('/result');
    await page.waitForURL('**/login');
    await submitLoginForm(page, email);
    await page.waitForURL('**/result');
    await page.getByRole('heading', { name: 'No Results Available' }).waitFor();
  });

  it('keeps the session across a reload and a new tab from the rotating cookie alone, and signs out', async () => {
    const { email } = await signUp();
    const page = await newPage(browser);
    const dialogs = recordDialogs(page);
    await page.goto('/');
    await fillLanding(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    const cookieBefore = await sessionCookie(page);
    expect(cookieBefore?.httpOnly).toBe(true);
    expect(await webStorage(page)).toEqual({ local: {}, session: {} });

    const restore = page.waitForResponse((r) => r.url().endsWith('/api/auth/session') && r.request().method() === 'POST');
    await page.reload();
    expect((await restore).status()).toBe(200);
    await page.getByRole('heading', { name: 'Welcome to Your Learning Journey' }).waitFor();
    const cookieAfter = await sessionCookie(page);
    expect(cookieAfter?.value).toBeTruthy();
    expect(cookieAfter?.value).not.toBe(cookieBefore?.value);
    expect(await webStorage(page)).toEqual({ local: {}, session: {} });

    const tab = await page.context().newPage();
    await tab.goto('/dashboard');
    await tab.getByRole('heading', { name: 'Welcome to Your Learning Journey' }).waitFor();
    await tab.close();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await waitForDialog(dialogs, 'Signed out successfully!');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await sessionCookie(page)).toBeUndefined();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
  });

  it('shows a calm reconnecting screen while the sign-in service is away, then the signed-in page', async () => {
    const page = await signedInPage(browser);
    let outage = 2;
    await page.route('**/api/auth/session', async (route) => {
      if (outage-- > 0) return route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"message":"The sign-in service is unavailable. Please try again shortly."}' });
      return route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Reconnecting…' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Your Learning Journey' }).waitFor();
  });

  it.each([
    ['/', 'Sign in with Google'],
    ['/login', 'Continue with Google'],
  ])('on %s, "%s" goes through Keycloak to Google with our client id and Keycloak\'s broker endpoint', async (path, label) => {
    const page = await newPage(browser);
    // Keycloak answers for real; the browser is stopped only where it would leave this machine.
    const google = new Promise<URL>((resolve) => {
      void page.route('https://accounts.google.com/**', async (route) => {
        resolve(new URL(route.request().url()));
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Google</h1>' });
      });
    });
    await page.goto(path);
    await page.getByRole('button', { name: label }).click();
    const url = await google;
    expect(url.searchParams.get('client_id')).toBe(process.env.GOOGLE_CLIENT_ID ?? 'unset-google-client-id');
    expect(url.searchParams.get('redirect_uri')).toBe(`${keycloakUrl}/realms/fluent/broker/google/endpoint`);
    expect(url.searchParams.get('response_type')).toBe('code');
    // On a shared computer Google must ask which account, not reuse the last one.
    expect(url.searchParams.get('prompt')).toBe('select_account');
  });
});
