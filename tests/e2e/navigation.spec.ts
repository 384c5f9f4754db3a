import type { Browser, Locator, Page } from 'playwright-core';
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

  it('serves the landing page with the top bar, hero, Sign In card and footer', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of ['Home', 'Blog', 'About Us', 'Contact Us']) {
      await nav.getByRole('link', { name: link, exact: true }).waitFor();
    }
    await page.getByRole('heading', { level: 1 }).waitFor();
    const card = page.getByRole('region', { name: 'Sign In' });
    expect(await card.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await card.getByLabel('Password').getAttribute('type')).toBe('password');
    await card.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await card.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    await card.getByRole('link', { name: 'Sign Up' }).waitFor();
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByText(/^© \d{4} Fluent\. All rights reserved\.$/).textContent()).toBe(`© ${new Date().getFullYear()} Fluent. All rights reserved.`);
    expect(await footer.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe('/terms');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');

    await page.getByRole('button', { name: 'Learn More' }).click();
    await page.waitForURL((url) => url.pathname === '/about');
    await page.goBack();
    await page.getByRole('button', { name: 'Take the Test' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it.each([
    ['the landing page', '/', (page: Page) => page.getByRole('region', { name: 'Sign In' })],
    ['/login', '/login', (page: Page) => page.getByRole('main')],
  ])("goes to /signup from the 'Sign Up' link on %s", async (_name, path, container) => {
    const page = await newPage(browser);
    await page.goto(path);
    await container(page).getByRole('link', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
  });

  it('makes the browser require every sign-in and sign-up field, with the right input types, before anything is sent', async () => {
    const page = await newPage(browser);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/auth\/(login|signup)$/.test(new URL(request.url()).pathname)) sent.push(request.url());
    });
    const fieldsOf = (form: Locator) =>
      form.locator('input:not([type=hidden])').evaluateAll((inputs) => inputs.map((i) => ({ label: (i as HTMLInputElement).labels?.[0]?.textContent?.trim(), type: (i as HTMLInputElement).type, required: (i as HTMLInputElement).required })));

    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    const login = page.getByRole('main').locator('form');
    expect(await fieldsOf(login)).toEqual([
      { label: 'Email', type: 'email', required: true },
      { label: 'Password', type: 'password', required: true },
    ]);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    expect(await login.getByLabel('Email').evaluate((i) => (i as HTMLInputElement).validity.valueMissing)).toBe(true);

    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
    const signup = page.getByRole('main').locator('form');
    expect(await fieldsOf(signup)).toEqual([
      { label: 'Mobile Number', type: 'tel', required: true },
      { label: 'Email', type: 'email', required: true },
      { label: 'Password', type: 'password', required: true },
    ]);
    await signup.getByRole('button', { name: 'Sign Up', exact: true }).click();
    expect(await signup.getByLabel('Mobile Number').evaluate((i) => (i as HTMLInputElement).validity.valueMissing)).toBe(true);
    // The browser's own checks stopped both forms: nothing reached the gateway.
    expect(sent).toEqual([]);
  });

  it("shows 'Unexpected Application Error!' when a page cannot load (its code chunk fails), with a way home", async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByRole('button', { name: 'Take the Test' }).waitFor();
    // As after a deploy that removed the chunk a long-open tab still asks for.
    await page.route(/\/assets\/about-[\w-]+\.js$/, (route) => route.abort('failed'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }).waitFor();
    await page.unroute(/\/assets\/about-[\w-]+\.js$/);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('button', { name: 'Take the Test' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
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
