// @ts-check
/**
 * NATS is a trust boundary: every app connects as its own user, allowed to publish and subscribe
 * only on its own subjects (docs/security.md#nats). This module derives every deployed user's
 * permissions from the NATS topology (topology.json beside it); the local stack writes its
 * nats-server configuration from it (tools/stack/nats-auth.mjs, which adds the test harness's user
 * and the passwords), and tools/ops/nats-permissions.mjs generates the Helm chart's and compose's
 * permission files from it. Plain JavaScript so those tools run it without a build.
 *
 * Subjects: request/reply patterns are `<domain>.<name>` (each domain's messages.ts), so a service
 * owns `<domain>.>`; events are `events.<domain>.<name>` on a JetStream stream per kind. Each
 * user's inbox is `_INBOX.<user>.` (the apps set `inboxPrefix` from NATS_USER in libs/server-kit),
 * so no app can read another's replies. No user may publish to `_INBOX.>`: a service answers a
 * request through NATS's `allow_responses` (it may publish once to the reply subject of a request
 * it received, and nowhere else), so a compromised service cannot answer a request that was not
 * sent to it (a sign-in, a payment) before its real responder.
 */
import { readFileSync } from 'node:fs';

/** @typedef {{ user: string, publish: string[], subscribe: string[], denyPublish?: string[], allowResponses?: boolean }} NatsUser */
/** @typedef {{ name: string, subjects: string[], publisher: string }} Stream */
/** @typedef {{ durable: string, service: string, stream: string, filterSubject: string }} Consumer */
/**
 * @typedef {{
 *   setupUser: string,
 *   deadLetterPrefix: string,
 *   deadLetterStreamSuffix: string,
 *   gateway: string,
 *   services: Record<string, { requests: string, internalRequests?: { prefix: string, callers: Record<string, string[]> } }>,
 *   streams: Record<string, { name: string, subjects: string[] }>,
 *   events: Record<string, { subject: string, stream: string, producers: string[], consumers: Record<string, { durable: string, service: string }> }>,
 *   kvBuckets: Record<string, { name: string, app: string }>,
 *   retired: { streams: string[], deadLetterStreams: string[] },
 * }} NatsTopology
 */

/** @type {NatsTopology} */
export const NATS_TOPOLOGY = JSON.parse(readFileSync(new URL('./topology.json', import.meta.url), 'utf8'));

/** The services and the request subjects each one answers (its queue group is its name). */
export const SERVICE_SUBJECTS = Object.fromEntries(Object.entries(NATS_TOPOLOGY.services).map(([service, s]) => [service, s.requests]));

/**
 * The streams by key, each with its one publisher: the producer of its events (one per stream, so
 * no flood of another app's events can fill it).
 * @type {Record<string, Stream>}
 */
export const STREAMS = Object.fromEntries(
  Object.entries(NATS_TOPOLOGY.streams).map(([key, stream]) => {
    const producers = [...new Set(Object.values(NATS_TOPOLOGY.events).filter((e) => e.stream === key).flatMap((e) => e.producers))];
    if (producers.length !== 1) throw new Error(`nats topology: stream ${key} must have one producer, has ${producers.join(', ') || 'none'}`);
    return [key, { ...stream, publisher: /** @type {string} */ (producers[0]) }];
  }),
);

/**
 * Every durable consumer by name, on its event's subject.
 * @type {Record<string, Consumer>}
 */
export const CONSUMERS = Object.fromEntries(
  Object.values(NATS_TOPOLOGY.events).flatMap((event) => {
    if (!NATS_TOPOLOGY.streams[event.stream]) throw new Error(`nats topology: event ${event.subject} names an unknown stream ${event.stream}`);
    return Object.entries(event.consumers).map(([name, c]) => [name, { ...c, stream: event.stream, filterSubject: event.subject }]);
  }),
);

/** @param {string} stream */
const deadLetterStream = (stream) => `${stream}${NATS_TOPOLOGY.deadLetterStreamSuffix}`;
/** @param {string} stream @param {string} durable */
const deadLetterSubject = (stream, durable) => `${NATS_TOPOLOGY.deadLetterPrefix}.${stream}.${durable}`;
const consumers = Object.values(CONSUMERS).map((c) => ({ ...c, streamName: /** @type {Stream} */ (STREAMS[c.stream]).name }));
const streams = Object.values(STREAMS);
const paymentsStream = /** @type {Stream} */ (STREAMS.payments);

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
    ...NATS_TOPOLOGY.retired.streams.flatMap((stream) => [`$JS.API.STREAM.INFO.${stream}`, `$JS.API.STREAM.DELETE.${stream}`]),
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
 * @type {Record<string, string[]>} stream name -> further dead-letter streams it reads
 */
const REPLAYED_STREAMS = {
  [paymentsStream.name]: [...NATS_TOPOLOGY.retired.deadLetterStreams],
  [/** @type {Stream} */ (STREAMS.attempts).name]: [],
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
 * The KV buckets each app keeps shared state in (rate limits; the refresh grace): app -> bucket names.
 * @type {Record<string, string[]>}
 */
const KV_BUCKETS = {};
for (const bucket of Object.values(NATS_TOPOLOGY.kvBuckets)) (KV_BUCKETS[bucket.app] ??= []).push(bucket.name);

/** @param {string} user */
export const inbox = (user) => `_INBOX.${user}.>`;

/**
 * Messages among a service's own replicas (libs/server-kit GracefulNatsServer: cache
 * invalidations), which only that service's user may send or read.
 * @param {string} service
 */
export const replicaSubjects = (service) => `replicas.${service}.>`;

/**
 * The internal requests a service may send another (feedback-service: catalog.internal.attemptWriting).
 * @param {string} service
 */
const internalRequestsOf = (service) =>
  Object.values(NATS_TOPOLOGY.services).flatMap((s) =>
    Object.entries(s.internalRequests?.callers ?? {})
      .filter(([, callers]) => callers.includes(service))
      .map(([subject]) => subject),
  );

/** What the gateway may not send although it sends each service's requests: their internal ones. */
const gatewayDenied = () => Object.values(NATS_TOPOLOGY.services).flatMap((s) => (s.internalRequests ? [s.internalRequests.prefix] : []));

/**
 * The users of a deployment (and of the local stack): the gateway, each service, the setup identity.
 * @returns {NatsUser[]}
 */
export function deployedNatsUsers() {
  const gateway = NATS_TOPOLOGY.gateway;
  /** @type {NatsUser[]} */
  const users = [
    // Only the gateway sends the user-facing requests; it reads nothing but its own replies.
    {
      user: gateway,
      publish: [...Object.values(SERVICE_SUBJECTS), ...publishedEvents(gateway), ...(KV_BUCKETS[gateway] ?? []).flatMap(kvRights)],
      denyPublish: gatewayDenied(),
      subscribe: [inbox(gateway)],
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
        ...internalRequestsOf(service),
      ],
      subscribe: [subject, replicaSubjects(service), inbox(service)],
      allowResponses: true,
    });
  }
  users.push({ user: NATS_TOPOLOGY.setupUser, publish: setupRights(), subscribe: [inbox(NATS_TOPOLOGY.setupUser)] });
  return users;
}
