// @ts-check
/**
 * NATS is a trust boundary: every app connects as its own user, allowed to publish and subscribe
 * only on its own subjects. This module holds the permission table (docs/security.md#nats),
 * the per-profile passwords and the nats-server configuration the stack starts NATS with.
 *
 * Subjects: request/reply patterns are `<domain>.<name>` (libs/contracts/src/patterns.ts), so a
 * service owns `<domain>.>`; events are `events.<domain>.<name>` on a JetStream stream per kind
 * (libs/contracts/src/jetstream-topology.json, read below: the streams, who publishes to each,
 * each service's durable consumer, the setup identity that alone manages them). Each user's inbox
 * is `_INBOX.<user>.` (the apps set `inboxPrefix` from NATS_USER in libs/server-kit), so no app
 * can read another's replies. No user may publish to `_INBOX.>`: a service answers a request through
 * NATS's `allow_responses` (it may publish once to the reply subject of a request it received, and
 * nowhere else), so a compromised service cannot answer a request that was not sent to it (a
 * sign-in, a payment) before its real responder. This table is the one source of the NATS users and permissions: the
 * local stack writes nats-server's configuration from it, and so is the Helm chart's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { storedSecrets } from './secrets.mjs';

/** @typedef {import('./profiles.mjs').Profile} Profile */
/** @typedef {{ user: string, publish: string[], subscribe: string[], denyPublish?: string[], allowResponses?: boolean }} NatsUser */
/** @typedef {{ name: string, subjects: string[], publisher: string }} Stream */

/** The services and the request subjects each one answers (its queue group is its name). */
export const SERVICE_SUBJECTS = {
  'auth-service': 'auth.>',
  'catalog-service': 'catalog.>',
  'payment-service': 'payment.>',
  'blog-service': 'blog.>',
  'feedback-service': 'feedback.>',
};

/**
 * Requests services send each other (never the gateway): feedback-service reads an attempt's texts
 * from catalog-service. The gateway may publish `catalog.>` but not these.
 */
const INTERNAL_REQUESTS = {
  'feedback-service': ['catalog.internal.attemptWriting'],
};
const GATEWAY_DENIED = ['catalog.internal.>'];

/** What the test harness needs of JetStream: all of the API (it makes streams of its own), acks, flow control. */
export const JETSTREAM_RIGHTS = ['$JS.API.>', '$JS.ACK.>', '$JS.FC.>'];

/**
 * JetStream's names and owners, shared with the apps (libs/contracts/src/jetstream-topology.json):
 * streams, their publishers, each service's durable consumer, the setup identity.
 * @type {{
 *   setupUser: string,
 *   deadLetterPrefix: string,
 *   deadLetterStreamSuffix: string,
 *   streams: { payments: Stream, pageViews: Stream, attempts: Stream, feedback: Stream } & Record<string, Stream | undefined>,
 *   consumers: Record<string, { durable: string, service: string, stream: string, filterSubject: string }>,
 *   kvBuckets: Record<string, { name: string, app: string }>,
 *   retired: { streams: string[], deadLetterStreams: string[] },
 * }}
 */
export const TOPOLOGY = JSON.parse(readFileSync(new URL('../../libs/contracts/src/jetstream-topology.json', import.meta.url), 'utf8'));

/** @param {string} stream */
const deadLetterStream = (stream) => `${stream}${TOPOLOGY.deadLetterStreamSuffix}`;
/** @param {string} stream @param {string} durable */
const deadLetterSubject = (stream, durable) => `${TOPOLOGY.deadLetterPrefix}.${stream}.${durable}`;
const consumers = Object.values(TOPOLOGY.consumers).map((c) => {
  const stream = TOPOLOGY.streams[c.stream];
  if (!stream) throw new Error(`jetstream-topology.json: consumer ${c.durable} names an unknown stream ${c.stream}`);
  return { ...c, streamName: stream.name };
});
/** @type {Stream[]} */
const streams = /** @type {Stream[]} */ (Object.values(TOPOLOGY.streams));

/**
 * The setup identity (apps/jetstream-setup, a Helm Job; also an operator's admin identity): the
 * only user that may create, update, purge or delete Fluent's streams, delete a message from them
 * and create or delete consumers on them. It touches no other stream (the apps' KV buckets are
 * streams too) and publishes no event.
 */
