import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, eventually, gatewayUrl, startComponentNamed, stopComponentNamed } from '../support/stack';
import { bearer, PASSWORD, signInForCookie, signUp, uniqueEmail } from '../support/users';

const UNAVAILABLE = 'The sign-in service is unavailable. Please try again shortly.';

// Keycloak stopped for real: every identity call answers a clear 503, nothing signs anyone out.
describe('with Keycloak down', () => {
  let email: string;
  let accessToken: string;
  let cookie: string;

  beforeAll(async () => {
    ({ email, tokens: { accessToken } } = await signUp());
    cookie = await signInForCookie(email);
    // The gateway fetches the realm's keys on its first verification; make it happen now.
    expect((await api('/api/me', { headers: bearer(accessToken) })).status).toBe(200);
    await stopComponentNamed('keycloak');
  }, 120_000);

  afterAll(async () => {
    await startComponentNamed('keycloak');
    await eventually(() => api('/api/auth/login', { method: 'POST', body: JSON.stringify({ email: uniqueEmail('probe'), password: PASSWORD }) }), (r) => r.status === 401, 240_000);
  }, 300_000);

  it('answers sign-in with 503 and the message, not "wrong password"', async () => {
    const { status, body } = await api('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }) });
    expect(status).toBe(503);
    expect(body.message).toBe(UNAVAILABLE);
  });

  it('answers sign-up with 503 and the message', async () => {
    const { status, body } = await api('/api/auth/signup', { method: 'POST', body: JSON.stringify({ email: uniqueEmail('down'), mobileNumber: '0123456789', password: PASSWORD }) });
    expect(status).toBe(503);
    expect(body.message).toBe(UNAVAILABLE);
  });

  it('keeps the session cookie (503, not 401) when a refresh cannot reach Keycloak', async () => {
    const response = await fetch(`${gatewayUrl}/api/auth/session`, { method: 'POST', headers: { cookie } });
    expect(response.status).toBe(503);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('still accepts an access token it verified before (keys cached)', async () => {
    expect((await api('/api/me', { headers: bearer(accessToken) })).status).toBe(200);
  });
});
