import { describe, expect, it } from 'vitest';
import { loadConfig } from '@fluent/server-kit';
import { gatewayConfigSchema } from './config';

describe('gateway configuration', () => {
  it('refuses a production gateway whose session cookie would travel without TLS', () => {
    expect(() => loadConfig(gatewayConfigSchema, { NODE_ENV: 'production' })).toThrow(/SESSION_COOKIE_SECURE: production needs SESSION_COOKIE_SECURE=true/);
    expect(loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'true' }).SESSION_COOKIE_SECURE).toBe(true);
    expect(loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', ALLOW_INSECURE_COOKIES: 'true' }).SESSION_COOKIE_SECURE).toBe(false);
  });

  it('allows plain HTTP cookies in development', () => {
    expect(loadConfig(gatewayConfigSchema, {}).SESSION_COOKIE_SECURE).toBe(false);
  });
});
