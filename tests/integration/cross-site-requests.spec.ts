import { describe, expect, it } from 'vitest';
import { gatewayUrl } from '../support/stack';
import { PASSWORD, signUp } from '../support/users';

const JSON_ONLY = { statusCode: 415, message: 'Send the request body as JSON (Content-Type: application/json).' };
const FOREIGN = { statusCode: 403, message: 'This request came from another site.' };

/** A POST as a browser page would send it: its own Origin and body type. */
async function postFrom(path: string, body: string, headers: Record<string, string>) {
  const response = await fetch(`${gatewayUrl}${path}`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as unknown, cookies: response.headers.getSetCookie() };
}

// Login CSRF: another site's page must not sign a visitor into the attacker's account.
describe('state-changing requests from other sites, or not in JSON', () => {
  it("refuses a cross-site form posting the attacker's credentials to /api/auth/login with 403, and sets no session", async () => {
    const { email } = await signUp();
    const form = new URLSearchParams({ email, password: PASSWORD }).toString();
    const refused = await postFrom('/api/auth/login', form, { origin: 'https://attacker.example', 'content-type': 'application/x-www-form-urlencoded' });
    expect(refused).toEqual({ status: 403, body: FOREIGN, cookies: [] });
  });

  it('checks the route a request reaches, not how its path is spelled: /%61pi/auth/login and /%61pi/auth/logout from another site are refused', async () => {
    const { email } = await signUp();
    const form = new URLSearchParams({ email, password: PASSWORD }).toString();
    const headers = { origin: 'https://attacker.example', 'content-type': 'application/x-www-form-urlencoded' };
    expect(await postFrom('/%61pi/auth/login', form, headers)).toEqual({ status: 403, body: FOREIGN, cookies: [] });
    expect(await postFrom('/%61pi/auth/logout', '', headers)).toEqual({ status: 403, body: FOREIGN, cookies: [] });
    // The spelling reaches the real route: from this site, as JSON, it signs in.
    expect((await postFrom('/%61pi/auth/login', JSON.stringify({ email, password: PASSWORD }), { origin: gatewayUrl, 'content-type': 'application/json' })).status).toBe(200);
  });

  it('refuses a form-encoded or text body on the API with 415, even from this site', async () => {
    const { email } = await signUp();
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', new URLSearchParams({ email, password: PASSWORD }).toString()],
      ['text/plain', JSON.stringify({ email, password: PASSWORD })],
    ]) {
      expect(await postFrom('/api/auth/login', body!, { origin: gatewayUrl, 'content-type': type! })).toEqual({ status: 415, body: JSON_ONLY, cookies: [] });
    }
  });

  it('accepts the same sign-in as JSON from this site, and from a client that sends no Origin', async () => {
    const { email } = await signUp();
    const json = JSON.stringify({ email, password: PASSWORD });
    expect((await postFrom('/api/auth/login', json, { origin: gatewayUrl, 'content-type': 'application/json' })).status).toBe(200);
    expect((await postFrom('/api/auth/login', json, { 'content-type': 'application/json' })).status).toBe(200);
  });
});
