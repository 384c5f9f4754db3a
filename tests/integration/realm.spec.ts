import { describe, expect, it } from 'vitest';
import { flowExecutions, identityProvider, keycloakUrl, realmClient, realmSettings } from '../support/keycloak';
import { stackEnvironment } from '../support/stack';
import { uniqueEmail } from '../support/users';

// The realm as Keycloak imported it (deploy/keycloak/realm.json), read back through the admin API.
describe('Keycloak realm', () => {
  it('rotates refresh tokens: each works once', async () => {
    const realm = await realmSettings();
    expect(realm.revokeRefreshToken).toBe(true);
    expect(realm.refreshTokenMaxReuse).toBe(0);
  });

  it('has no public client that takes passwords: fluent-web is confidential, admin-cli is off', async () => {
    const web = await realmClient('fluent-web');
    expect(web.publicClient).toBe(false);
    expect(web.redirectUris.every((uri: string) => uri.endsWith('/api/auth/google/callback'))).toBe(true);
    const adminCli = await realmClient('admin-cli');
    expect(adminCli.enabled).toBe(false);
    for (const clientId of ['fluent-web', 'admin-cli']) {
      const grant = await fetch(`${keycloakUrl}/realms/fluent/protocol/openid-connect/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', client_id: clientId, username: uniqueEmail('guess'), password: 'guess-1234' }),
      });
      const body = (await grant.json()) as { error: string };
      // Refused for the client, before any password is checked.
      expect(['unauthorized_client', 'invalid_client']).toContain(body.error);
    }
  });

  it('was imported with its client secrets: the placeholder text is not a secret Keycloak accepts', async () => {
    for (const [clientId, placeholder] of [
      ['fluent-auth-service', '${FLUENT_AUTH_CLIENT_SECRET}'],
      ['fluent-web', '${FLUENT_WEB_CLIENT_SECRET}'],
    ]) {
      const grant = await fetch(`${keycloakUrl}/realms/fluent/protocol/openid-connect/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId!, client_secret: placeholder! }),
      });
      const body = (await grant.json()) as { error: string; error_description: string };
      expect([grant.status, body.error_description], clientId).toEqual([401, 'Invalid client or Invalid client credentials']);
    }
    // The real secret gets past client authentication (the grant itself is refused): the answer
    // auth-service's start-up check tells apart from the one above.
    const real = await fetch(`${keycloakUrl}/realms/fluent/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'fluent-web', client_secret: stackEnvironment().FLUENT_WEB_CLIENT_SECRET! }),
    });
    expect(((await real.json()) as { error_description: string }).error_description).not.toMatch(/invalid client credentials/i);
  });

  it('binds a browser flow of two steps, the Keycloak session cookie or Google, with registration and password reset off', async () => {
    const realm = await realmSettings();
    expect(realm.browserFlow).toBe('fluent browser');
    expect([realm.registrationAllowed, realm.resetPasswordAllowed]).toEqual([false, false]);
    const executions = await flowExecutions('fluent browser');
    expect(executions.map((e) => [e.providerId, e.requirement])).toEqual([
      ['auth-cookie', 'ALTERNATIVE'],
      ['identity-provider-redirector', 'ALTERNATIVE'],
    ]);
    // No client overrides it with a flow of its own.
    expect((await realmClient('fluent-web')).authenticationFlowBindingOverrides ?? {}).toEqual({});
  });

  it('is configured never to link a first Google sign-in to an existing account (no email squatting), and to let Google ask which account', async () => {
    const google = await identityProvider('google');
    expect(google.config.prompt).toBe('select_account');
    expect(google.firstBrokerLoginFlowAlias).toBe('fluent first broker login');
    const executions = await flowExecutions('fluent first broker login');
    const providers = executions.map((e) => e.providerId as string);
    expect(executions.find((e) => e.providerId === 'idp-create-user-if-unique')?.requirement).toBe('REQUIRED');
    for (const linking of ['idp-confirm-link', 'idp-email-verification', 'idp-auto-link', 'idp-username-password-form', 'idp-detect-existing-broker-user']) {
      expect(providers).not.toContain(linking);
    }
    expect(executions.every((e) => !e.authenticationFlow)).toBe(true);
  });
});
