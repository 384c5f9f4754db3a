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
    expect(users['jetstream-setup'].subscribe).toEqual(['_INBOX.jetstream-setup.>']);
    // Messages among a service's own replicas (cache invalidations): its own subjects only.
    for (const name of ['auth-service', 'catalog-service', 'payment-service', 'blog-service']) {
      expect(users[name].publish.filter((s) => s.startsWith('replicas.')), name).toEqual([`replicas.${name}.>`]);
      expect(users[name].subscribe.filter((s) => s.startsWith('replicas.')), name).toEqual([`replicas.${name}.>`]);
    }
    expect(users.gateway.publish.filter((s) => s.startsWith('replicas.'))).toEqual([]);
    expect(users.gateway.subscribe).toEqual(['_INBOX.gateway.>']);
  });

  it('let no app but the setup identity create, change, purge or delete a stream, or create or delete a consumer', () => {
    // Also the wildcards that include them: `$JS.>`, `$JS.API.>` (what every JetStream app had before #31 §3), `$JS.API.STREAM.>`.
    const manage = /^\$JS\.(>$|API\.(>$|(STREAM|CONSUMER)\.>$|STREAM\.(\*|CREATE|UPDATE|PURGE|DELETE)\.|CONSUMER\.(\*|CREATE|DURABLE|DELETE)\.))/;
    for (const [name, user] of Object.entries(users)) {
      // The harness (test profile only) has all of the API: it makes streams of its own.
      if (name === 'test') continue;
      const managing = user.publish.filter((s) => manage.test(s) && !/KV_/.test(s));
      if (name === 'jetstream-setup') expect(managing.length, name).toBeGreaterThan(0);
      else expect(managing, name).toEqual([]);
    }
    // The setup identity manages Fluent's streams only: no KV bucket, no event of its own.
    expect(users['jetstream-setup'].publish.filter((s) => /KV|^events\./.test(s))).toEqual([]);
    expect(users['jetstream-setup'].publish).toContain('$JS.API.STREAM.*.FLUENT_PAYMENTS');
  });

  it('let each service read, pull and ack its own durable consumer only, and dead-letter into its own subject', () => {
    expect(users['auth-service'].publish.filter((s) => s.startsWith('$JS.API.CONSUMER') || s.startsWith('$JS.ACK') || s.startsWith('deadletter'))).toEqual([
      '$JS.API.CONSUMER.INFO.FLUENT_PAYMENTS.auth-service-paid-tests',
      '$JS.API.CONSUMER.MSG.NEXT.FLUENT_PAYMENTS.auth-service-paid-tests',
      '$JS.ACK.FLUENT_PAYMENTS.auth-service-paid-tests.>',
      'deadletter.FLUENT_PAYMENTS.auth-service-paid-tests',
    ]);
    expect(users['blog-service'].publish).toContain('$JS.API.CONSUMER.MSG.NEXT.FLUENT_PAGE_VIEWS.blog-service-page-views');
    expect(users['catalog-service'].publish.some((s) => s.includes('auth-service-paid-tests'))).toBe(false);
    // payment-service consumes nothing; it may read (not change) the payment consumers and dead letters, for replay-payments.
    const payment = users['payment-service'].publish.filter((s) => s.startsWith('$JS'));
    expect(payment.every((s) => /^\$JS\.API\.(CONSUMER\.INFO|STREAM\.INFO|STREAM\.MSG\.GET)\./.test(s)), payment.join(' ')).toBe(true);
    // catalog-service, for replay-attempts: reads the attempt dead letters and feedback-service's position, changes neither.
    expect(users['catalog-service'].publish.filter((s) => s.startsWith('$JS.API.STREAM') || s.includes('feedback-service-attempts'))).toEqual([
      '$JS.API.STREAM.INFO.FLUENT_ATTEMPTS_DEADLETTER',
      '$JS.API.STREAM.MSG.GET.FLUENT_ATTEMPTS_DEADLETTER',
      '$JS.API.CONSUMER.INFO.FLUENT_ATTEMPTS.feedback-service-attempts',
    ]);
    // The gateway: its own KV buckets' API and subjects, no stream or consumer API in general.
    const gatewayJetStream = users.gateway.publish.filter((s) => s.startsWith('$'));
    expect(gatewayJetStream.filter((s) => !/KV_gateway_|\$KV\.gateway_|^\$JS\.API\.INFO$/.test(s))).toEqual([]);
  });

  it('let each stream have one publisher: the gateway page views, payment-service payments', () => {
    const eventPublishers = Object.values(users).filter((u) => u.publish.some((s) => s.startsWith('events.')));
    expect(eventPublishers.map((u) => [u.user, u.publish.filter((s) => s.startsWith('events.'))])).toEqual([
      ['gateway', ['events.analytics.>']],
      ['catalog-service', ['events.attempt.>']],
      ['payment-service', ['events.payment.>']],
      ['feedback-service', ['events.feedback.>']],
      ['test', ['events.>']],
    ]);
  });

  it('let feedback-service ask catalog-service for an attempt’s texts and catalog-service ask feedback-service for practice checks, and keep the gateway out of those internal requests', () => {
    expect(users['feedback-service'].publish).toContain('catalog.internal.attemptWriting');
    expect(users['feedback-service'].publish.filter((s) => s.startsWith('catalog.'))).toEqual(['catalog.internal.attemptWriting']);
    expect(users['catalog-service'].publish.filter((s) => s.startsWith('feedback.'))).toEqual(['feedback.internal.checkSentence', 'feedback.internal.attemptFeedback']);
    expect(users.gateway.publish).toEqual(expect.arrayContaining(['catalog.>', 'feedback.>']));
    expect(users.gateway.denyPublish).toEqual(['catalog.internal.>', 'feedback.internal.>']);
    expect(users['feedback-service'].subscribe).toEqual(['feedback.>', 'replicas.feedback-service.>', '_INBOX.feedback-service.>']);
  });

  it('read replies only under their own inbox', () => {
    for (const user of Object.values(users)) {
      expect(user.subscribe.filter((s) => s.startsWith('_INBOX')).every((s) => s === `_INBOX.${user.user}.>`), user.user).toBe(true);
    }
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
      permissions: {
        publish: { allow: users['blog-service'].publish },
        subscribe: { allow: ['blog.>', 'replicas.blog-service.>', '_INBOX.blog-service.>'] },
        allow_responses: true,
      },
    });
    // The gateway answers no request: no reply rights at all.
    expect(config.authorization.users.find((u) => u.user === 'gateway').permissions).not.toHaveProperty('allow_responses');
    expect(readFileSync(join(p.dataDir, 'nats-credentials.json'), 'utf8')).toContain(blog.password);
  });

  it('give no user publish rights on any inbox but its own: a service answers only through allow_responses', () => {
    for (const name of ['dev', 'test']) {
      for (const user of natsUsers(/** @type {'dev' | 'test'} */ (name))) {
        const inboxes = user.publish.filter((s) => s.startsWith('_INBOX') || s === '>' || s.startsWith('*'));
        expect(inboxes.every((s) => s === `_INBOX.${user.user}.>`), `${name} ${user.user}: ${inboxes.join(' ')}`).toBe(true);
      }
    }
    for (const service of ['auth-service', 'catalog-service', 'payment-service', 'blog-service', 'feedback-service']) expect(users[service].allowResponses, service).toBe(true);
    expect(users.gateway.allowResponses).toBeUndefined();
  });
});
