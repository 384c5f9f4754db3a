import { connect, JSONCodec, type NatsConnection } from 'nats';
import { natsAuthOptions } from './nats';
import { requestIdHeaders } from './request-context';

export interface EventPublisherOptions {
  url: string;
  /** Connection name, shown in NATS monitoring. */
  name: string;
  user?: string;
  pass?: string;
  /** How long a publish waits for the stream's ack. Default 2 s. */
  timeoutMs?: number;
}

const codec = JSONCodec<unknown>();

/**
 * Publishes events to JetStream for an app that only publishes (the gateway's page views,
 * payment-service's payments): no stream or consumer management, so its NATS user needs the event
 * subjects and its own inbox (for the acks) and nothing of the JetStream API. The streams are the
 * JetStream setup step's (apps/jetstream-setup); a publish to a missing or full stream rejects.
 * One lazy connection per process; a failed connect is retried by the next publish.
 */
export class EventPublisher {
  private connection?: Promise<NatsConnection>;

  constructor(private readonly options: EventPublisherOptions) {}

  /**
   * Resolves once the stream has stored the event (false when JetStream already had this msgID,
   * i.e. a repeated publish); rejects when it cannot be stored (NATS away, no stream, time out).
   * The request it belongs to travels in the event's `x-request-id` header: `requestId`, else the
   * request being handled (see withRequestId).
   */
  async publish<T>(subject: string, data: T, msgID: string, requestId?: string): Promise<boolean> {
    const nc = await this.connect();
    const ack = await nc.jetstream().publish(subject, codec.encode(data), { msgID, timeout: this.options.timeoutMs ?? 2000, headers: requestIdHeaders(requestId) });
    return !ack.duplicate;
  }

  /** Nest calls this on shutdown when the instance is a provider. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (connection) await (await connection.catch(() => undefined))?.drain().catch(() => undefined);
  }

  private connect(): Promise<NatsConnection> {
    this.connection ??= connect({
      servers: this.options.url,
      name: `${this.options.name}-events`,
      ...natsAuthOptions(this.options.user || this.options.pass ? { user: this.options.user, password: this.options.pass } : undefined),
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: 2000,
    }).catch((error: unknown) => {
      this.connection = undefined;
      throw error;
    });
    return this.connection;
  }
}
