import { describe, expect, it } from 'vitest';
import { baseConfigSchema, loadConfig } from './config';

describe('loadConfig', () => {
  it('fills safe local defaults', () => {
    const config = loadConfig(baseConfigSchema, {});
    expect(config.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(config.NATS_REQUEST_TIMEOUT_MS).toBe(5000);
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('takes an unset NODE_ENV for production: development and test are chosen explicitly', () => {
    expect(loadConfig(baseConfigSchema, {}).NODE_ENV).toBe('production');
    expect(loadConfig(baseConfigSchema, { NODE_ENV: 'development' }).NODE_ENV).toBe('development');
  });

  it('coerces numbers from the environment', () => {
    expect(loadConfig(baseConfigSchema, { NATS_REQUEST_TIMEOUT_MS: '250' }).NATS_REQUEST_TIMEOUT_MS).toBe(250);
  });

  it('refuses bad values naming the variable', () => {
    expect(() => loadConfig(baseConfigSchema, { NATS_REQUEST_TIMEOUT_MS: '-1' })).toThrow(/NATS_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig(baseConfigSchema, { LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
