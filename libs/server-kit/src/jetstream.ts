import { Logger } from '@nestjs/common';
import { connect, JSONCodec, type Consumer, type ConsumerMessages, type JetStreamClient, type JsMsg, type NatsConnection } from 'nats';
import { deadLetterSubject } from '@fluent/contracts';
import { handlerTriesOf, isNotFound } from './jetstream-topology';
import { abortableSleep, backoffDelay } from './retry';
import { natsAuthOptions } from './nats';
import { forgetConsumer, jetStreamAlerts, jetStreamDeadLetters, jetStreamDeliveries, watchConsumer, type ConsumerState } from './metrics';
import { currentRequestId, REQUEST_ID_HEADER, requestIdHeaders, withRequestId } from './request-context';

const codec = JSONCodec<unknown>();

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

export interface JetStreamEventsOptions {
  url: string;
  name: string;
  /** This app's NATS user and password; NATS_USER / NATS_PASSWORD when not given. */
  user?: string;
  password?: string;
  logger?: EventsLogger;
}

export interface ConsumeOptions {
  /**
   * Pull batch size. Messages of a batch wait in this process while earlier ones are handled, and
   * their ack wait is already running: keep `maxMessages × handler time` well under the ack wait.
   */
  maxMessages?: number;
  /** Delay before the second try; doubles on every further try up to `maxRetryDelayMs`. Default 1 s. */
  retryDelayMs?: number;
  /** The longest pause between two tries. Default 1 minute. */
  maxRetryDelayMs?: number;
  /**
   * From this delivery on, a failure is logged as an error starting "Event not applied" (an
   * operator's alert) instead of a warning. Default 10 (about four minutes with the defaults).
   */
  alertAfterDeliveries?: number;
  onError?: (error: unknown) => void;
}

export const DEFAULT_CONSUME_OPTIONS = { maxMessages: 10, retryDelayMs: 1000, maxRetryDelayMs: 60_000, alertAfterDeliveries: 10 } as const;

/** The start of the error line a failing event is logged with once it is an alert (see ConsumeOptions). */
export const EVENT_NOT_APPLIED = 'Event not applied';

/** What a dead-letter message carries (JSON). */
export interface DeadLetter {
  stream: string;
  durable: string;
  subject: string;
  streamSequence: number;
  deliveryCount: number;
  error: string;
  failedAt: string;
  /** The request that caused the event (its x-request-id header), to find its log lines. */
  requestId?: string;
  /** The event as published (JSON), or `dataBase64` when it was not JSON. */
  data?: unknown;
  dataBase64?: string;
}

interface ConsumerSettings extends Required<Omit<ConsumeOptions, 'onError'>> {
  onError?: (error: unknown) => void;
  /** From the consumer's configuration on the server (its max_deliver); Infinity when unlimited. */
  handlerTries: number;
}

interface RunningConsumer {
  stream: string;
  durable: string;
  messages?: ConsumerMessages;
  done: Promise<void>;
}

