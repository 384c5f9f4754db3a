import { describe, expect, it } from 'vitest';
import { loadConfig } from '@fluent/server-kit';
import { gatewayConfigSchema } from './config';

describe('gateway configuration', () => {
  const origin = { PUBLIC_ORIGIN: 'https://fluent.example', TRUST_PROXY: '10.0.0.0/8' };

  it('refuses a production gateway whose session cookie would travel without TLS', () => {
    expect(() => loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', ...origin })).toThrow(/SESSION_COOKIE_SECURE: production needs SESSION_COOKIE_SECURE=true/);
    expect(loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', ...origin, SESSION_COOKIE_SECURE: 'true' }).SESSION_COOKIE_SECURE).toBe(true);
    expect(loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', ...origin, ALLOW_INSECURE_COOKIES: 'true' }).SESSION_COOKIE_SECURE).toBe(false);
  });

  it('refuses to start with NODE_ENV unset and production settings missing: unset is production', () => {
    expect(() => loadConfig(gatewayConfigSchema, {})).toThrow(/PUBLIC_ORIGIN: production needs PUBLIC_ORIGIN/);
    expect(() => loadConfig(gatewayConfigSchema, { NODE_ENV: 'development' })).not.toThrow();
  });

  it('refuses a production gateway that does not know its public origin (Google sign-in redirect)', () => {
    expect(() => loadConfig(gatewayConfigSchema, { NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'true', TRUST_PROXY: '1' })).toThrow(/PUBLIC_ORIGIN: production needs PUBLIC_ORIGIN/);
  });

  it('refuses a production gateway that was not told which proxies to believe (TRUST_PROXY)', () => {
    const production = { NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'true', PUBLIC_ORIGIN: 'https://fluent.example' };
    expect(() => loadConfig(gatewayConfigSchema, production)).toThrow(/TRUST_PROXY: production needs TRUST_PROXY/);
    expect(loadConfig(gatewayConfigSchema, { ...production, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe('false');
    expect(loadConfig(gatewayConfigSchema, { ...production, TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
  });

  it('leaves TRUST_PROXY unset in development (the gateway then believes loopback proxies only)', () => {
    expect(loadConfig(gatewayConfigSchema, { NODE_ENV: 'development' }).TRUST_PROXY).toBeUndefined();
  });

  it('allows plain HTTP cookies in development', () => {
    expect(loadConfig(gatewayConfigSchema, { NODE_ENV: 'development' }).SESSION_COOKIE_SECURE).toBe(false);
  });

  it('refuses a trusted rate-limit range that is not a network, naming the entry', () => {
    expect(() => loadConfig(gatewayConfigSchema, { NODE_ENV: 'development', RATE_LIMIT_TRUSTED_RANGES: '203.0.113.0/24, school' })).toThrow(
      /RATE_LIMIT_TRUSTED_RANGES: Not a network: school/,
    );
    expect(loadConfig(gatewayConfigSchema, { NODE_ENV: 'development', RATE_LIMIT_TRUSTED_RANGES: '203.0.113.0/24, 2001:db8::/48' }).RATE_LIMIT_TRUSTED_RANGES).toBe(
      '203.0.113.0/24, 2001:db8::/48',
    );
  });
});
