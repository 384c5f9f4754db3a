import { Logger } from '@nestjs/common';
import {
  AckPolicy,
  connect,
  DeliverPolicy,
  DiscardPolicy,
  JSONCodec,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  type StreamConfig,
} from 'nats';
import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from '@fluent/contracts';
import { abortableSleep, backoffDelay } from './retry';
import { natsAuthOptions } from './nats';

const codec = JSONCodec<unknown>();
const NANOS_PER_MS = 1_000_000;

export interface EventHandlerContext {
  subject: string;
  /** How many times this message has been delivered (1 on the first try). */
  deliveryCount: number;
}

export type EventHandler<T> = (data: T, context: EventHandlerContext) => Promise<void>;

/**
 * Thrown by a handler for an event that no retry can fix (it breaks its schema): it goes to the
 * dead letters at once instead of after every redelivery. Anything else thrown is retried.
 */
export class UnprocessableEventError extends Error {
  override readonly name = 'UnprocessableEventError';
}

/** Where JetStreamEvents logs; Nest's Logger by default (the app's pino logger once it is set). */
export interface EventsLogger {
  log(message: string): unknown;
  warn(message: string): unknown;
  error(message: string): unknown;
}

/** Limits of a stream: whatever is reached first removes (or, with discard 'new', refuses) messages. */
export interface StreamLimits {
  /** How long a message is kept. Default 7 days. */
  maxAgeMs?: number;
  /** Total size of the stream in bytes; -1 for no limit. Default 1 GiB. */
  maxBytes?: number;
  /** Number of messages; -1 for no limit (the default). */
  maxMsgs?: number;
  /** At a limit: 'old' drops the oldest messages (default), 'new' refuses new publishes. */
  discard?: 'old' | 'new';
}

export interface JetStreamEventsOptions {
  url: string;
  name: string;
  /** This app's NATS user and password; NATS_USER / NATS_PASSWORD when not given. */
  user?: string;
  password?: string;
  stream?: string;
  /** The stream's subjects; `events.>` by default. */
  subjects?: string[];
  /** How long JetStream remembers a msgID for de-duplication (at most the stream's max age). */
  duplicateWindowMs?: number;
  limits?: StreamLimits;
  /**
   * Copies of each stream across a NATS cluster (the setup step sets 3 in Helm). Unset: a new
   * stream gets 1 and an existing stream keeps what it has, so a service never scales one down.
   */
  replicas?: number;
  /** Where messages go after their last failed delivery; see `consume`. */
  deadLetter?: { stream?: string; limits?: StreamLimits };
  logger?: EventsLogger;
}

export interface ConsumeOptions {
  /** How long the server waits for an ack before delivering again: longer than the handler takes. */
  ackWaitMs?: number;
  /** How many times the handler is tried before the message is dead-lettered. Default 5. */
  maxDeliver?: number;
  /**
   * Pull batch size. Messages of a batch wait in this process while earlier ones are handled, and
   * their ack wait is already running: keep `maxMessages × handler time` well under `ackWaitMs`.
   */
  maxMessages?: number;
  /** Delay before the second try; doubles on every further try (at most 1 minute). Default 1 s. */
  retryDelayMs?: number;
  onError?: (error: unknown) => void;
}

export const DEFAULT_STREAM_LIMITS: Required<StreamLimits> = {
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxBytes: 1024 * 1024 * 1024,
  maxMsgs: -1,
  discard: 'old',
};

export const DEFAULT_DEAD_LETTER_LIMITS: Required<StreamLimits> = {
  maxAgeMs: 30 * 24 * 60 * 60 * 1000,
  maxBytes: 256 * 1024 * 1024,
  maxMsgs: -1,
  discard: 'old',
};

export const DEFAULT_CONSUME_OPTIONS = { ackWaitMs: 30_000, maxDeliver: 5, maxMessages: 10, retryDelayMs: 1000 } as const;

/** Dead letters of `durable` on `stream`; outside `events.>`, in their own stream. */
export function deadLetterSubject(stream: string, durable: string): string {
  return `deadletter.${stream}.${durable}`;
}

export function deadLetterStreamName(stream: string): string {
  return `${stream}_DEADLETTER`;
}

/** What a dead-letter message carries (JSON). */
export interface DeadLetter {
  stream: string;
  durable: string;
  subject: string;
  streamSequence: number;
  deliveryCount: number;
  error: string;
  failedAt: string;
  /** The event as published (JSON), or `dataBase64` when it was not JSON. */
  data?: unknown;
  dataBase64?: string;
}

