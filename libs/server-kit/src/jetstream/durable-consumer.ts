import { Logger, type FactoryProvider, type InjectionToken } from '@nestjs/common';
import type { z } from 'zod';
import { JetStreamEvents } from './events-connection';
import { UnprocessableEventError, type ConsumeOptions, type EventsLogger } from './supervised-consumer';
import type { BaseConfig } from '../config/config';
import { retryWithBackoff } from '../resilience/retry';

export interface DurableConsumerOptions<T> {
  /** The service's name and NATS connection. */
  service: string;
  url: string;
  user?: string;
  password?: string;
  /** The stream and the durable consumer on it (libs/contracts `EventStreams`, `Durables`). */
  stream: string;
  durable: string;
  /** Every event is parsed with it; one that does not parse is dead-lettered at once. */
  schema: z.ZodType<T>;
  handle: (event: T) => Promise<void>;
  consume?: ConsumeOptions;
  logger: EventsLogger;
}

/**
 * A service's durable JetStream consumer, run in the background: `start()` connects and opens the
 * consumer with retries (logged) so the service answers requests while NATS is still coming up or
 * the setup step has not created the consumer yet, and the consumer catches up once it can;
 * `stop()` lets the event in hand finish and ack (call it before the database closes). Malformed
 * events go to the dead letters at once; a handler that throws is retried (see SupervisedConsumer).
 * As a Nest provider (durableConsumerProvider) its lifecycle hooks start and stop it.
 */
export class DurableEventConsumer<T> {
  private readonly stopping = new AbortController();
  private readonly events: JetStreamEvents;
  private started?: Promise<void>;

  constructor(private readonly options: DurableConsumerOptions<T>) {
    this.events = new JetStreamEvents({ url: options.url, name: options.service, user: options.user, password: options.password, logger: options.logger });
  }

  start(): void {
    const { logger, stream, durable } = this.options;
    this.started = retryWithBackoff(() => this.open(), { what: `JetStream consumer ${durable} on ${stream}`, log: logger, signal: this.stopping.signal }).then(
      () => void logger.log(`Consuming ${stream} as ${durable}`),
      (error: unknown) => {
        if (!this.stopping.signal.aborted) logger.error(`Consumer ${durable} did not start: ${String(error)}`);
      },
    );
  }

  private async open(): Promise<void> {
    const { stream, durable, schema, handle, consume } = this.options;
    try {
      await this.events.connect();
      await this.events.consume(
        stream,
        durable,
        async (data, { subject }) => {
          const event = schema.safeParse(data);
          if (!event.success) throw new UnprocessableEventError(`malformed ${subject}: ${event.error.message}`);
          await handle(event.data);
        },
        consume,
      );
    } catch (error) {
      // The next try starts from a clean connection (connect() is a no-op on a half-set-up one).
      await this.events.close().catch(() => undefined);
      throw error;
    }
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.started;
    await this.events.close();
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  /** Before the database closes (onApplicationShutdown): the event in hand still writes and acks. */
  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }
}

export interface DurableConsumerProviderSpec<T, Deps extends unknown[]> {
  /** The service's name (the NATS connection's) and its config (NATS_URL, NATS_USER, NATS_PASSWORD). */
  service: string;
  config: BaseConfig;
  /** The stream and the durable consumer on it (libs/contracts `EventStreams`, `Durables`). */
  stream: string;
  durable: string;
  /** Every event is parsed with it; one that does not parse is dead-lettered at once. */
  schema: z.ZodType<T>;
  /** The providers `handler` receives, in order. */
  inject?: InjectionToken[];
  /** Builds the event handler from the injected providers; a handler that throws is retried. */
  handler: (...deps: Deps) => (event: T) => Promise<unknown>;
  consume?: ConsumeOptions;
  /** The logger's context (the consumer's name in the logs). */
  name: string;
}

/** The token of a durable consumer's provider (nothing needs to inject it; Nest runs its lifecycle). */
export const durableConsumerToken = (stream: string, durable: string): string => `DurableEventConsumer:${stream}:${durable}`;

/**
 * A service's durable JetStream consumer as a Nest provider: built from the providers its handler
 * needs, started in the background once the application has booted, stopped before the database
 * closes. Every durable consumer of every service is one of these (the payment consumers through
 * paymentConsumerProvider).
 */
export function durableConsumerProvider<T, Deps extends unknown[] = unknown[]>(spec: DurableConsumerProviderSpec<T, Deps>): FactoryProvider<DurableEventConsumer<T>> {
  const { service, config, stream, durable, schema, consume } = spec;
  return {
    provide: durableConsumerToken(stream, durable),
    inject: spec.inject ?? [],
    useFactory: (...deps: unknown[]) => {
      const handle = spec.handler(...(deps as Deps));
      return new DurableEventConsumer<T>({
        service,
        url: config.NATS_URL,
        user: config.NATS_USER,
        password: config.NATS_PASSWORD,
        stream,
        durable,
        schema,
        handle: async (event) => {
          await handle(event);
        },
        consume,
        logger: new Logger(spec.name),
      });
    },
  };
}
