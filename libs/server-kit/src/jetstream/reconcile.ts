import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type JetStreamManager,
  type StreamConfig,
} from 'nats';
import { subjectMatches } from '@fluent/contracts';

const NANOS_PER_MS = 1_000_000;

/** Limits of a stream: whatever is reached first removes (or, with discard 'new', refuses) messages. */
export interface StreamLimits {
  /** How long a message is kept; 0 for no limit. */
  maxAgeMs: number;
  /** Total size of the stream in bytes; -1 for no limit. */
  maxBytes: number;
  /** Number of messages; -1 for no limit. */
  maxMsgs: number;
  /** At a limit: 'old' drops the oldest messages, 'new' refuses new publishes (the publisher gets an error). */
  discard: 'old' | 'new';
}

export interface StreamSpec {
  name: string;
  subjects: string[];
  limits: StreamLimits;
  /** How long JetStream remembers a msgID for de-duplication (capped at the stream's max age). */
  duplicateWindowMs: number;
  /** Copies kept by a NATS cluster (1 on a single server). */
  replicas: number;
}

export interface ConsumerSpec {
  stream: string;
  durable: string;
  filterSubject: string;
  /** How long the server waits for an ack before delivering again: longer than the handler takes. */
  ackWaitMs: number;
  /**
   * How many times the handler is tried before the event goes to the dead letters, or
   * 'unlimited' for events that must be applied (a payment): then only an event that breaks its
   * schema is dead-lettered, anything else is retried until it is applied.
   */
  handlerTries: number | 'unlimited';
}

export interface JetStreamTopology {
  streams: StreamSpec[];
  consumers: ConsumerSpec[];
  /** Streams of an earlier layout, deleted when found (their subjects would overlap the new ones). */
  retiredStreams: string[];
  /** The payment events' subjects (wildcards): counted in a retired stream, to say whether replay-payments must run. */
  paymentSubjects?: string[];
}

export interface TopologyLogger {
  log(message: string): unknown;
  warn(message: string): unknown;
}

export type Change = 'created' | 'updated' | 'unchanged' | 'deleted';

export interface ReconcileReport {
  streams: Record<string, Change>;
  consumers: Record<string, Change>;
  /** Retired streams that were deleted, with how many messages each still held. */
  retired: { stream: string; messages: number; paymentEvents: number }[];
}

/**
 * The server's `max_deliver` for a consumer: one delivery more than the handler gets, so a message
 * whose last try never answered (the process stopped, or the ack wait passed) comes back once more
 * to be dead-lettered instead of being dropped by the server; -1 (no limit) for 'unlimited'.
 */
export function serverMaxDeliver(handlerTries: ConsumerSpec['handlerTries']): number {
  return handlerTries === 'unlimited' ? -1 : handlerTries + 1;
}

/** The handler tries a consumer's `max_deliver` allows (see serverMaxDeliver). */
export function handlerTriesOf(maxDeliver: number | undefined): number {
  return maxDeliver === undefined || maxDeliver <= 0 ? Number.POSITIVE_INFINITY : Math.max(1, maxDeliver - 1);
}

/** The stream settings we decide; everything else stays as the server has it. */
function wantedStream(spec: StreamSpec): Partial<StreamConfig> {
  const maxAge = spec.limits.maxAgeMs > 0 ? spec.limits.maxAgeMs * NANOS_PER_MS : 0;
  const window = spec.duplicateWindowMs * NANOS_PER_MS;
  return {
    subjects: spec.subjects,
    max_age: maxAge,
    max_bytes: spec.limits.maxBytes,
    max_msgs: spec.limits.maxMsgs,
    discard: spec.limits.discard === 'new' ? DiscardPolicy.New : DiscardPolicy.Old,
    // JetStream refuses a duplicate window longer than the stream's max age.
    duplicate_window: maxAge > 0 ? Math.min(window, maxAge) : window,
    num_replicas: spec.replicas,
  };
}

/** Creates the stream, or updates it when its subjects or limits differ from the spec. */
export async function ensureStream(jsm: JetStreamManager, spec: StreamSpec, log: TopologyLogger): Promise<Change> {
  const wanted = wantedStream(spec);
  const existing = await jsm.streams.info(spec.name).catch(notFoundAsUndefined);
  if (!existing) {
    try {
      await jsm.streams.add({ name: spec.name, storage: StorageType.File, retention: RetentionPolicy.Limits, ...wanted });
      log.log(`Stream ${spec.name} created (${spec.subjects.join(', ')})`);
      return 'created';
    } catch (error) {
      // Another setup run created it first: compare with what it made.
      const raced = await jsm.streams.info(spec.name).catch(() => undefined);
      if (!raced) throw error;
      return updateIfChanged(jsm, spec.name, raced.config, wanted, log);
    }
  }
  return updateIfChanged(jsm, spec.name, existing.config, wanted, log);
}

