import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { natsCredentials, natsServerConfig, natsUsers } from './nats-auth.mjs';
import { appEnvironment } from './profiles.mjs';
import { tempProfile } from './testing.mjs';

/** @type {(() => void)[]} */
const cleanups = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const cleanup of cleanups.splice(0)) cleanup();
});
function profile(name) {
  const p = tempProfile(name, { nats: 4999, natsMonitor: 8999 });
  cleanups.push(p.cleanup);
  return p;
}

describe('NATS users', () => {
  const users = Object.fromEntries(natsUsers('test').map((u) => [u.user, u]));
  const requestSubjects = ['auth.>', 'catalog.>', 'payment.>', 'blog.>'];

  it('let only the gateway publish requests, each service subscribe to its own', () => {
    for (const [name, user] of Object.entries(users)) {
      const publishesRequests = user.publish.filter((s) => requestSubjects.includes(s));
      expect(publishesRequests, name).toEqual(name === 'gateway' ? requestSubjects : []);
    }
    expect(users['auth-service'].subscribe).toContain('auth.>');
    expect(users['blog-service'].subscribe).toEqual(['blog.>', 'replicas.blog-service.>', '_INBOX.blog-service.>']);
    // Messages among a service's own replicas (cache invalidations): its own subjects only.
    for (const name of ['auth-service', 'catalog-service', 'payment-service', 'blog-service']) {
      expect(users[name].publish.filter((s) => s.startsWith('replicas.')), name).toEqual([`replicas.${name}.>`]);
      expect(users[name].subscribe.filter((s) => s.startsWith('replicas.')), name).toEqual([`replicas.${name}.>`]);
    }
    expect(users.gateway.publish.filter((s) => s.startsWith('replicas.'))).toEqual([]);
    expect(users.gateway.subscribe).toEqual(['_INBOX.gateway.>']);
  });

  it('give JetStream rights and events only to the services that use them', () => {
    for (const name of ['auth-service', 'catalog-service', 'payment-service', 'blog-service']) {
      expect(users[name].publish, name).toContain('$JS.API.STREAM.*.FLUENT_EVENTS');
      // The events streams' API only, never all of it (the gateway's KV buckets are streams too).
      expect(users[name].publish, name).not.toContain('$JS.API.>');
    }
    // The gateway: its own KV buckets' API and subjects, no stream or consumer API in general.
    const gatewayJetStream = users.gateway.publish.filter((s) => s.startsWith('$'));
    expect(gatewayJetStream.filter((s) => !/KV_gateway_|\$KV\.gateway_|^\$JS\.API\.INFO$/.test(s))).toEqual([]);
    // Each publisher of events has its own domain: the gateway page views, payment-service payments.
    const eventPublishers = Object.values(users).filter((u) => u.publish.some((s) => s.startsWith('events.')));
    expect(eventPublishers.map((u) => [u.user, u.publish.filter((s) => s.startsWith('events.'))])).toEqual([
      ['gateway', ['events.analytics.>']],
      ['payment-service', ['events.payment.>']],
      ['test', ['events.>']],
    ]);
  });

  it('read replies only under their own inbox', () => {
    for (const user of Object.values(users)) {
      expect(user.subscribe.filter((s) => s.startsWith('_INBOX')).every((s) => s === `_INBOX.${user.user}.>`), user.user).toBe(true);
    }
  });

  it('give the setup step the events streams\' API and nothing to publish or answer', () => {
    expect(users.setup.publish).toContain('$JS.API.CONSUMER.DURABLE.CREATE.FLUENT_EVENTS.>');
    expect(users.setup.publish.filter((s) => !s.startsWith('$JS.'))).toEqual([]);
    expect(users.setup.subscribe).toEqual(['_INBOX.setup.>']);
  });

  it('have a test user only in the test profile', () => {
    expect(natsUsers('dev').map((u) => u.user)).not.toContain('test');
    expect(() => natsCredentials(profile('dev'), 'test')).toThrow(/No NATS user test/);
  });
});

describe('NATS passwords', () => {
  const users = Object.fromEntries(natsUsers('test').map((u) => [u.user, u]));
  it('are random per profile, kept in its data folder (mode 600) and given to each app', () => {
    const a = profile('test');
    const b = profile('test');
    const gateway = natsCredentials(a, 'gateway');
    expect(gateway.NATS_PASSWORD).toMatch(/^[\w-]{32}$/);
    expect(natsCredentials(a, 'gateway')).toEqual(gateway);
    expect(natsCredentials(b, 'gateway').NATS_PASSWORD).not.toBe(gateway.NATS_PASSWORD);
    expect(natsCredentials(a, 'blog-service').NATS_PASSWORD).not.toBe(gateway.NATS_PASSWORD);
    expect(statSync(join(a.dataDir, 'nats-credentials.json')).mode & 0o777).toBe(0o600);
    expect(appEnvironment(a, 'gateway')).toMatchObject({ NATS_USER: 'gateway', NATS_PASSWORD: gateway.NATS_PASSWORD });
    expect(appEnvironment(a)).not.toHaveProperty('NATS_USER');
  });

  it('come from FLUENT_NATS_PASSWORD_<USER> when set, and a shared NATS_USER never overrides an app', () => {
    const p = profile('dev');
    vi.stubEnv('FLUENT_NATS_PASSWORD_AUTH_SERVICE', 'from-the-environment');
    vi.stubEnv('NATS_USER', 'someone');
    vi.stubEnv('NATS_PASSWORD', 'shared');
    expect(appEnvironment(p, 'auth-service')).toMatchObject({ NATS_USER: 'auth-service', NATS_PASSWORD: 'from-the-environment' });
  });

  it('end up in the server configuration with the permissions', () => {
    const p = profile('test');
    const config = JSON.parse(natsServerConfig(p, { serverName: 'fluent-test-x', storeDir: '/tmp/js' }));
    expect(config).toMatchObject({ server_name: 'fluent-test-x', listen: '127.0.0.1:4999', http: '127.0.0.1:8999', jetstream: { store_dir: '/tmp/js' } });
    const blog = config.authorization.users.find((u) => u.user === 'blog-service');
    expect(blog).toEqual({
      user: 'blog-service',
      password: natsCredentials(p, 'blog-service').NATS_PASSWORD,
      permissions: { publish: { allow: users['blog-service'].publish }, subscribe: { allow: ['blog.>', 'replicas.blog-service.>', '_INBOX.blog-service.>'] } },
    });
    expect(readFileSync(join(p.dataDir, 'nats-credentials.json'), 'utf8')).toContain(blog.password);
  });
});
