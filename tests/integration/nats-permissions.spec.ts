import { randomUUID } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { JetStreamEvents, natsAuthOptions } from '@fluent/server-kit';
import { profile, natsUrl, natsUser } from '../support/stack';

// NATS is a trust boundary: each app connects as its own user and may use only its own subjects
// (README, "Security / NATS"). Violations are checked on the wire: the server answers
// -ERR 'Permissions Violation …' and does not deliver the message.

const codec = JSONCodec<unknown>();

/**
 * One raw NATS session: CONNECT (as `user`, or anonymously), the given protocol lines, then PING.
 * Returns every line the server sent up to PONG (or until it closed the connection).
 */
function session(user: string | undefined, lines: string[], password?: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect({ host: '127.0.0.1', port: profile.ports.nats });
    const connectOptions = { verbose: false, pedantic: false, protocol: 1, name: 'permissions-test', lang: 'raw', version: '0' };
    const credentials = user ? { user, pass: password ?? natsUser(user).password } : {};
    let received = '';
    const finish = () => {
      socket.destroy();
      resolve(received.split('\r\n').filter((l) => l && !l.startsWith('INFO ')));
    };
    socket.setTimeout(5000, () => reject(new Error(`no PONG from NATS; got: ${received}`)));
    socket.once('connect', () => {
      socket.write(`CONNECT ${JSON.stringify({ ...connectOptions, ...credentials })}\r\n${lines.map((l) => `${l}\r\n`).join('')}PING\r\n`);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      if (received.includes('PONG\r\n')) finish();
    });
    socket.once('close', finish);
    socket.once('error', reject);
  });
}

const pub = (subject: string) => `PUB ${subject} 2\r\n{}`;
const sub = (subject: string, sid: number) => `SUB ${subject} ${sid}`;
const publishDenied = (subject: string) => `-ERR 'Permissions Violation for Publish to "${subject}"'`;
const subscribeDenied = (subject: string) => `-ERR 'Permissions Violation for Subscription to "${subject}"'`;

async function connectAs(user: string): Promise<NatsConnection> {
  return connect({ servers: natsUrl, name: `permissions-test-${user}`, ...natsAuthOptions(natsUser(user)) });
}