interface ConsumerSettings {
  ackWaitMs: number;
  maxDeliver: number;
  maxMessages: number;
  retryDelayMs: number;
  onError?: (error: unknown) => void;
}

interface RunningConsumer {
  durable: string;
  messages?: ConsumerMessages;
  done: Promise<void>;
}

/**
 * Domain events on JetStream: a file-backed stream for `events.>` with size and age limits,
 * publishing with a message id (JetStream drops a second publish with the same id inside the
 * duplicate window) and durable pull consumers with explicit acks.
 *
 * Delivery: a handler that throws gets the message again after a growing delay, at most
 * `maxDeliver` times; after the last failure the message is published to the dead-letter subject
 * `deadletter.<stream>.<durable>` (stream `<stream>_DEADLETTER`) with the error, and terminated.
 * Stream and consumer settings are applied on every start: an existing stream or consumer whose
 * settings differ is updated. The consume loop is supervised: it logs errors and restarts (creating
 * the consumer again if it was deleted) until `close()`, which lets the handler in progress finish
 * and ack, then drains the connection.
 *
 * NestJS's NATS transport is core NATS only, hence this small wrapper over the `nats` client.
 */
export class JetStreamEvents {
  private nc?: NatsConnection;
  private js?: JetStreamClient;
  private jsm?: JetStreamManager;
  private readonly consumers: RunningConsumer[] = [];
  private readonly stream: string;
  private readonly log: EventsLogger;
  private closing = new AbortController();

  constructor(private readonly options: JetStreamEventsOptions) {
    this.stream = options.stream ?? EVENTS_STREAM;
    this.log = options.logger ?? new Logger(`JetStreamEvents(${options.name})`);
  }