/**
 * Domain events on JetStream for a service: publishing with a message id (JetStream drops a second
 * publish with the same id inside the stream's duplicate window) and reading its own durable pull
 * consumer with explicit acks. It never creates, changes or deletes a stream or a consumer: the
 * JetStream setup step does (`reconcileJetStream`, apps/jetstream-setup), and a service's NATS
 * user may only read its own consumer (tools/stack/nats-auth.mjs).
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
  private readonly consumers: RunningConsumer[] = [];
  private readonly log: EventsLogger;
  private closing = new AbortController();

  constructor(private readonly options: JetStreamEventsOptions) {
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
    const messages = await this.openConsumer(stream, durable, settings);
    const running: RunningConsumer = { stream, durable, messages, done: Promise.resolve() };
    // Its pending and redelivered counts, asked of the server at each metrics scrape.
    watchConsumer(stream, durable, () => this.consumerState(stream, durable));
    running.done = this.supervise(running, handler as EventHandler<unknown>, settings).catch(
      (error: unknown) => void this.log.error(`Consumer ${durable} stopped: ${describe(error)}`),
    );
    this.consumers.push(running);
  }

  private async consumerState(stream: string, durable: string): Promise<ConsumerState | undefined> {
    if (!this.js || !this.nc || this.nc.isClosed()) return undefined;
    const info = await (await this.js.consumers.get(stream, durable)).info(true);
    return { pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered };
  }

  /** Reads the consumer's configuration (how many tries it allows), then starts pulling from it. */
  private async openConsumer(stream: string, durable: string, settings: ConsumerSettings): Promise<ConsumerMessages> {
    let consumer: Consumer;
    try {
      consumer = await this.client().consumers.get(stream, durable);
    } catch (error) {
      if (isNotFound(error)) throw new Error(`consumer ${durable} on stream ${stream} does not exist (yet): the JetStream setup step creates it`);
      throw error;
    }
    const info = await consumer.info(true);
    settings.handlerTries = handlerTriesOf(info.config.max_deliver);
    // Abort when the consumer disappears, so the supervisor opens it again (once it is back).
    return consumer.consume({ max_messages: settings.maxMessages, abort_on_missing_resource: true });
  }

  /** The consume loop: runs until close(); when the messages stop for any other reason, reopens. */
  private async supervise(running: RunningConsumer, handler: EventHandler<unknown>, settings: ConsumerSettings): Promise<void> {
    let failures = 0;
    while (!this.closing.signal.aborted) {
      try {
        running.messages ??= await this.openConsumer(running.stream, running.durable, settings);
        const handled = await this.handleAll(running, handler, settings);
        if (this.closing.signal.aborted) break;
        if (handled > 0) failures = 0;
        this.log.warn(`Consumer ${running.durable} stopped delivering; reopening it`);
      } catch (error) {
        if (this.closing.signal.aborted) break;
        this.log.error(`Consumer ${running.durable} failed: ${describe(error)}; reopening it`);
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

  private async handleAll(running: RunningConsumer, handler: EventHandler<unknown>, settings: ConsumerSettings): Promise<number> {
    let handled = 0;
    for await (const message of running.messages!) {
      if (this.closing.signal.aborted) {
        // Pulled but not started: hand it back now rather than after the ack wait.
        message.nak();
        continue;
      }
      await this.handleOne(message, running, handler, settings);
      handled += 1;
    }
    return handled;
  }

  /** One delivery, in the context of the request that caused the event (its `x-request-id` header). */
  private handleOne(message: JsMsg, running: RunningConsumer, handler: EventHandler<unknown>, settings: ConsumerSettings): Promise<void> {
    return withRequestId(message.headers?.get(REQUEST_ID_HEADER), () => this.handleDelivery(message, running, handler, settings));
  }

  private async handleDelivery(message: JsMsg, running: RunningConsumer, handler: EventHandler<unknown>, settings: ConsumerSettings): Promise<void> {
    const deliveryCount = message.info.redeliveryCount;
    if (deliveryCount > settings.handlerTries) {
      await this.deadLetter(message, running, 'no answer from the handler on its last delivery (ack wait passed or the process stopped)', settings);
      return;
    }
    try {
      await handler(decode(message), { subject: message.subject, deliveryCount });
    } catch (error) {
      settings.onError?.(error);
      if (deliveryCount >= settings.handlerTries || error instanceof UnprocessableEventError) {
        await this.deadLetter(message, running, describe(error), settings);
      } else {
        this.retryLater(message, running, deliveryCount, error, settings);
      }
      return;
    }
    jetStreamDeliveries.inc({ stream: running.stream, durable: running.durable, outcome: 'acked' });
    try {
      await message.ackAck();
    } catch (error) {
      this.log.error(`Ack of ${message.subject} for ${running.durable} failed (it will be delivered again): ${describe(error)}`);
    }
  }

  /** Hands the message back for a later try; a warning at first, an alert once it has failed long enough. */
  private retryLater(message: JsMsg, running: RunningConsumer, deliveryCount: number, error: unknown, settings: ConsumerSettings): void {
    const { stream, durable } = running;
    jetStreamDeliveries.inc({ stream, durable, outcome: 'retried' });
    const delay = backoffDelay(deliveryCount, settings.retryDelayMs, settings.maxRetryDelayMs);
    const of = Number.isFinite(settings.handlerTries) ? ` of ${settings.handlerTries}` : '';
    if (deliveryCount >= settings.alertAfterDeliveries) {
      jetStreamAlerts.inc({ stream, durable });
      const ageMinutes = Math.round((Date.now() - message.info.timestampNanos / 1_000_000) / 60_000);
      this.log.error(
        `${EVENT_NOT_APPLIED}: ${durable} has failed ${message.subject} #${message.seq} ${deliveryCount} times${of}, published ${ageMinutes} min ago: ${describe(error)}; retrying in ${delay} ms`,
      );
    } else {
      this.log.warn(`Handler of ${durable} failed on ${message.subject} #${message.seq} (delivery ${deliveryCount}${of}): ${describe(error)}; retrying in ${delay} ms`);
    }
    message.nak(delay);
  }

  /** Publishes the message with its error to the dead-letter stream, then terminates it. */
  private async deadLetter(message: JsMsg, running: RunningConsumer, error: string, settings: ConsumerSettings): Promise<void> {
    const letter: DeadLetter = {
      stream: running.stream,
      durable: running.durable,
      subject: message.subject,
      streamSequence: message.seq,
      deliveryCount: message.info.redeliveryCount,
      error,
      failedAt: new Date().toISOString(),
      ...(currentRequestId() ? { requestId: currentRequestId() } : {}),
      ...payload(message),
    };
    const subject = deadLetterSubject(running.stream, running.durable);
    try {
      await this.client().publish(subject, codec.encode(letter), { msgID: `${running.stream}:${running.durable}:${message.seq}`, headers: requestIdHeaders() });
    } catch (publishError) {
      const last = message.info.redeliveryCount > settings.handlerTries;
      this.log.error(
        `Could not dead-letter ${message.subject} #${message.seq} for ${running.durable}: ${describe(publishError)}` +
          (last ? `; the message is lost for this consumer: ${JSON.stringify(letter)}` : '; trying again on its next delivery'),
      );
      message.nak(settings.retryDelayMs);
      return;
    }
    message.term(error.slice(0, 200));
    jetStreamDeliveries.inc({ stream: running.stream, durable: running.durable, outcome: 'dead_lettered' });
    jetStreamDeadLetters.inc({ stream: running.stream, durable: running.durable });
    this.log.error(
      `Dead-lettered ${message.subject} #${message.seq} for ${running.durable} to ${subject} after ${letter.deliveryCount} deliveries: ${error}`,
    );
  }

  /**
   * Stops pulling, lets the handlers in progress finish (and ack), hands back messages pulled but
   * not started, then drains the connection.
   */
  async close(): Promise<void> {
    this.closing.abort();
    const consumers = this.consumers.splice(0);
    for (const running of consumers) {
      running.messages?.stop();
      forgetConsumer(running.stream, running.durable);
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