export function setupRights() {
  const managed = streams.flatMap((s) => [s.name, deadLetterStream(s.name)]);
  return [
    '$JS.API.INFO',
    ...managed.flatMap((stream) => [
      `$JS.API.STREAM.*.${stream}`,
      // An operator looks at one message, or removes one (a forged payment an alert pointed at).
      `$JS.API.STREAM.MSG.GET.${stream}`,
      `$JS.API.STREAM.MSG.DELETE.${stream}`,
      `$JS.API.CONSUMER.*.${stream}`,
      `$JS.API.CONSUMER.*.${stream}.>`,
      `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.>`,
    ]),
    // An earlier layout's stream is looked at and deleted (reconcileJetStream).
    ...TOPOLOGY.retired.streams.flatMap((stream) => [`$JS.API.STREAM.INFO.${stream}`, `$JS.API.STREAM.DELETE.${stream}`]),
  ];
}

/**
 * What a service may do with its own durable consumer, and nothing else of JetStream: read its
 * configuration, pull from it, ack (or nak, or terminate) what it was given, and put what it cannot
 * apply in its own dead letters. It cannot purge or change a stream, read or delete another
 * service's consumer, or ack in its place.
 * @param {string} service
 */
export function consumerRights(service) {
  return consumers
    .filter((c) => c.service === service)
    .flatMap((c) => [
      `$JS.API.CONSUMER.INFO.${c.streamName}.${c.durable}`,
      `$JS.API.CONSUMER.MSG.NEXT.${c.streamName}.${c.durable}`,
      `$JS.ACK.${c.streamName}.${c.durable}.>`,
      deadLetterSubject(c.streamName, c.durable),
    ]);
}

/**
 * The events an app publishes: the subjects of the streams it is the publisher of (the ack comes
 * back to its own inbox; no stream API needed).
 * @param {string} app
 */
export const publishedEvents = (app) => streams.filter((s) => s.publisher === app).flatMap((s) => s.subjects);

/**
 * The replay scripts, each run by an operator as its stream's publisher: replay-payments
 * (payment-service; also an earlier layout's payment dead letters) and replay-attempts
 * (catalog-service). Each reads its stream's dead letters message by message, and the positions of
 * the consumers of its stream to wait until they have applied what it published again. Read-only.
 */
/** @type {Record<string, string[]>} */
const REPLAYED_STREAMS = {
  [TOPOLOGY.streams.payments.name]: [...TOPOLOGY.retired.deadLetterStreams],
  [TOPOLOGY.streams.attempts.name]: [],
};

/** @param {string} service */
function replayRights(service) {
  return streams
    .filter((s) => s.publisher === service && s.name in REPLAYED_STREAMS)
    .flatMap((s) => [
      ...[deadLetterStream(s.name), ...(REPLAYED_STREAMS[s.name] ?? [])].flatMap((stream) => [`$JS.API.STREAM.INFO.${stream}`, `$JS.API.STREAM.MSG.GET.${stream}`]),
      ...consumers.filter((c) => c.streamName === s.name).map((c) => `$JS.API.CONSUMER.INFO.${s.name}.${c.durable}`),
    ]);
}

/**
 * A client of one KV bucket (libs/server-kit NatsKv) needs: the bucket's stream API (create,
 * info, reads) and its `$KV` subjects, and nothing of other buckets.
 * @param {string} bucket
 */
export const kvRights = (bucket) => [
  '$JS.API.INFO',
  `$JS.API.STREAM.*.KV_${bucket}`,
  `$JS.API.STREAM.MSG.GET.KV_${bucket}`,
  `$JS.API.DIRECT.GET.KV_${bucket}`,
  `$JS.API.DIRECT.GET.KV_${bucket}.>`,
  `$KV.${bucket}.>`,
];

/**
 * The KV buckets each app keeps shared state in (rate limits; the refresh grace), from
 * jetstream-topology.json's kvBuckets: app -> bucket names.
 * @type {Record<string, string[]>}
 */
const KV_BUCKETS = {};
for (const bucket of /** @type {{ name: string, app: string }[]} */ (Object.values(TOPOLOGY.kvBuckets))) (KV_BUCKETS[bucket.app] ??= []).push(bucket.name);

/** Where the test harness may put dead letters of its own (a service: its own consumer's subject only). */
const DEAD_LETTERS = `${TOPOLOGY.deadLetterPrefix}.>`;

/** @param {string} user */
export const inbox = (user) => `_INBOX.${user}.>`;

/**
 * Messages among a service's own replicas (libs/server-kit GracefulNatsServer: cache
 * invalidations), which only that service's user may send or read.
 * @param {string} service
 */
