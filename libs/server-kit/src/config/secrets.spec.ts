import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertProductionSecrets, loadConfigWithSecrets } from './secrets';

const defaults = { CLIENT_SECRET: 'dev-secret-value' };

describe('assertProductionSecrets', () => {
  it('lets development and test run on the defaults', () => {
    expect(() => assertProductionSecrets({ NODE_ENV: 'development', CLIENT_SECRET: 'dev-secret-value' }, defaults)).not.toThrow();
    expect(() => assertProductionSecrets({ NODE_ENV: 'test' }, defaults)).not.toThrow();
  });

  it.each([
    ['missing', undefined, /CLIENT_SECRET is not set/],
    ['empty', '', /CLIENT_SECRET is not set/],
    ['the development default', 'dev-secret-value', /CLIENT_SECRET is the development default/],
    ['an unrendered placeholder', '${FLUENT_AUTH_CLIENT_SECRET}', /CLIENT_SECRET is an unrendered placeholder/],
    ['too short', 'abc123', /CLIENT_SECRET is shorter than 16 characters/],
  ])('refuses to start in production when the secret is %s', (_case, value, message) => {
    expect(() => assertProductionSecrets({ NODE_ENV: 'production', CLIENT_SECRET: value }, defaults)).toThrow(message);
  });

  it('accepts a real secret in production', () => {
    expect(() => assertProductionSecrets({ NODE_ENV: 'production', CLIENT_SECRET: 'k3J9x2Lq8vT4nZ7wR1pY' }, defaults)).not.toThrow();
  });
});

describe('loadConfigWithSecrets', () => {
  const schema = z.object({ NODE_ENV: z.string().default('production'), CLIENT_SECRET: z.string().default(defaults.CLIENT_SECRET) });

  it('reads the environment through the schema, then refuses a development default in production', () => {
    expect(loadConfigWithSecrets(schema, defaults, { NODE_ENV: 'development' })).toEqual({ NODE_ENV: 'development', CLIENT_SECRET: 'dev-secret-value' });
    expect(() => loadConfigWithSecrets(schema, defaults, {})).toThrow(/CLIENT_SECRET is the development default/);
    expect(loadConfigWithSecrets(schema, defaults, { CLIENT_SECRET: 'k3J9x2Lq8vT4nZ7wR1pY' }).CLIENT_SECRET).toBe('k3J9x2Lq8vT4nZ7wR1pY');
  });
});