async function updateIfChanged(
  jsm: JetStreamManager,
  name: string,
  current: StreamConfig,
  wanted: Partial<StreamConfig>,
  log: TopologyLogger,
): Promise<Change> {
  const changed = differences(current, wanted);
  if (changed.length === 0) return 'unchanged';
  await jsm.streams.update(name, { ...current, ...wanted });
  log.log(`Stream ${name} updated: ${changed.join(', ')}`);
  return 'updated';
}

/** Creates the durable pull consumer, or updates its settings when they differ from the spec. */
export async function ensureConsumer(jsm: JetStreamManager, spec: ConsumerSpec, log: TopologyLogger): Promise<Change> {
  const wanted = {
    ack_wait: spec.ackWaitMs * NANOS_PER_MS,
    max_deliver: serverMaxDeliver(spec.handlerTries),
    filter_subject: spec.filterSubject,
  } satisfies Partial<ConsumerConfig>;
  const existing = await jsm.consumers.info(spec.stream, spec.durable).catch(notFoundAsUndefined);
  if (!existing) {
    await jsm.consumers.add(spec.stream, { durable_name: spec.durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ...wanted });
    log.log(`Consumer ${spec.durable} created on ${spec.stream} (${spec.filterSubject})`);
    return 'created';
  }
  const changed = differences(existing.config, wanted);
  if (changed.length === 0) return 'unchanged';
  await jsm.consumers.update(spec.stream, spec.durable, wanted);
  log.log(`Consumer ${spec.durable} updated: ${changed.join(', ')}`);
  return 'updated';
}

/**
 * Brings JetStream to the topology: retired streams deleted (logged with what they held), every
 * stream and consumer created or updated. Idempotent; the local stack runs it before the apps
 * start, and a Helm Job runs the same entry point (apps/jetstream-setup) before a rollout. Only
 * the setup identity may do this: the services can read their own consumer and nothing more.
 */
export async function reconcileJetStream(jsm: JetStreamManager, topology: JetStreamTopology, log: TopologyLogger): Promise<ReconcileReport> {
  const report: ReconcileReport = { streams: {}, consumers: {}, retired: [] };
  for (const name of topology.retiredStreams) {
    const retired = await jsm.streams.info(name, { subjects_filter: '>' }).catch(notFoundAsUndefined);
    if (!retired) continue;
    const subjects = retired.state.subjects ?? {};
    const paymentEvents = Object.entries(subjects)
      .filter(([subject]) => (topology.paymentSubjects ?? []).some((pattern) => subjectMatches(pattern, subject)))
      .reduce((sum, [, count]) => sum + count, 0);
    await jsm.streams.delete(name);
    report.retired.push({ stream: name, messages: retired.state.messages, paymentEvents });
    log.warn(
      `Retired stream ${name} deleted (${retired.state.messages} messages, ${paymentEvents} of them payment events)` +
        (paymentEvents > 0 ? ': run replay-payments once the services are up, so that no payment it held stays unapplied' : ''),
    );
  }
  for (const stream of topology.streams) report.streams[stream.name] = await ensureStream(jsm, stream, log);
  for (const consumer of topology.consumers) report.consumers[consumer.durable] = await ensureConsumer(jsm, consumer, log);
  return report;
}

/** The fields of `wanted` whose value differs in `current`, as "field: old → new". */
function differences(current: object, wanted: object): string[] {
  const now = current as Record<string, unknown>;
  return Object.entries(wanted)
    .filter(([key, value]) => JSON.stringify(normalise(now[key])) !== JSON.stringify(normalise(value)))
    .map(([key, value]) => `${key}: ${JSON.stringify(now[key])} → ${JSON.stringify(value)}`);
}

function normalise(value: unknown): unknown {
  return Array.isArray(value) ? [...value].sort() : value;
}

export function isNotFound(error: unknown): boolean {
  const api = (error as { api_error?: { code?: number } }).api_error;
  return api?.code === 404 || /not found/i.test(error instanceof Error ? error.message : String(error));
}

function notFoundAsUndefined(error: unknown): undefined {
  if (isNotFound(error)) return undefined;
  throw error;
}
