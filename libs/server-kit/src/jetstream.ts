import {
  AckPolicy,
  connect,
  DeliverPolicy,
  JSONCodec,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from '@fluent/contracts';
import { natsAuthOptions } from './nats';

const codec = JSONCodec<unknown>();

export interface EventHandlerContext {
  subject: string;
  /** How many times this message has been delivered (1 on the first try). */
  deliveryCount: number;
}

export type EventHandler<T> = (data: T, context: EventHandlerContext) => Promise<void>;

export interface JetStreamEventsOptions {
  url: string;
  name: string;
  /** This app's NATS user and password; NATS_USER / NATS_PASSWORD when not given. */
  user?: string;
  password?: string;
  stream?: string;
  /** How long JetStream remembers a msgID for de-duplication. */
  duplicateWindowMs?: number;
}

/**
 * Domain events on JetStream: a file-backed stream for `events.>`, publishing with a message id
 * (JetStream drops a second publish with the same id inside the duplicate window) and durable pull
 * consumers with explicit acks (a message is redelivered until a handler acknowledges it).
 * NestJS's NATS transport is core NATS only, hence this small wrapper over the `nats` client.
 */
export class JetStreamEvents {
  private nc?: NatsConnection;
  private js?: JetStreamClient;
  private jsm?: JetStreamManager;
  private readonly subscriptions: ConsumerMessages[] = [];
  private readonly stream: string;

  constructor(private readonly options: JetStreamEventsOptions) {
    this.stream = options.stream ?? EVENTS_STREAM;
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
    this.jsm = await this.nc.jetstreamManager();
    this.js = this.nc.jetstream();
    await this.ensureStream();
  }

  /** Creates the stream when it does not exist; safe to call from every service at boot. */
  private async ensureStream(): Promise<void> {
    const jsm = this.manager();
    const duplicateWindow = (this.options.duplicateWindowMs ?? 24 * 60 * 60 * 1000) * 1_000_000;
    try {
      await jsm.streams.info(this.stream);
    } catch {
      await jsm.streams.add({
        name: this.stream,
        subjects: [`${EVENTS_SUBJECT_PREFIX}>`],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        duplicate_window: duplicateWindow,
      });
    }
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
   * while this process was down are delivered when it comes back. A handler that throws leaves the
   * message unacknowledged; it is redelivered after `ackWaitMs`.
   */
  async consume<T>(
    durable: string,
    filterSubject: string,
    handler: EventHandler<T>,
    options: { ackWaitMs?: number; onError?: (error: unknown) => void } = {},
  ): Promise<void> {
    const jsm = this.manager();
    const ackWait = (options.ackWaitMs ?? 30_000) * 1_000_000;
    try {
      await jsm.consumers.info(this.stream, durable);
    } catch {
      await jsm.consumers.add(this.stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: filterSubject,
        ack_wait: ackWait,
        max_deliver: -1,
      });
    }
    const consumer = await this.client().consumers.get(this.stream, durable);
    const messages = await consumer.consume();
    this.subscriptions.push(messages);
    void (async () => {
      for await (const message of messages) {
        try {
          await handler(codec.decode(message.data) as T, {
            subject: message.subject,
            deliveryCount: message.info.redeliveryCount,
          });
          message.ack();
        } catch (error) {
          options.onError?.(error);
          message.nak(1000);
        }
      }
    })();
  }

  async close(): Promise<void> {
    for (const subscription of this.subscriptions.splice(0)) subscription.stop();
    if (this.nc) {
      await this.nc.drain().catch(() => undefined);
      this.nc = undefined;
    }
  }

  isConnected(): boolean {
    return !!this.nc && !this.nc.isClosed();
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
