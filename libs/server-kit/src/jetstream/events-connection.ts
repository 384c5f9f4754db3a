import { Logger } from '@nestjs/common';
import { JSONCodec, type JetStreamClient, type NatsConnection } from 'nats';
import { DEFAULT_CONSUME_OPTIONS, describe, SupervisedConsumer, type ConsumeOptions, type ConsumerSettings, type EventHandler, type EventsLogger } from './supervised-consumer';
import { forgetConsumer, watchConsumer, type ConsumerState } from '../metrics/metrics';
import { requestIdHeaders } from '../logging/request-context';
import { connectNats, credentialsOf } from '../nats/connection';

const codec = JSONCodec<unknown>();

export interface JetStreamEventsOptions {
  url: string;
  name: string;
  /** This app's NATS user and password; NATS_USER / NATS_PASSWORD when not given. */
  user?: string;
  password?: string;
  logger?: EventsLogger;
}

interface Running {
  consumer: SupervisedConsumer;
  done: Promise<void>;
}

/**
 * Domain events on JetStream for a service: publishing with a message id (JetStream drops a second
 * publish with the same id inside the stream's duplicate window) and reading its own durable pull
 * consumer with explicit acks (SupervisedConsumer, supervised-consumer.ts; dead letters in
 * dead-letters.ts). It never creates, changes or deletes a stream or a consumer: the JetStream
 * setup step does (`reconcileJetStream`, reconcile.ts, apps/jetstream-setup), and a
 * service's NATS user may only read its own consumer (libs/contracts/src/nats/permissions.mjs). An app that
 * only publishes uses EventPublisher.
 *
 * Delivery: a handler that throws gets the message again after a growing delay (capped). The
 * consumer's `max_deliver` on the server says how many tries it gets: after the last the message is
 * published to the dead-letter subject `deadletter.<stream>.<durable>` (stream
 * `<stream>_DEADLETTER`) with the error, and terminated; a consumer without a limit (payments)
 * retries until the handler succeeds, logging "Event not applied" as an error once it has failed
 * `alertAfterDeliveries` times. An `UnprocessableEventError` is dead-lettered at once. The consume
 * loop is supervised: it logs errors and reopens the consumer (waiting for the setup step if it
 * is missing) until `close()`, which lets the handler in progress finish and ack, then drains.
 *
 * NestJS's NATS transport is core NATS only, hence this small wrapper over the `nats` client.
 */
export class JetStreamEvents {
  private nc?: NatsConnection;
  private js?: JetStreamClient;
  private readonly consumers: Running[] = [];
  private readonly log: EventsLogger;
  private closing = new AbortController();

  constructor(private readonly options: JetStreamEventsOptions) {
    this.log = options.logger ?? new Logger(`JetStreamEvents(${options.name})`);
  }

  async connect(): Promise<void> {
    if (this.nc) return;
    const { user, password } = this.options;
    this.nc = await connectNats({ url: this.options.url, name: `${this.options.name}-jetstream`, credentials: credentialsOf(user, password) });
    this.closing = new AbortController();
    // The client only: a JetStreamManager would ask for the account's JetStream info, which a
    // service's NATS user may not.
    this.js = this.nc.jetstream();
  }

  /**
   * Publishes an event and waits for the stream to store it. Returns false when JetStream reports
   * the message id as a duplicate (already published), true otherwise. The request being handled
   * (a NATS request's, or the event's own being consumed) goes along in its `x-request-id` header.
   */
  async publish<T>(subject: string, data: T, msgID: string): Promise<boolean> {
    const ack = await this.client().publish(subject, codec.encode(data), { msgID, headers: requestIdHeaders() });
    return !ack.duplicate;
  }

  /**
   * Starts reading the durable consumer `durable` on `stream`, which the setup step created. The
   * durable keeps its position on the server, so events published while this process was down are
   * delivered when it comes back. Resolves once the consumer is pulling; rejects when it cannot be
   * opened (missing, no right to read it), for the caller to retry. Errors after that are logged
   * and the loop reopens it.
   */
  async consume<T>(stream: string, durable: string, handler: EventHandler<T>, options: ConsumeOptions = {}): Promise<void> {
    const settings: ConsumerSettings = { ...DEFAULT_CONSUME_OPTIONS, ...options, handlerTries: 1 };
    const host = { js: this.client(), log: this.log, closing: this.closing.signal, isClosed: () => !this.nc || this.nc.isClosed() };
    const consumer = new SupervisedConsumer(host, stream, durable, handler as EventHandler<unknown>, settings);
    await consumer.open();
    // Its pending and redelivered counts, asked of the server at each metrics scrape.
    watchConsumer(stream, durable, () => this.consumerState(stream, durable));
    const done = consumer.run().catch((error: unknown) => void this.log.error(`Consumer ${durable} stopped: ${describe(error)}`));
    this.consumers.push({ consumer, done });
  }

  private async consumerState(stream: string, durable: string): Promise<ConsumerState | undefined> {
    if (!this.js || !this.nc || this.nc.isClosed()) return undefined;
    const info = await (await this.js.consumers.get(stream, durable)).info(true);
    return { pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered };
  }

  /**
   * Stops pulling, lets the handlers in progress finish (and ack), hands back messages pulled but
   * not started, then drains the connection.
   */
  async close(): Promise<void> {
    this.closing.abort();
    const consumers = this.consumers.splice(0);
    for (const running of consumers) {
      running.consumer.stop();
      forgetConsumer(running.consumer.stream, running.consumer.durable);
    }
    await Promise.all(consumers.map((running) => running.done));
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
}
