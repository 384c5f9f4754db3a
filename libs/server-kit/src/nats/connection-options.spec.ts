import { afterEach, describe, expect, it, vi } from 'vitest';
import { natsAuthOptions, natsClientOptions, natsCredentialsFromEnv, natsServerOptions } from './connection-options';

describe('NATS connection options', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('authenticate the app as NATS_USER with an inbox of its own', () => {
    vi.stubEnv('NATS_USER', 'blog-service');
    vi.stubEnv('NATS_PASSWORD', 's3cret');
    expect(natsServerOptions('blog-service', 'nats://127.0.0.1:4222').options).toMatchObject({
      servers: ['nats://127.0.0.1:4222'],
      queue: 'blog-service',
      user: 'blog-service',
      pass: 's3cret',
      inboxPrefix: '_INBOX.blog-service',
    });
    expect(natsClientOptions('gateway', 'nats://127.0.0.1:4222', { user: 'gateway', password: 'pw' }).options).toMatchObject({
      user: 'gateway',
      pass: 'pw',
      inboxPrefix: '_INBOX.gateway',
    });
  });

  it('connect without credentials when none are configured', () => {
    vi.stubEnv('NATS_USER', '');
    vi.stubEnv('NATS_PASSWORD', '');
    const options = natsClientOptions('gateway', 'nats://127.0.0.1:4222').options ?? {};
    expect(options).not.toHaveProperty('user');
    expect(options).not.toHaveProperty('pass');
    expect(options).not.toHaveProperty('inboxPrefix');
  });

  it('refuse a user without a password', () => {
    expect(() => natsAuthOptions({ user: 'gateway' })).toThrow(/NATS_USER and NATS_PASSWORD/);
    expect(() => natsAuthOptions({ password: 'pw' })).toThrow(/NATS_USER and NATS_PASSWORD/);
  });

  it('read the credentials through the config schema', () => {
    expect(natsCredentialsFromEnv({ NATS_USER: 'auth-service', NATS_PASSWORD: 'x' })).toEqual({ user: 'auth-service', password: 'x' });
    expect(natsCredentialsFromEnv({ NODE_ENV: 'development' })).toEqual({ user: undefined, password: undefined });
    // Production (also NODE_ENV unset) never connects anonymously.
    expect(() => natsCredentialsFromEnv({})).toThrow(/production needs NATS_USER and NATS_PASSWORD/);
    expect(() => natsCredentialsFromEnv({ NODE_ENV: 'production' })).toThrow(/production needs NATS_USER and NATS_PASSWORD/);
    expect(() => natsCredentialsFromEnv({ NODE_ENV: 'production', NATS_USER: 'gateway' })).toThrow(/production needs NATS_USER and NATS_PASSWORD/);
  });
});
