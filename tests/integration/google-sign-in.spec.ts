import { describe, expect, it } from 'vitest';
import { gatewayUrl } from '../support/stack';

const start = (query: string) => fetch(`${gatewayUrl}/api/auth/google?${query}`, { redirect: 'manual' });
const pendingCookie = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('fluent_google='));

// The gateway's side of the Google code flow; the browser test follows it through Keycloak.
describe('Google sign-in at the gateway', () => {
  it('sends the browser to Keycloak with the google hint, PKCE, state, nonce and our callback', async () => {
    const response = await start('returnTo=%2Fdashboard&from=%2Flogin');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/realms/fluent/protocol/openid-connect/auth');
    const p = location.searchParams;
    expect(p.get('client_id')).toBe('fluent-web');
    expect(p.get('kc_idp_hint')).toBe('google');
    expect(p.get('response_type')).toBe('code');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('state')).toMatch(/^[\w-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(p.get('redirect_uri')).toBe(`${gatewayUrl}/api/auth/google/callback`);
    const cookie = pendingCookie(response)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/google/);
    // The verifier stays with us; only its hash travels.
    const pending = JSON.parse(Buffer.from(cookie.split(';')[0]!.split('=')[1]!, 'base64url').toString()) as Record<string, string>;
    expect(p.get('code_challenge')).not.toBe(pending.verifier);
    expect(pending.state).toBe(p.get('state'));
  });

  it.each(['https://evil.test/', '//evil.test', 'javascript:alert(1)'])('never returns to another site (%s)', async (returnTo) => {
    const response = await start(`returnTo=${encodeURIComponent(returnTo)}`);
    const pending = JSON.parse(Buffer.from(pendingCookie(response)!.split(';')[0]!.split('=')[1]!, 'base64url').toString()) as Record<string, string>;
    expect(pending.returnTo).toBe('/dashboard');
  });

  it('refuses a callback whose state does not match, back to the page that started it', async () => {
    const started = await start('from=%2Flogin');
    const cookie = pendingCookie(started)!.split(';')[0]!;
    const callback = await fetch(`${gatewayUrl}/api/auth/google/callback?state=forged&code=abc`, { redirect: 'manual', headers: { cookie } });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/login?google_error=not_verified');
    expect(callback.headers.getSetCookie().some((c) => c.startsWith('fluent_session='))).toBe(false);
  });

  it('refuses a callback without the pending sign-in cookie (login CSRF)', async () => {
    const callback = await fetch(`${gatewayUrl}/api/auth/google/callback?state=x&code=abc`, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/login?google_error=not_verified');
  });

  it("reports the provider's error to the page that started it", async () => {
    const started = await start('from=%2F');
    const cookie = pendingCookie(started)!.split(';')[0]!;
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const callback = await fetch(`${gatewayUrl}/api/auth/google/callback?state=${state}&error=access_denied&error_description=Access%20denied`, {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(callback.headers.get('location')).toBe('/?google_error=access_denied');
  });
});
