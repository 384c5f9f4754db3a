import { RpcException } from '@nestjs/microservices';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deadline } from '@fluent/server-kit';
import { KeycloakTokens } from './keycloak-tokens';

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const errorOf = async (promise: Promise<unknown>) => ((await promise.catch((e: unknown) => e)) as RpcException).getError();
const budget = () => new Deadline(4000);

afterEach(() => vi.unstubAllGlobals());

describe('KeycloakTokens error mapping', () => {
  it('maps invalid_grant on a password grant to the one sign-in message (401)', async () => {
    vi.stubGlobal('fetch', answer(401, { error: 'invalid_grant', error_description: 'Invalid user credentials' }));
    expect(await errorOf(new KeycloakTokens().passwordGrant('a@b.co', 'x', budget()))).toEqual({ statusCode: 401, message: 'Invalid email or password.' });
  });

  it.each([
    ['invalid_client (a wrong client secret)', 401, { error: 'invalid_client' }],
    ['unauthorized_client (grant turned off)', 400, { error: 'unauthorized_client' }],
    ['a server error', 500, { error: 'unknown_error' }],
  ])('answers %s with 503, never as a wrong password', async (_case, status, body) => {
    vi.stubGlobal('fetch', answer(status, body));
    expect(await errorOf(new KeycloakTokens().passwordGrant('a@b.co', 'x', budget()))).toEqual({
      statusCode: 503,
      message: 'The sign-in service is unavailable. Please try again shortly.',
    });
  });

  it('answers 503 when Keycloak cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    expect((await errorOf(new KeycloakTokens().refresh('r', budget()))) as object).toMatchObject({ statusCode: 503 });
  });

  it('maps a refused refresh token to 401 "session ended" (the cookie is then cleared)', async () => {
    vi.stubGlobal('fetch', answer(400, { error: 'invalid_grant', error_description: 'Token is not active' }));
    expect(await errorOf(new KeycloakTokens().refresh('r', budget()))).toEqual({ statusCode: 401, message: 'Your session has ended. Please sign in again.' });
  });

  it('makes no call at all once the operation has no time left', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    let now = 0;
    const spent = new Deadline(100, () => now);
    now = 200;
    expect((await errorOf(new KeycloakTokens().refresh('r', spent))) as object).toMatchObject({ statusCode: 503 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the confidential client id and secret with every grant', async () => {
    const fetch = answer(200, { access_token: 'a', refresh_token: 'r', expires_in: 300, refresh_expires_in: 1800 });
    vi.stubGlobal('fetch', fetch);
    await new KeycloakTokens().passwordGrant('a@b.co', 'x', budget());
    const body = new URLSearchParams(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body.get('client_id')).toBe('fluent-web');
    expect(body.get('client_secret')).toBe('fluent-web-dev-secret');
  });
});
