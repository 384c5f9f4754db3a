import { describe, expect, it } from 'vitest';
import { loadConfig } from '@fluent/server-kit';
import { gatewayConfigSchema } from './config';

describe('gateway configuration', () => {
  const origin = { PUBLIC_ORIGIN: 'https://fluent.example' };

  it('refuses a production gateway whose session cookie would travel without TLS', () => {
    expect(() => loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', ...origin })).toThrow(/SESSION_COOKIE_SECURE: production needs SESSION_COOKIE_SECURE=true/);
    expect(loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', ...origin, SESSION_COOKIE_SECURE: 'true' }).SESSION_COOKIE_SECURE).toBe(true);
    expect(loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', ...origin, ALLOW_INSECURE_COOKIES: 'true' }).SESSION_COOKIE_SECURE).toBe(false);
  });

  it('refuses a production gateway that does not know its public origin (Google sign-in redirect)', () => {
    expect(() => loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'true' })).toThrow(/PUBLIC_ORIGIN: production needs PUBLIC_ORIGIN/);
  });

  it('allows plain HTTP cookies in development', () => {
    expect(loadConfig(gatewayConfigSchema, {}).SESSION_COOKIE_SECURE).toBe(false);
  });
});
