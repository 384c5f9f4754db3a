import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deadline } from '@fluent/server-kit';
import { KeycloakAdmin } from './keycloak-admin';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => vi.unstubAllGlobals());

describe('KeycloakAdmin', () => {
  it('drops its cached service token when Keycloak refuses it, and retries once with a new one', async () => {
    const tokens = ['token-1', 'token-2'];
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.endsWith('/token')) return json(200, { access_token: tokens.shift(), expires_in: 300 });
        const auth = (init.headers as Record<string, string>).Authorization!;
        seen.push(auth);
        // Keycloak restarted: the first token is no longer valid.
        return auth === 'Bearer token-1' ? json(401, { error: 'HTTP 401 Unauthorized' }) : json(200, [{ id: 'uid-1', email: 'a@b.co' }]);
      }),
    );
    const admin = new KeycloakAdmin();
    await expect(admin.findByEmail('a@b.co', new Deadline(4000))).resolves.toEqual({ id: 'uid-1', email: 'a@b.co' });
    expect(seen).toEqual(['Bearer token-1', 'Bearer token-2']);
    // The new token is the cached one now.
    await admin.findByEmail('a@b.co', new Deadline(4000));
    expect(seen.at(-1)).toBe('Bearer token-2');
  });

  it('answers 409 with the field for an email that is taken', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.endsWith('/token') ? json(200, { access_token: 't', expires_in: 300 }) : json(409, { errorMessage: 'User exists with same email' }))),
    );
    const error = await new KeycloakAdmin()
      .createUser({ email: 'a@b.co', password: 'x', mobileNumber: '0123456789' }, new Deadline(4000))
      .catch((e: { getError: () => unknown }) => e.getError());
    expect(error).toEqual({ statusCode: 409, message: 'An account with this email already exists.', errors: { email: 'An account with this email already exists.' } });
  });
});
