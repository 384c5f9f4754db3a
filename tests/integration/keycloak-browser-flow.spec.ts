import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeycloakOnlyUser, flowExecutions, keycloakSessions, keycloakUrl } from '../support/keycloak';
import { gatewayUrl, stackEnvironment } from '../support/stack';
import { PASSWORD, uniqueEmail } from '../support/users';

/**
 * Keycloak's browser flow, as a browser that was never sent by the gateway meets it: the
 * authorization URL without kc_idp_hint. Browsers reach Keycloak only for Google sign-in, so the
 * realm's flow is "an existing Keycloak session, else Google": no password form anywhere, and no
 * password posted to login-actions signs anyone in. Passwords are checked only behind the
 * gateway's sign-in route, which counts every attempt first (per address and per account).
 */

const callback = `${gatewayUrl}/api/auth/google/callback`;

function authorizationUrl(): string {
  const verifier = randomBytes(32).toString('base64url');
  return `${keycloakUrl}/realms/fluent/protocol/openid-connect/auth?${new URLSearchParams({
    client_id: 'fluent-web',
    response_type: 'code',
    redirect_uri: callback,
    scope: 'openid',
    state: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })}`;
}

/** A browser's cookie jar for Keycloak's origin (the realm's cookies share one path). */
class CookieJar {
  readonly cookies = new Map<string, string>();
  readonly everSet = new Set<string>();
  take(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.everSet.add(name!.trim());
      this.cookies.set(name!.trim(), value.join('='));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

interface Hop {
  url: string;
  status: number;
  location?: string;
  body: string;
}

/** Follows redirects by hand while they stay on Keycloak, as a browser would, recording every hop. */
async function browse(start: string, jar: CookieJar, init: RequestInit = {}): Promise<Hop[]> {
  const hops: Hop[] = [];
  let url = start;
  let request: RequestInit = init;
  for (let i = 0; i < 10; i++) {
    const response = await fetch(url, { ...request, redirect: 'manual', headers: { ...(request.headers ?? {}), cookie: jar.header() } });
    jar.take(response);
    const location = response.headers.get('location') ?? undefined;
    hops.push({ url, status: response.status, location: location && new URL(location, url).toString(), body: await response.text() });
    if (!location || !new URL(location, url).toString().startsWith(keycloakUrl)) break;
    url = new URL(location, url).toString();
    request = {};
  }
  return hops;
}

/** A password field or a form that posts credentials to Keycloak's login actions, in any page. */
const passwordForms = (hops: Hop[]) =>
  hops.filter((h) => /<input[^>]*type="password"/i.test(h.body) || /<form[^>]*action="[^"]*login-actions\/authenticate[^"]*"[\s\S]*name="(username|password)"/i.test(h.body));

/** Where the flow lets a browser post credentials: the form Keycloak shows, else the URL of the flow's own steps. */
async function credentialPostUrls(hops: Hop[]): Promise<string[]> {
  const fromForm = hops.flatMap((h) => [...h.body.matchAll(/<form[^>]*action="([^"]*login-actions\/authenticate[^"]*)"/gi)].map((m) => m[1]!.replaceAll('&amp;', '&')));
  if (fromForm.length > 0) return fromForm;
  // No form: aim at login-actions/authenticate with the auth session's tab and code, once as is and
  // once naming the username/password step of Keycloak's built-in browser flow.
  const step = hops.map((h) => h.location).find((l) => l?.includes('tab_id='));
  expect(step, 'the flow gave the browser a step of its auth session').toBeTruthy();
  const query = new URL(step!).searchParams;
  const base = `${keycloakUrl}/realms/fluent/login-actions/authenticate`;
  const params = { session_code: query.get('session_code') ?? '', client_id: 'fluent-web', tab_id: query.get('tab_id')! };
  const builtIn = (await flowExecutions('browser')).find((e) => e.providerId === 'auth-username-password-form');
  return [`${base}?${new URLSearchParams(params)}`, ...(builtIn ? [`${base}?${new URLSearchParams({ ...params, execution: builtIn.id })}`] : [])];
}

describe("Keycloak's browser flow: Google only, never a password", () => {
  it('shows no password form at the authorization URL without kc_idp_hint, and sends the browser on to Google', async () => {
    const hops = await browse(authorizationUrl(), new CookieJar());
    expect(passwordForms(hops).map((h) => h.url)).toEqual([]);
    expect(hops.every((h) => h.status >= 300 && h.status < 400), JSON.stringify(hops.map((h) => [h.url, h.status]))).toBe(true);
    // Keycloak's hops on the way, each one the chart's Ingress routes (tests/ops/manifests.spec.ts).
    expect(hops.map((h) => new URL(h.url).pathname)).toEqual(['/realms/fluent/protocol/openid-connect/auth', '/realms/fluent/broker/google/login']);
    const google = new URL(hops.at(-1)!.location!);
    expect(google.origin).toBe('https://accounts.google.com');
    // Google comes back to the realm's broker endpoint.
    expect(google.searchParams.get('redirect_uri')).toBe(`${keycloakUrl}/realms/fluent/broker/google/endpoint`);
  });

  it("signs nobody in on a post of a real user's correct password to login-actions: no code, no Keycloak session", async () => {
    const email = uniqueEmail('browser-flow');
    const uid = await createKeycloakOnlyUser(email, PASSWORD, 'Ada', 'Lovelace');
    const jar = new CookieJar();
    const started = await browse(authorizationUrl(), jar);
    for (const url of await credentialPostUrls(started)) {
      const hops = await browse(url, jar, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: email, password: PASSWORD, credentialId: '' }).toString(),
      });
      const codes = hops.filter((h) => h.location?.startsWith(callback) && new URL(h.location).searchParams.has('code'));
      expect(codes.map((h) => h.location), url).toEqual([]);
      expect(passwordForms(hops).map((h) => h.url), url).toEqual([]);
    }
    expect([...jar.everSet].filter((name) => name.startsWith('KEYCLOAK_IDENTITY') || name.startsWith('KEYCLOAK_SESSION'))).toEqual([]);
    expect(await keycloakSessions(uid)).toEqual([]);

    // The password is right: the direct grant behind the gateway (auth-service's, with the client secret) accepts it.
    const grant = await fetch(`${keycloakUrl}/realms/fluent/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', client_id: 'fluent-web', client_secret: stackEnvironment().FLUENT_WEB_CLIENT_SECRET!, username: email, password: PASSWORD, scope: 'openid' }),
    });
    expect(grant.status).toBe(200);
  });
});
