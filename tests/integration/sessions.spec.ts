import { describe, expect, it } from 'vitest';
import { keycloakSessions, findKeycloakUser } from '../support/keycloak';
import { api, gatewayUrl, startComponentNamed, stackEnvironment, stopComponentNamed } from '../support/stack';
import { bearer, sessionCookieOf, signInForCookie, signUp } from '../support/users';

const refresh = (cookie?: string) => fetch(`${gatewayUrl}/api/auth/session`, { method: 'POST', headers: cookie ? { cookie } : {} });
const graceMs = Number(stackEnvironment().REFRESH_GRACE_SECONDS) * 1000;
/** The Keycloak session id a token (or the cookie's refresh token) belongs to. */
const sidOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

// The session cookie against the real gateway, auth-service and Keycloak (rotation on).
describe('session cookie', () => {
  it('restores the session with the access token only, and rotates the cookie', async () => {
    const { email } = await signUp();
    const cookie = await signInForCookie(email);
    const restored = await refresh(cookie);
    expect(restored.status).toBe(200);
    const body = (await restored.json()) as { accessToken: string };
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresIn']);
    const me = await api('/api/me', { headers: bearer(body.accessToken) });
    expect(me.body.email).toBe(email);
    const rotated = sessionCookieOf(restored);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(cookie);
    expect((await refresh(rotated)).status).toBe(200);
  });

  it('refuses a rotated refresh token once its short grace has passed, and clears the cookie', async () => {
    const { email } = await signUp();
    const cookie = await signInForCookie(email);
    expect((await refresh(cookie)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, graceMs + 1500));
    const reused = await refresh(cookie);
    expect(reused.status).toBe(401);
    expect(reused.headers.getSetCookie().join()).toMatch(/fluent_session=;/);
  });

  it('keeps two tabs that restore at the same moment both signed in', async () => {
    const { email } = await signUp();
    const cookie = await signInForCookie(email);
    const [a, b, c] = await Promise.all([refresh(cookie), refresh(cookie), refresh(cookie)]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    // They share one rotation: the same new cookie for all.
    expect(new Set([sessionCookieOf(a), sessionCookieOf(b), sessionCookieOf(c)]).size).toBe(1);
  });

  it('answers 503 and keeps the cookie while auth-service is away, then restores the same session', async () => {
    const { email } = await signUp();
    const cookie = await signInForCookie(email);
    await stopComponentNamed('auth-service');
    let during: Response;
    try {
      during = await refresh(cookie);
    } finally {
      await startComponentNamed('auth-service');
    }
    expect(during.status).toBe(503);
    expect(((await during.json()) as { message: string }).message).toBe('The sign-in service is unavailable. Please try again shortly.');
    expect(during.headers.getSetCookie()).toEqual([]);
    let after = await refresh(cookie);
    for (let i = 0; i < 40 && after.status === 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      after = await refresh(cookie);
    }
    expect(after.status).toBe(200);
    // The same Keycloak session as before the outage, not a new sign-in.
    const { accessToken } = (await after.json()) as { accessToken: string };
    expect(sidOf(accessToken)).toBe(sidOf(cookie.slice('fluent_session='.length)));
  });

  it('answers a visitor without a session cookie 204 with no body and sets no cookie (signed out is not an error)', async () => {
    const response = await refresh();
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('still refuses a cookie that holds no live session (401, cookie cleared)', async () => {
    const response = await refresh('fluent_session=not-a-refresh-token');
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().join()).toMatch(/fluent_session=;/);
  });

  it('ends the Keycloak session on sign-out, and the cookie no longer restores anything', async () => {
    const { email } = await signUp();
    const uid = (await findKeycloakUser(email))!.id as string;
    const cookie = await signInForCookie(email);
    const before = (await keycloakSessions(uid)).length;
    expect(before).toBeGreaterThan(0);
    const out = await fetch(`${gatewayUrl}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join()).toMatch(/fluent_session=;/);
    // The sign-up's own session is still there; the one we signed out of is gone.
    expect((await keycloakSessions(uid)).length).toBe(before - 1);
    expect((await refresh(cookie)).status).toBe(401);
  });
});
