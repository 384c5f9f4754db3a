import { describe, expect, it } from 'vitest';
import { loadAuthConfig } from './config';

const strong = { KEYCLOAK_WEB_CLIENT_SECRET: 'w'.repeat(32), KEYCLOAK_ADMIN_CLIENT_SECRET: 'a'.repeat(32) };

describe('auth-service configuration', () => {
  it('refuses to start in production on the development client secrets', () => {
    expect(() => loadAuthConfig({ NODE_ENV: 'production' })).toThrow(/KEYCLOAK_WEB_CLIENT_SECRET is the development default[\s\S]*KEYCLOAK_ADMIN_CLIENT_SECRET is the development default/);
    expect(() => loadAuthConfig({ NODE_ENV: 'production', ...strong, KEYCLOAK_ADMIN_CLIENT_SECRET: '' })).toThrow(/KEYCLOAK_ADMIN_CLIENT_SECRET is not set/);
    expect(loadAuthConfig({ NODE_ENV: 'production', ...strong }).KEYCLOAK_WEB_CLIENT_SECRET).toBe(strong.KEYCLOAK_WEB_CLIENT_SECRET);
  });

  it('keeps every downstream deadline inside the gateway’s', () => {
    // Development: an unset NODE_ENV means production, which would refuse the default secrets first.
    const load = (env: Record<string, string>) => loadAuthConfig({ NODE_ENV: 'development', ...env });
    const config = load({ NATS_REQUEST_TIMEOUT_MS: '5000' });
    expect(config.AUTH_OPERATION_BUDGET_MS).toBe(4500);
    expect(config.KEYCLOAK_TIMEOUT_MS).toBeLessThan(config.AUTH_OPERATION_BUDGET_MS);
    expect(() => load({ NATS_REQUEST_TIMEOUT_MS: '2000', KEYCLOAK_TIMEOUT_MS: '2500' })).toThrow(/KEYCLOAK_TIMEOUT_MS must be shorter/);
    expect(() => load({ NATS_REQUEST_TIMEOUT_MS: '2000', KEYCLOAK_TIMEOUT_MS: '1000', AUTH_OPERATION_BUDGET_MS: '2000' })).toThrow(
      /AUTH_OPERATION_BUDGET_MS must be shorter/,
    );
  });
});
