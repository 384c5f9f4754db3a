import topologyFile from './topology.json';

/**
 * The typed reader of the NATS topology (topology.json beside it, the one description of Fluent's
 * subjects, streams, events, consumers and KV buckets; JSON so the local stack's and the chart's
 * permission generators, plain Node scripts, read the same file without a build). Everything an
 * app names on NATS comes from here: a subject or durable retyped in code would drift from the
 * permissions the server enforces.
 *
 * Domain events that must not be lost travel on JetStream. Their subjects live under `events.`
 * so a stream never captures request/reply traffic (a stream bound to a request subject would
 * answer the requester with a publish ack). Each kind of event has a stream of its own, so
 * anonymous page views can never push out a payment: `FLUENT_PAYMENTS` (`events.payment.>`,
 * refuses new messages when full), `FLUENT_PAGE_VIEWS` (`events.analytics.>`, drops its oldest),
 * `FLUENT_ATTEMPTS` (`events.attempt.>`) and `FLUENT_FEEDBACK` (`events.feedback.>`).
 */
export interface NatsTopology {
  setupUser: string;
  deadLetterPrefix: string;
  deadLetterStreamSuffix: string;
  gateway: string;
  services: Record<string, { requests: string; internalRequests?: { prefix: string; callers: Record<string, string[]> } }>;
  streams: Record<string, { name: string; subjects: string[] }>;
  events: Record<string, { subject: string; stream: string; producers: string[]; consumers: Record<string, { durable: string; service: string }> }>;
  kvBuckets: Record<string, { name: string; app: string }>;
  retired: { streams: string[]; deadLetterStreams: string[] };
}

/** The file, checked against NatsTopology when this compiles. */
export const NATS_TOPOLOGY: NatsTopology = topologyFile;

type Events = typeof topologyFile.events;
type EventName = keyof Events;
type StreamKey = keyof typeof topologyFile.streams;
type ConsumerName = { [E in EventName]: keyof Events[E]['consumers'] }[EventName];
type KvBucketName = keyof typeof topologyFile.kvBuckets;

const mapValues = <K extends string, V, R>(record: Record<K, V>, pick: (value: V) => R): { readonly [P in K]: R } =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, pick(value as V)])) as { readonly [P in K]: R };

/** A stream, with the one app that publishes to it: the producer of its events. */
export interface TopologyStream {
  name: string;
  subjects: string[];
  publisher: string;
}

/** A service's durable consumer on its event's stream (`stream` is the stream's key). */
export interface TopologyConsumer {
  durable: string;
  service: string;
  stream: StreamKey;
  filterSubject: string;
}

function streamsOf(topology: NatsTopology): Record<StreamKey, TopologyStream> {
  return Object.fromEntries(
    Object.entries(topology.streams).map(([key, stream]) => {
      const producers = [...new Set(Object.values(topology.events).filter((e) => e.stream === key).flatMap((e) => e.producers))];
      if (producers.length !== 1) throw new Error(`nats topology: stream ${key} must have one producer, has ${producers.join(', ') || 'none'}`);
      return [key, { name: stream.name, subjects: stream.subjects, publisher: producers[0]! }];
    }),
  ) as Record<StreamKey, TopologyStream>;
}

function consumersOf(topology: NatsTopology): Record<ConsumerName, TopologyConsumer> {
  return Object.fromEntries(
    Object.values(topology.events).flatMap((event) =>
      Object.entries(event.consumers).map(([name, c]) => [name, { durable: c.durable, service: c.service, stream: event.stream as StreamKey, filterSubject: event.subject }]),
    ),
  ) as Record<ConsumerName, TopologyConsumer>;
}

/**
 * JetStream's part of the topology as the setup step and the apps read it: the streams with their
 * publisher, each durable consumer with its stream and subject, the KV buckets, what was retired.
 */
export const JETSTREAM_TOPOLOGY = {
  setupUser: NATS_TOPOLOGY.setupUser,
  deadLetterPrefix: NATS_TOPOLOGY.deadLetterPrefix,
  deadLetterStreamSuffix: NATS_TOPOLOGY.deadLetterStreamSuffix,
  streams: streamsOf(NATS_TOPOLOGY),
  consumers: consumersOf(NATS_TOPOLOGY),
  kvBuckets: topologyFile.kvBuckets,
  retired: NATS_TOPOLOGY.retired,
};
export const JETSTREAM_SETUP_USER = NATS_TOPOLOGY.setupUser;

/** Each event's subject: paymentSucceeded, pageViewed (gateway → blog-service), attemptSubmitted (catalog → feedback), feedbackReady. */
export const EventSubjects = mapValues(topologyFile.events, (event) => event.subject);
export type EventSubject = (typeof EventSubjects)[EventName];

/** The streams' names: payments, pageViews, attempts (stored attempts, for their writing feedback), feedback. */
export const EventStreams = mapValues(JETSTREAM_TOPOLOGY.streams, (stream) => stream.name);

/**
 * Each service's durable consumer; created by the JetStream setup step, read only by its owner:
 * paidTests (auth-service), entitlements (catalog-service), pageViews (blog-service),
 * feedbackAttempts (feedback-service).
 */
export const Durables = mapValues(JETSTREAM_TOPOLOGY.consumers, (consumer) => consumer.durable);

/**
 * The KV buckets (NATS JetStream key-value) the apps keep shared state in; each app may use only
 * its own: rateLimits and signInFailures (gateway), refreshGrace (auth-service).
 */
export const KvBuckets = mapValues(topologyFile.kvBuckets as Record<KvBucketName, { name: string; app: string }>, (bucket) => bucket.name);

/** Where a consumer puts an event it cannot apply: outside `events.>`, in a stream of its own. */
export function deadLetterSubject(stream: string, durable: string): string {
  return `${NATS_TOPOLOGY.deadLetterPrefix}.${stream}.${durable}`;
}

export function deadLetterStreamName(stream: string): string {
  return `${stream}${NATS_TOPOLOGY.deadLetterStreamSuffix}`;
}

/** Does `subject` fall under the NATS wildcard `pattern` (`*` one token, `>` the rest)? */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i += 1) {
    if (p[i] === '>') return s.length > i;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
