// @ts-check
/**
 * NATS is a trust boundary: every app connects as its own user, allowed to publish and subscribe
 * only on its own subjects. This module holds the permission table (README, "Security / NATS"),
 * the per-profile passwords and the nats-server configuration the stack starts NATS with.
 *
 * Subjects: request/reply patterns are `<domain>.<name>` (libs/contracts/src/patterns.ts), so a
 * service owns `<domain>.>`; events are `events.<domain>.<name>` on the JetStream stream
 * (libs/contracts/src/events.ts). Each user's inbox is `_INBOX.<user>.` (the apps set
 * `inboxPrefix` from NATS_USER in libs/server-kit), so no app can read another's replies.
 */
import { join } from 'node:path';
import { storedSecrets } from './secrets.mjs';

/** @typedef {import('./profiles.mjs').Profile} Profile */
/** @typedef {{ user: string, publish: string[], subscribe: string[] }} NatsUser */

/** The services and the request subjects each one answers (its queue group is its name). */
export const SERVICE_SUBJECTS = {
  'auth-service': 'auth.>',
  'catalog-service': 'catalog.>',
  'payment-service': 'payment.>',
  'blog-service': 'blog.>',
};

/** What the test harness needs of JetStream: all of the API (it makes streams of its own), acks, flow control. */
export const JETSTREAM_RIGHTS = ['$JS.API.>', '$JS.ACK.>', '$JS.FC.>'];

/**
 * What a service needs of JetStream: the API of the events stream and its dead-letter stream only
 * (stream info/create/update, its consumers, pulling), their acks and flow control. No service can
 * touch another app's KV bucket (the gateway's rate limits) or any other stream.
 */
export const EVENTS_RIGHTS = ['FLUENT_EVENTS', 'FLUENT_EVENTS_DEADLETTER'].flatMap((stream) => [
  `$JS.API.STREAM.*.${stream}`,
  `$JS.API.CONSUMER.*.${stream}`,
  `$JS.API.CONSUMER.*.${stream}.>`,
  `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
  `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.>`,
  `$JS.ACK.${stream}.>`,
]).concat(['$JS.API.INFO', '$JS.FC.>']);

/**
 * What a client of one KV bucket (libs/server-kit NatsKv) needs: the bucket's stream API (create,
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

/** The KV buckets each app keeps shared state in (rate limits; the refresh grace). */
const KV_BUCKETS = {
  gateway: ['gateway_rate_limits', 'gateway_sign_in_failures'],
  'auth-service': ['auth_refresh_grace'],
};

/** Where a consumer puts events it gave up on (libs/server-kit `deadLetterSubject`). */
const DEAD_LETTERS = 'deadletter.>';

/** Services that use JetStreamEvents (libs/server-kit), and the event subjects each may publish. */
const JETSTREAM_SERVICES = {
  'auth-service': [],
  'catalog-service': [],
  'payment-service': ['events.payment.>'],
  // Counts the page views the gateway publishes (events.analytics.pageViewed).
  'blog-service': [],
};

/**
 * Events the gateway publishes itself: page views (POST /api/analytics/page-view). It publishes
 * to the stream's subject (the ack comes back to its own inbox) and needs no stream API.
 */
const GATEWAY_EVENTS = ['events.analytics.>'];

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
      publish: [...Object.values(SERVICE_SUBJECTS), ...GATEWAY_EVENTS, ...KV_BUCKETS.gateway.flatMap(kvRights)],
      subscribe: [inbox('gateway')],
    },
  ];
  for (const [service, subject] of Object.entries(SERVICE_SUBJECTS)) {
    const events = /** @type {Record<string, string[]>} */ (JETSTREAM_SERVICES)[service];
    const buckets = /** @type {Record<string, string[]>} */ (KV_BUCKETS)[service] ?? [];
    users.push({
      user: service,
      // Replies go to the requester's inbox; JetStream rights only for the services that use it.
      publish: ['_INBOX.>', replicaSubjects(service), ...(events ? [...events, DEAD_LETTERS, ...EVENTS_RIGHTS] : []), ...buckets.flatMap(kvRights)],
      subscribe: [subject, replicaSubjects(service), ...(events ? [inbox(service)] : [])],
    });
  }
  // The setup step (libs/server-kit setup-events, the Helm chart's hook Job): creates and updates
  // the events streams and every durable consumer before the apps roll out; it handles no event.
  users.push({ user: 'setup', publish: [...EVENTS_RIGHTS], subscribe: [inbox('setup')] });
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
      users: natsUsers(profile.name).map(({ user, publish, subscribe }) => ({
        user,
        password: passwords[user],
        permissions: { publish: { allow: publish }, subscribe: { allow: subscribe } },
      })),
    },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