describe('NATS permissions', () => {
  const open: NatsConnection[] = [];
  let spy: NatsConnection;
  const seenByAuthService: string[] = [];

  beforeAll(async () => {
    // A listener with auth-service's rights sees every message that reaches auth's subjects.
    spy = await connectAs('auth-service');
    open.push(spy);
    spy.subscribe('auth.>', { callback: (_error, message) => seenByAuthService.push(new TextDecoder().decode(message.data)) });
    await spy.flush();
  });
  afterAll(async () => {
    await Promise.all(open.map((nc) => nc.close()));
  });

  it('refuses a connection without credentials or with a wrong password', async () => {
    expect(await session(undefined, [])).toContain("-ERR 'Authorization Violation'");
    expect(await session('gateway', [], 'not-the-password')).toContain("-ERR 'Authorization Violation'");
    await expect(connect({ servers: natsUrl, reconnect: false })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
  });

  it('lets the gateway, and only the gateway, send requests to a service', async () => {
    const gateway = await connectAs('gateway');
    open.push(gateway);
    const id = `permissions-${randomUUID()}`;
    const reply = await gateway.request('auth.health', codec.encode({ pattern: 'auth.health', data: {}, id }), { timeout: 5000 });
    expect(codec.decode(reply.data)).toMatchObject({ id, isDisposed: true });

    const marker = randomUUID();
    const forged = `PUB auth.signUp ${marker.length}\r\n${marker}`;
    for (const service of ['blog-service', 'catalog-service', 'payment-service']) {
      expect(await session(service, [forged]), service).toContain(publishDenied('auth.signUp'));
    }
    expect(await session('blog-service', [pub('catalog.health'), pub('payment.health')])).toEqual([
      publishDenied('catalog.health'),
      publishDenied('payment.health'),
      'PONG',
    ]);
    await spy.flush();
    expect(seenByAuthService.some((m) => m.includes(id))).toBe(true);
    expect(seenByAuthService.some((m) => m.includes(marker))).toBe(false);
  });

  it('lets a service listen only on its own subjects', async () => {
    expect(await session('blog-service', [sub('auth.>', 1), sub('blog.>', 2)])).toEqual([subscribeDenied('auth.>'), 'PONG']);
    expect(await session('catalog-service', [sub('auth.signIn', 1)])).toContain(subscribeDenied('auth.signIn'));
  });

  it('lets no app read the replies meant for another', async () => {
    expect(await session('catalog-service', [sub('_INBOX.>', 1), sub('_INBOX.gateway.>', 2)])).toEqual([
      subscribeDenied('_INBOX.>'),
      subscribeDenied('_INBOX.gateway.>'),
      'PONG',
    ]);
    expect(await session('gateway', [sub('_INBOX.auth-service.>', 1)])).toContain(subscribeDenied('_INBOX.auth-service.>'));
  });

  it('keeps JetStream to the services that use it, and each KV bucket to its owner', async () => {
    // blog-service pulls page views from the events stream through the JetStream API; it cannot
    // listen on the event subjects themselves.
    expect(await session('blog-service', [sub('events.>', 1)])).toEqual([subscribeDenied('events.>'), 'PONG']);
    // The gateway keeps its rate-limit counters in KV buckets of its own, and may touch nothing else.
    expect(
      await session('gateway', [
        pub('$JS.API.STREAM.INFO.FLUENT_EVENTS'),
        pub('$JS.API.CONSUMER.CREATE.FLUENT_EVENTS'),
        pub('$KV.auth_refresh_grace.x'),
        pub('$JS.API.STREAM.INFO.KV_auth_refresh_grace'),
        sub('events.>', 1),
      ]),
    ).toEqual([
      publishDenied('$JS.API.STREAM.INFO.FLUENT_EVENTS'),
      publishDenied('$JS.API.CONSUMER.CREATE.FLUENT_EVENTS'),
      publishDenied('$KV.auth_refresh_grace.x'),
      publishDenied('$JS.API.STREAM.INFO.KV_auth_refresh_grace'),
      subscribeDenied('events.>'),
      'PONG',
    ]);
    // No service can reset the gateway's rate limits by purging or deleting its bucket.
    for (const user of ['auth-service', 'payment-service', 'catalog-service', 'blog-service']) {
      expect(
        await session(user, [pub('$KV.gateway_rate_limits.x'), pub('$JS.API.STREAM.PURGE.KV_gateway_rate_limits'), pub('$JS.API.STREAM.DELETE.KV_gateway_sign_in_failures')]),
        user,
      ).toEqual([
        publishDenied('$KV.gateway_rate_limits.x'),
        publishDenied('$JS.API.STREAM.PURGE.KV_gateway_rate_limits'),
        publishDenied('$JS.API.STREAM.DELETE.KV_gateway_sign_in_failures'),
        'PONG',
      ]);
    }
  });

  it("keeps each service's replica broadcasts (cache invalidations) to that service's own replicas", async () => {
    const catalogCaches = 'replicas.catalog-service.cache.learner-progress.invalidate';
    for (const user of ['gateway', 'auth-service', 'payment-service', 'blog-service']) {
      expect(await session(user, [pub(catalogCaches), sub('replicas.catalog-service.>', 1)]), user).toEqual([publishDenied(catalogCaches), subscribeDenied('replicas.catalog-service.>'), 'PONG']);
    }
    // A topic nobody listens to: the check must not empty a running replica's cache.
    expect(await session('catalog-service', [pub('replicas.catalog-service.permissions-check'), sub('replicas.catalog-service.>', 1)])).toEqual(['PONG']);
  });

  it('lets only the gateway publish page views', async () => {
    for (const user of ['auth-service', 'catalog-service', 'payment-service', 'blog-service']) {
      expect(await session(user, [pub('events.analytics.pageViewed')]), user).toContain(publishDenied('events.analytics.pageViewed'));
    }
    // A subject nobody consumes: the check must not feed blog-service an event it cannot parse.
    expect(await session('gateway', [pub('events.analytics.permissions-check')])).toEqual(['PONG']);
  });

  it('lets only payment-service publish payment events', async () => {
    for (const user of ['gateway', 'auth-service', 'catalog-service', 'blog-service']) {
      expect(await session(user, [pub('events.payment.succeeded')]), user).toContain(publishDenied('events.payment.succeeded'));
    }
    const payment = new JetStreamEvents({ url: natsUrl, name: 'permissions-test', ...natsUser('payment-service') });
    try {
      await payment.connect();
      expect(await payment.publish('events.payment.permissions-check', { at: new Date().toISOString() }, randomUUID())).toBe(true);
    } finally {
      await payment.close();
    }
  });
});