  async connect(): Promise<void> {
    if (this.nc) return;
    const { user, password } = this.options;
    this.nc = await connect({
      servers: this.options.url,
      name: `${this.options.name}-jetstream`,
      ...natsAuthOptions(user || password ? { user, password } : undefined),
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
    this.closing = new AbortController();
    this.jsm = await this.nc.jetstreamManager();
    this.js = this.nc.jetstream();
    const limits = { ...DEFAULT_STREAM_LIMITS, ...this.options.limits };
    await this.ensureStream(this.stream, this.options.subjects ?? [`${EVENTS_SUBJECT_PREFIX}>`], limits);
    const deadLetterLimits = { ...DEFAULT_DEAD_LETTER_LIMITS, ...this.options.deadLetter?.limits };
    await this.ensureStream(this.deadLetterStream(), [deadLetterSubject(this.stream, '>')], deadLetterLimits);
  }

  /**
   * Creates the stream when it does not exist, and updates it when its subjects or limits differ
   * from ours; safe to call from every service at boot.
   */
  private async ensureStream(name: string, subjects: string[], limits: Required<StreamLimits>): Promise<void> {
    const jsm = this.manager();
    const maxAge = limits.maxAgeMs > 0 ? limits.maxAgeMs * NANOS_PER_MS : 0;
    const requestedWindow = (this.options.duplicateWindowMs ?? 24 * 60 * 60 * 1000) * NANOS_PER_MS;
    const wanted = {
      subjects,
      max_age: maxAge,
      max_bytes: limits.maxBytes,
      max_msgs: limits.maxMsgs,
      discard: limits.discard === 'new' ? DiscardPolicy.New : DiscardPolicy.Old,
      // JetStream refuses a duplicate window longer than the stream's max age.
      duplicate_window: maxAge > 0 ? Math.min(requestedWindow, maxAge) : requestedWindow,
      ...(this.options.replicas ? { num_replicas: this.options.replicas } : {}),
    } satisfies Partial<StreamConfig>;
    const existing = await jsm.streams.info(name).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
    if (!existing) {
      try {
        await jsm.streams.add({ name, storage: StorageType.File, retention: RetentionPolicy.Limits, ...wanted });
        return;
      } catch (error) {
        // Another replica created it first (with other settings): update it below.
        const raced = await jsm.streams.info(name).catch(() => undefined);
        if (!raced) throw error;
        return this.updateStreamIfChanged(name, raced.config, wanted);
      }
    }
    await this.updateStreamIfChanged(name, existing.config, wanted);
  }

  private async updateStreamIfChanged(name: string, current: StreamConfig, wanted: Partial<StreamConfig>): Promise<void> {
    const changed = differences(current, wanted);
    if (changed.length === 0) return;
    await this.manager().streams.update(name, { ...current, ...wanted });
    this.log.log(`Stream ${name} updated: ${changed.join(', ')}`);
  }

  /**
   * Publishes an event and waits for the stream to store it. Returns false when JetStream reports
   * the message id as a duplicate (already published), true otherwise.
   */
  async publish<T>(subject: string, data: T, msgID: string): Promise<boolean> {
    const ack = await this.client().publish(subject, codec.encode(data), { msgID });
    return !ack.duplicate;
  }

  /**
   * Starts a durable consumer. The durable keeps its position on the server, so events published
   * while this process was down are delivered when it comes back. A handler that throws gets the
   * message again after `retryDelayMs` (doubling), up to `maxDeliver` tries; then the message goes
   * to the dead-letter subject and is terminated. Resolves once the consumer is pulling; errors
   * after that are logged and the loop restarts.
   */
  async consume<T>(
    durable: string,
    filterSubject: string,
    handler: EventHandler<T>,
    options: ConsumeOptions = {},
  ): Promise<void> {
    const settings: ConsumerSettings = { ...DEFAULT_CONSUME_OPTIONS, ...options };
    if (!(settings.maxDeliver >= 1)) throw new Error('maxDeliver must be at least 1');
    const messages = await this.openConsumer(durable, filterSubject, settings);
    const running: RunningConsumer = { durable, messages, done: Promise.resolve() };
    running.done = this.supervise(running, filterSubject, handler as EventHandler<unknown>, settings).catch(
      (error: unknown) => void this.log.error(`Consumer ${durable} stopped: ${describe(error)}`),
    );
    this.consumers.push(running);
  }

  /**
   * Creates the durable consumer when it does not exist, and updates it when its settings differ
   * from `options` (the same settings `consume` applies): safe to run from a setup step before the
   * services start, and again from every replica.
   */
  async ensureConsumer(durable: string, filterSubject: string, options: ConsumeOptions = {}): Promise<void> {
    const settings: ConsumerSettings = { ...DEFAULT_CONSUME_OPTIONS, ...options };
    const jsm = this.manager();
    const wanted = {
      ack_wait: settings.ackWaitMs * NANOS_PER_MS,
      // One delivery more than the handler gets: it dead-letters a message whose last try never
      // answered (the process stopped, or the ack wait passed) instead of the server dropping it.
      max_deliver: settings.maxDeliver + 1,
      filter_subject: filterSubject,
    } satisfies Partial<ConsumerConfig>;
    const existing = await jsm.consumers.info(this.stream, durable).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
    if (!existing) {
      await jsm.consumers.add(this.stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ...wanted,
      });
    } else {
      const changed = differences(existing.config, wanted);
      if (changed.length > 0) {
        await jsm.consumers.update(this.stream, durable, wanted);
        this.log.log(`Consumer ${durable} updated: ${changed.join(', ')}`);
      }
    }
  }

  /** Creates or updates the durable consumer, then starts pulling from it. */
  private async openConsumer(durable: string, filterSubject: string, settings: ConsumerSettings): Promise<ConsumerMessages> {
    await this.ensureConsumer(durable, filterSubject, settings);
    const consumer = await this.client().consumers.get(this.stream, durable);
    // Abort when the consumer disappears, so the supervisor creates it again.
    return consumer.consume({ max_messages: settings.maxMessages, abort_on_missing_resource: true });
  }

  /** The consume loop: runs until close(); when the messages stop for any other reason, restarts. */
  private async supervise(
    running: RunningConsumer,
    filterSubject: string,
    handler: EventHandler<unknown>,
    settings: ConsumerSettings,
  ): Promise<void> {
    let failures = 0;
    while (!this.closing.signal.aborted) {
      try {
        running.messages ??= await this.openConsumer(running.durable, filterSubject, settings);
        const handled = await this.handleAll(running.messages, running.durable, handler, settings);
        if (this.closing.signal.aborted) break;
        if (handled > 0) failures = 0;
        this.log.warn(`Consumer ${running.durable} stopped delivering; restarting it`);
      } catch (error) {
        if (this.closing.signal.aborted) break;
        this.log.error(`Consumer ${running.durable} failed: ${describe(error)}; restarting it`);
      }
      running.messages?.stop();
      running.messages = undefined;
      if (!this.nc || this.nc.isClosed()) {
        this.log.error(`Consumer ${running.durable} stopped: the NATS connection is closed`);
        return;
      }
      failures += 1;
      await abortableSleep(backoffDelay(failures, 250, 15_000), this.closing.signal);
    }
  }

  private async handleAll(
    messages: ConsumerMessages,
    durable: string,
    handler: EventHandler<unknown>,
    settings: ConsumerSettings,
  ): Promise<number> {
    let handled = 0;
    for await (const message of messages) {
      if (this.closing.signal.aborted) {
        // Pulled but not started: hand it back now rather than after the ack wait.
        message.nak();
        continue;
      }
      await this.handleOne(message, durable, handler, settings);
      handled += 1;
    }
    return handled;
  }

  private async handleOne(
    message: JsMsg,
    durable: string,
    handler: EventHandler<unknown>,
    settings: ConsumerSettings,
  ): Promise<void> {
    const deliveryCount = message.info.redeliveryCount;
    if (deliveryCount > settings.maxDeliver) {
      await this.deadLetter(message, durable, 'no answer from the handler on its last delivery (ack wait passed or the process stopped)', settings);
      return;
    }
    try {
      await handler(decode(message), { subject: message.subject, deliveryCount });
    } catch (error) {
      settings.onError?.(error);
      if (deliveryCount >= settings.maxDeliver || error instanceof UnprocessableEventError) {
        await this.deadLetter(message, durable, describe(error), settings);
      } else {
        const delay = backoffDelay(deliveryCount, settings.retryDelayMs, 60_000);
        this.log.warn(
          `Handler of ${durable} failed on ${message.subject} (delivery ${deliveryCount} of ${settings.maxDeliver}): ${describe(error)}; retrying in ${delay} ms`,
        );
        message.nak(delay);
      }
      return;
    }
    try {
      await message.ackAck();
    } catch (error) {
      this.log.error(`Ack of ${message.subject} for ${durable} failed (it will be delivered again): ${describe(error)}`);
    }
  }

  /** Publishes the message with its error to the dead-letter stream, then terminates it. */
  private async deadLetter(message: JsMsg, durable: string, error: string, settings: ConsumerSettings): Promise<void> {
    const letter: DeadLetter = {
      stream: this.stream,
      durable,
      subject: message.subject,
      streamSequence: message.seq,
      deliveryCount: message.info.redeliveryCount,
      error,
      failedAt: new Date().toISOString(),
      ...payload(message),
    };
    const subject = deadLetterSubject(this.stream, durable);
    try {
      await this.client().publish(subject, codec.encode(letter), { msgID: `${this.stream}:${durable}:${message.seq}` });
    } catch (publishError) {
      const last = message.info.redeliveryCount > settings.maxDeliver;
      this.log.error(
        `Could not dead-letter ${message.subject} #${message.seq} for ${durable}: ${describe(publishError)}` +
          (last ? `; the message is lost for this consumer: ${JSON.stringify(letter)}` : '; trying again on its next delivery'),
      );
      message.nak(settings.retryDelayMs);
      return;
    }
    message.term(error.slice(0, 200));
    this.log.error(
      `Dead-lettered ${message.subject} #${message.seq} for ${durable} to ${subject} after ${letter.deliveryCount} deliveries: ${error}`,
    );
  }

  /**
   * Stops pulling, lets the handlers in progress finish (and ack), hands back messages pulled but
   * not started, then drains the connection.
   */
  async close(): Promise<void> {
    this.closing.abort();
    const consumers = this.consumers.splice(0);
    for (const running of consumers) running.messages?.stop();
    await Promise.all(consumers.map((running) => running.done));
    if (this.nc) {
      await this.nc.drain().catch(() => undefined);
      this.nc = undefined;
    }
  }

  isConnected(): boolean {
    return !!this.nc && !this.nc.isClosed();
  }

  private deadLetterStream(): string {
    return this.options.deadLetter?.stream ?? deadLetterStreamName(this.stream);
  }

  private client(): JetStreamClient {
    if (!this.js) throw new Error('JetStreamEvents.connect() has not been called');
    return this.js;
  }

  private manager(): JetStreamManager {
    if (!this.jsm) throw new Error('JetStreamEvents.connect() has not been called');
    return this.jsm;
  }
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

function isNotFound(error: unknown): boolean {
  const api = (error as { api_error?: { code?: number } }).api_error;
  return api?.code === 404 || /not found/i.test(describe(error));
}

function decode(message: JsMsg): unknown {
  return codec.decode(message.data);
}

function payload(message: JsMsg): Pick<DeadLetter, 'data' | 'dataBase64'> {
  try {
    return { data: codec.decode(message.data) };
  } catch {
    return { dataBase64: Buffer.from(message.data).toString('base64') };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