export const replicaSubjects = (service) => `replicas.${service}.>`;

/**
 * The users of a profile. The `test` user exists only in the test profile: integration tests
 * publish and consume events on JetStream directly with it.
 * @param {'dev' | 'test'} profileName
 * @returns {NatsUser[]}
 */
export function natsUsers(profileName) {
  /** @type {NatsUser[]} */
  const users = [
    // Only the gateway sends the user-facing requests; it reads nothing but its own replies.
    {
      user: 'gateway',
      publish: [...Object.values(SERVICE_SUBJECTS), ...publishedEvents('gateway'), ...(KV_BUCKETS.gateway ?? []).flatMap(kvRights)],
      denyPublish: GATEWAY_DENIED,
      subscribe: [inbox('gateway')],
    },
  ];
  for (const [service, subject] of Object.entries(SERVICE_SUBJECTS)) {
    const buckets = KV_BUCKETS[service] ?? [];
    users.push({
      user: service,
      // Replies go to the requester's inbox through allow_responses only (one reply to a request
      // this service received); the rest is this service's own events, consumer and buckets, its
      // requests to other services, and the messages among its own replicas (cache invalidations).
      publish: [
        replicaSubjects(service),
        ...publishedEvents(service),
        ...consumerRights(service),
        ...replayRights(service),
        ...buckets.flatMap(kvRights),
        ...(/** @type {Record<string, string[]>} */ (INTERNAL_REQUESTS)[service] ?? []),
      ],
      subscribe: [subject, replicaSubjects(service), inbox(service)],
      allowResponses: true,
    });
  }
  users.push({ user: TOPOLOGY.setupUser, publish: setupRights(), subscribe: [inbox(TOPOLOGY.setupUser)] });
  if (profileName === 'test') {
    // The harness: events on JetStream, `lifecycle.>` for the tests that boot a service of their
    // own, and a read-only view of the services' health requests (to count them under a flood).
    users.push({
      user: 'test',
      publish: ['events.>', DEAD_LETTERS, 'lifecycle.>', inbox('test'), ...JETSTREAM_RIGHTS],
      subscribe: [inbox('test'), 'lifecycle.>', '*.health'],
    });
  }
  return users;
}

/** @param {string} user */
const passwordVariable = (user) => `FLUENT_NATS_PASSWORD_${user.replace(/-/g, '_').toUpperCase()}`;

/**
 * One password per user and profile: from FLUENT_NATS_PASSWORD_<USER> when set (e.g.
 * FLUENT_NATS_PASSWORD_AUTH_SERVICE), otherwise random, generated once and kept in
 * `<profile data>/nats-credentials.json` (mode 600, gitignored like all of .data).
 * @param {Profile} profile
 * @returns {Record<string, string>}
 */
export function natsPasswords(profile) {
  const users = natsUsers(profile.name).map(({ user }) => user);
  return storedSecrets(join(profile.dataDir, 'nats-credentials.json'), users, (user) => process.env[passwordVariable(user)]);
}

/**
 * The credentials an app (or the test harness) connects with.
 * @param {Profile} profile
 * @param {string} user
 * @returns {{ NATS_USER: string, NATS_PASSWORD: string }}
 */
export function natsCredentials(profile, user) {
  const password = natsPasswords(profile)[user];
  if (!password) throw new Error(`No NATS user ${user} in the ${profile.name} profile`);
  return { NATS_USER: user, NATS_PASSWORD: password };
}

/**
 * nats-server's configuration for a profile (nats-server reads JSON as its config format).
 * @param {Profile} profile
 * @param {{ serverName: string, storeDir: string }} options
 */
export function natsServerConfig(profile, options) {
  const passwords = natsPasswords(profile);
  const config = {
    server_name: options.serverName,
    listen: `127.0.0.1:${profile.ports.nats}`,
    http: `127.0.0.1:${profile.ports.natsMonitor}`,
    jetstream: { store_dir: options.storeDir },
    authorization: {
      users: natsUsers(profile.name).map(({ user, publish, subscribe, denyPublish, allowResponses }) => ({
        user,
        password: passwords[user],
        permissions: {
          publish: { allow: publish, ...(denyPublish ? { deny: denyPublish } : {}) },
          subscribe: { allow: subscribe },
          // One reply, within nats-server's default 2 minutes, to each request the user received.
          ...(allowResponses ? { allow_responses: true } : {}),
        },
      })),
    },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
