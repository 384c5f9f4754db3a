import { MongoClient } from 'mongodb';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser';
import { recordDialogs, waitForDialog } from '../support/dialogs';
import { createKeycloakOnlyUser, keycloakSessions, signInToKeycloakAs } from '../support/keycloak';
import { mongoUri } from '../support/stack';
import { PASSWORD, uniqueEmail } from '../support/users';

/**
 * The Google sign-in flow end to end, except Google itself (no internet here). The realm's browser
 * flow is "a Keycloak session, else Google" (no password form), so the test gives the browser the
 * Keycloak session a finished Google round trip leaves (an administrator's impersonation of this
 * realm user); the flow's first step, the session cookie, then answers the gateway's request.
 * Everything else is the real path: the gateway's redirect with its hint, Keycloak's code, the
 * gateway's state, nonce and PKCE checks, auth-service's code exchange and user document, the
 * session cookie.
 */
describe('a Google sign-in session', () => {
  let browser: Browser;
  const mongo = new MongoClient(mongoUri);
  beforeAll(async () => {
    browser = await launchBrowser();
    await mongo.connect();
  });
  afterAll(async () => {
    await browser?.close();
    await mongo.close();
  });

  it('comes back signed in, survives a reload, and Sign Out ends it in Keycloak so the next Google sign-in asks again', async () => {
    const email = uniqueEmail('google');
    const uid = await createKeycloakOnlyUser(email, PASSWORD, 'Grace', 'Hopper');
    const page = await newPage(browser);
    const dialogs = recordDialogs(page);
    // Playwright sees only the first request of a redirect chain: the gateway's redirect to
    // Keycloak goes on unchanged (hint included), after the browser got Grace's Keycloak session.
    const start = (url: URL) => url.pathname === '/api/auth/google';
    await page.route(start, async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      await signInToKeycloakAs(page.context().request, new URL(response.headers().location!).origin, uid);
      await route.fulfill({ response });
    });

    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Your Learning Journey' }).waitFor();

    // First social sign-in: {email, name, hasPaid:false}, written by the server.
    expect(await mongo.db().collection('users').findOne({ _id: uid } as never)).toEqual({ _id: uid, email, name: 'Grace Hopper', hasPaid: false });

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Your Learning Journey' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.length + window.sessionStorage.length)).toBe(0);
    expect((await keycloakSessions(uid)).length).toBe(1);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await waitForDialog(dialogs, 'Signed out successfully!');
    expect(await keycloakSessions(uid)).toEqual([]);

    // Same browser (Keycloak's SSO cookie still in it): Keycloak must not sign Grace straight back in.
    await page.unroute(start);
    const toGoogle = new Promise<string>((resolve) => {
      void page.route('https://accounts.google.com/**', async (route) => {
        resolve(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Google</h1>' });
      });
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const landedAt = await Promise.race([toGoogle.then(() => 'Google'), page.waitForURL('**/dashboard', { timeout: 30_000 }).then(() => 'the dashboard, signed in')]);
    expect(landedAt).toBe('Google');
  });

  it("shows 'Google Sign-In Failed: ' and the reason when the sign-in is refused, and forgets it on reload", async () => {
    const page = await newPage(browser);
    const dialogs = recordDialogs(page);
    // Keycloak's answer when the person declines at Google: back to our callback with the state
    // the gateway issued and error=access_denied. The gateway's real callback handles it.
    await page.route(
      (url) => url.pathname === '/api/auth/google',
      async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        const state = new URL(response.headers().location!).searchParams.get('state')!;
        const callback = `/api/auth/google/callback?${new URLSearchParams({ state, error: 'access_denied' })}`;
        await route.fulfill({ response, headers: { ...response.headers(), location: callback } });
      },
    );
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await waitForDialog(dialogs, 'Google Sign-In Failed: Access was denied.');
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await page.reload();
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    expect(dialogs.filter((d) => d.startsWith('Google Sign-In Failed'))).toHaveLength(1);
  });
});
