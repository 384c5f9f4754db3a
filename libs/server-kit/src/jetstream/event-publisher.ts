import { JSONCodec } from 'nats';
import type { BaseConfig } from '../config/config';
import { credentialsOf, LazyNatsConnection } from '../nats/connection';
import { requestIdHeaders } from '../logging/request-context';

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
  private readonly connection: LazyNatsConnection;

  /** The publisher of a service, as its config says (NATS_URL, NATS_USER, NATS_PASSWORD). */
  static forService(service: string, config: Pick<BaseConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD'>): EventPublisher {
    return new EventPublisher({ url: config.NATS_URL, name: service, user: config.NATS_USER, pass: config.NATS_PASSWORD });
  }

  constructor(private readonly options: EventPublisherOptions) {
    this.connection = new LazyNatsConnection({
      url: options.url,
      name: `${options.name}-events`,
      credentials: credentialsOf(options.user, options.pass),
      options: { timeout: 2000 },
    });
  }

  /**
   * Resolves once the stream has stored the event (false when JetStream already had this msgID,
   * i.e. a repeated publish); rejects when it cannot be stored (NATS away, no stream, time out).
   * The request it belongs to travels in the event's `x-request-id` header: `requestId`, else the
   * request being handled (see withRequestId).
   */
  async publish<T>(subject: string, data: T, msgID: string, requestId?: string): Promise<boolean> {
    const nc = await this.connection.get();
    const ack = await nc.jetstream().publish(subject, codec.encode(data), { msgID, timeout: this.options.timeoutMs ?? 2000, headers: requestIdHeaders(requestId) });
    return !ack.duplicate;
  }

  /** Nest calls this on shutdown when the instance is a provider. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}
