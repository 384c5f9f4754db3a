import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientsAcceptingPlaceholders } from './realm-secrets-check';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('clientsAcceptingPlaceholders', () => {
  it('names every client whose secret is the literal placeholder (a realm imported without its secrets)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const clientId = new URLSearchParams(String(init.body)).get('client_id');
        // fluent-auth-service took the placeholder (service account token); fluent-web authenticated it
        // and then refused the grant; both mean the placeholder is the secret.
        if (clientId === 'fluent-auth-service') return json(200, { access_token: 'x' });
        return json(401, { error: 'unauthorized_client', error_description: 'Client not enabled to retrieve service account' });
      }),
    );
    expect(await clientsAcceptingPlaceholders('http://kc/token')).toEqual(['fluent-auth-service', 'fluent-web']);
  });

  it.each(['invalid_client', 'unauthorized_client'])('passes when Keycloak refuses the placeholders as client credentials (%s)', async (error) => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { error, error_description: 'Invalid client or Invalid client credentials' })));
    expect(await clientsAcceptingPlaceholders('http://kc/token')).toEqual([]);
  });
});
