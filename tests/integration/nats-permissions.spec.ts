import { randomUUID } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { Durables, EventStreams, JETSTREAM_SETUP_USER } from '@fluent/contracts';
import { JetStreamEvents, natsAuthOptions } from '@fluent/server-kit';
import { profile, natsUrl, natsUser } from '../support/stack';

// NATS is a trust boundary: each app connects as its own user and may use only its own subjects
// (docs/security.md#nats). Violations are checked on the wire: the server answers
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

  it('lets a service answer only the requests it received: no reply subject it was not asked on, no second answer', async () => {
    // A request of the gateway's to a subject catalog-service answers; the responder keeps the
    // reply subject it was handed (what a compromised service learns of the gateway's inbox).
    const subject = `catalog.permissions-check-${randomUUID().slice(0, 8)}`;
    const catalog = await connectAs('catalog-service');
    open.push(catalog);
    const asked: string[] = [];
    catalog.subscribe(subject, {
      callback: (_error, message) => {
        asked.push(message.reply!);
        message.respond(codec.encode({ answer: 'from catalog' }));
      },
    });
    await catalog.flush();
    const gateway = await connectAs('gateway');
    open.push(gateway);
    const seenByGateway: string[] = [];
    // The gateway's own inbox, read as the gateway reads it: anything published there arrives here.
    const reply = await gateway.request(subject, codec.encode({}), { timeout: 5000 });
    expect(codec.decode(reply.data)).toEqual({ answer: 'from catalog' });
    const [answered] = asked;
    expect(answered).toMatch(/^_INBOX\.gateway\./);
    const inbox = answered!.slice(0, answered!.lastIndexOf('.'));
    gateway.subscribe(`${inbox}.*`, { callback: (_error, message) => seenByGateway.push(message.subject) });
    await gateway.flush();

    // Another reply subject in the same inbox (the next request's, a guess), another app's inbox, the
    // one already answered (a second, forged answer): every service user is refused all three.
    const guessed = `${inbox}.guessed-${randomUUID().slice(0, 8)}`;
    for (const user of ['catalog-service', 'auth-service', 'payment-service', 'blog-service', 'feedback-service']) {
      expect(await session(user, [pub(guessed), pub('_INBOX.auth-service.x.1'), pub(answered!)]), user).toEqual([
        publishDenied(guessed),
        publishDenied('_INBOX.auth-service.x.1'),
        publishDenied(answered!),
        'PONG',
      ]);
    }
    await gateway.flush();
    expect(seenByGateway).toEqual([]);
  });

  it('keeps JetStream to the services that use it, and each KV bucket to its owner', async () => {
    // blog-service pulls page views from the events stream through the JetStream API; it cannot
    // listen on the event subjects themselves.
    expect(await session('blog-service', [sub('events.>', 1)])).toEqual([subscribeDenied('events.>'), 'PONG']);
    // The gateway keeps its rate-limit counters in KV buckets of its own, and may touch nothing else.
    expect(
      await session('gateway', [
        pub('$JS.API.STREAM.INFO.FLUENT_PAYMENTS'),
        pub('$JS.API.CONSUMER.CREATE.FLUENT_PAGE_VIEWS'),
        pub('$KV.auth_refresh_grace.x'),
        pub('$JS.API.STREAM.INFO.KV_auth_refresh_grace'),
        sub('events.>', 1),
      ]),
    ).toEqual([
      publishDenied('$JS.API.STREAM.INFO.FLUENT_PAYMENTS'),
      publishDenied('$JS.API.CONSUMER.CREATE.FLUENT_PAGE_VIEWS'),
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

  describe('JetStream has one owner: the setup identity', () => {
    const APPS = ['gateway', 'auth-service', 'catalog-service', 'payment-service', 'blog-service'];
    const STREAMS = [EventStreams.payments, EventStreams.pageViews];
    const FOREIGN: Record<string, string> = {
      'auth-service': Durables.entitlements,
      'catalog-service': Durables.paidTests,
      'blog-service': Durables.paidTests,
      'payment-service': Durables.pageViews,
      gateway: Durables.paidTests,
    };

    it('refuses purge, stream update, stream delete and stream create (a subject transform) to every app', async () => {
      for (const user of APPS) {
        const subjects = [
          ...STREAMS.flatMap((stream) => [`$JS.API.STREAM.PURGE.${stream}`, `$JS.API.STREAM.UPDATE.${stream}`, `$JS.API.STREAM.DELETE.${stream}`]),
          // A stream of its own whose subject transform turns its subject into a payment.
          '$JS.API.STREAM.CREATE.PERMISSIONS_CHECK',
        ];
        expect(await session(user, subjects.map(pub)), user).toEqual([...subjects.map(publishDenied), 'PONG']);
      }
    });

    it("refuses every app another's consumer: no delete, create, info, pull or ack in its place", async () => {
      for (const user of APPS) {
        const foreign = FOREIGN[user]!;
        const stream = foreign === Durables.pageViews ? EventStreams.pageViews : EventStreams.payments;
        const subjects = [
          `$JS.API.CONSUMER.DELETE.${stream}.${foreign}`,
          `$JS.API.CONSUMER.CREATE.${stream}.${foreign}`,
          `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${foreign}`,
          `$JS.API.CONSUMER.INFO.${stream}.${foreign}`,
          `$JS.API.CONSUMER.MSG.NEXT.${stream}.${foreign}`,
          `$JS.ACK.${stream}.${foreign}.1.1.1.1.0`,
          `$JS.API.CONSUMER.CREATE.${stream}.permissions-check`,
        ];
        expect(await session(user, subjects.map(pub)), user).toEqual([...subjects.map(publishDenied), 'PONG']);
      }
    });

    it('lets each consumer read its own durable', async () => {
      for (const [user, durable, stream] of [
        ['auth-service', Durables.paidTests, EventStreams.payments],
        ['catalog-service', Durables.entitlements, EventStreams.payments],
        ['blog-service', Durables.pageViews, EventStreams.pageViews],
      ] as const) {
        const nc = await connectAs(user);
        open.push(nc);
        const info = await nc.jetstream().consumers.get(stream, durable).then((c) => c.info());
        expect(info.config, user).toMatchObject({ durable_name: durable });
      }
    });

    it('lets the setup identity update a stream, purge it and create and delete a consumer', async () => {
      const nc = await connectAs(JETSTREAM_SETUP_USER);
      open.push(nc);
      const jsm = await nc.jetstreamManager();
      const { config } = await jsm.streams.info(EventStreams.payments);
      expect((await jsm.streams.update(EventStreams.payments, config)).config.name).toBe(EventStreams.payments);
      // A purge of a subject nobody publishes: allowed, and it removes nothing.
      expect(await jsm.streams.purge(EventStreams.pageViews, { filter: 'events.analytics.permissions-check' })).toMatchObject({ success: true });
      const durable = `permissions-check-${randomUUID()}`;
      await jsm.consumers.add(EventStreams.pageViews, { durable_name: durable, ack_policy: 'explicit' as never, filter_subject: 'events.analytics.permissions-check' });
      expect(await jsm.consumers.delete(EventStreams.pageViews, durable)).toBe(true);
      // ...and nothing else: another app's KV bucket stays out of its reach.
      expect(await session(JETSTREAM_SETUP_USER, [pub('$JS.API.STREAM.PURGE.KV_gateway_rate_limits'), pub('events.payment.succeeded')])).toEqual([
        publishDenied('$JS.API.STREAM.PURGE.KV_gateway_rate_limits'),
        publishDenied('events.payment.succeeded'),
        'PONG',
      ]);
    });
  });
});
