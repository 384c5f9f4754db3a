import { JSONCodec, type Consumer, type ConsumerMessages, type JetStreamClient, type JsMsg } from 'nats';
import { deadLetterOf, publishDeadLetter } from './dead-letters';
import { handlerTriesOf, isNotFound } from './reconcile';
import { jetStreamAlerts, jetStreamDeadLetters, jetStreamDeliveries } from '../metrics/metrics';
import { REQUEST_ID_HEADER, withRequestId } from '../logging/request-context';
import { abortableSleep, backoffDelay } from '../resilience/retry';

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

/** Where a consumer logs; Nest's Logger by default (the app's pino logger once it is set). */
export interface EventsLogger {
  log(message: string): unknown;
  warn(message: string): unknown;
  error(message: string): unknown;
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

export interface ConsumerSettings extends Required<Omit<ConsumeOptions, 'onError'>> {
  onError?: (error: unknown) => void;
  /** From the consumer's configuration on the server (its max_deliver); Infinity when unlimited. */
  handlerTries: number;
}

/** What a SupervisedConsumer needs of the connection it runs on (JetStreamEvents). */
export interface ConsumerHost {
  js: JetStreamClient;
  log: EventsLogger;
  /** Aborted by close(): the loop stops, messages pulled but not started are handed back. */
  closing: AbortSignal;
  /** True once the NATS connection is closed for good: the loop gives up. */
  isClosed(): boolean;
}

/**
 * One durable pull consumer, read with explicit acks (see JetStreamEvents for the delivery rules):
 * `open()` reads the consumer's configuration (how many tries it allows) and starts pulling, then
 * `run()` is the supervised loop, which handles every message, retries a failed one after a
 * growing delay, dead-letters it after its last try, and reopens the consumer whenever the messages
 * stop for another reason than close().
 */
export class SupervisedConsumer {
  private messages?: ConsumerMessages;

  constructor(
    private readonly host: ConsumerHost,
    readonly stream: string,
    readonly durable: string,
    private readonly handler: EventHandler<unknown>,
    private readonly settings: ConsumerSettings,
  ) {}

  /** Reads the consumer's configuration (how many tries it allows), then starts pulling from it. */
  async open(): Promise<void> {
    let consumer: Consumer;
    try {
      consumer = await this.host.js.consumers.get(this.stream, this.durable);
    } catch (error) {
      if (isNotFound(error)) throw new Error(`consumer ${this.durable} on stream ${this.stream} does not exist (yet): the JetStream setup step creates it`);
      throw error;
    }
    const info = await consumer.info(true);
    this.settings.handlerTries = handlerTriesOf(info.config.max_deliver);
    // Abort when the consumer disappears, so the supervisor opens it again (once it is back).
    this.messages = await consumer.consume({ max_messages: this.settings.maxMessages, abort_on_missing_resource: true });
  }

  /** Stops pulling (the message in hand is still handled). */
  stop(): void {
    this.messages?.stop();
  }

  /** The consume loop: runs until close(); when the messages stop for any other reason, reopens. */
  async run(): Promise<void> {
    const { closing, log } = this.host;
    let failures = 0;
    while (!closing.aborted) {
      try {
        if (!this.messages) await this.open();
        const handled = await this.handleAll();
        if (closing.aborted) break;
        if (handled > 0) failures = 0;
        log.warn(`Consumer ${this.durable} stopped delivering; reopening it`);
      } catch (error) {
        if (closing.aborted) break;
        log.error(`Consumer ${this.durable} failed: ${describe(error)}; reopening it`);
      }
      this.messages?.stop();
      this.messages = undefined;
      if (this.host.isClosed()) {
        log.error(`Consumer ${this.durable} stopped: the NATS connection is closed`);
        return;
      }
      failures += 1;
      await abortableSleep(backoffDelay(failures, 250, 15_000), closing);
    }
  }

  private async handleAll(): Promise<number> {
    let handled = 0;
    for await (const message of this.messages!) {
      if (this.host.closing.aborted) {
        // Pulled but not started: hand it back now rather than after the ack wait.
        message.nak();
        continue;
      }
      await this.handleOne(message);
      handled += 1;
    }
    return handled;
  }

  /** One delivery, in the context of the request that caused the event (its `x-request-id` header). */
  private handleOne(message: JsMsg): Promise<void> {
    return withRequestId(message.headers?.get(REQUEST_ID_HEADER), () => this.handleDelivery(message));
  }

  private async handleDelivery(message: JsMsg): Promise<void> {
    const { settings } = this;
    const deliveryCount = message.info.redeliveryCount;
    if (deliveryCount > settings.handlerTries) {
      await this.deadLetter(message, 'no answer from the handler on its last delivery (ack wait passed or the process stopped)');
      return;
    }
    try {
      await this.handler(codec.decode(message.data), { subject: message.subject, deliveryCount });
    } catch (error) {
      settings.onError?.(error);
      if (deliveryCount >= settings.handlerTries || error instanceof UnprocessableEventError) {
        await this.deadLetter(message, describe(error));
      } else {
        this.retryLater(message, deliveryCount, error);
      }
      return;
    }
    jetStreamDeliveries.inc({ stream: this.stream, durable: this.durable, outcome: 'acked' });
    try {
      await message.ackAck();
    } catch (error) {
      this.host.log.error(`Ack of ${message.subject} for ${this.durable} failed (it will be delivered again): ${describe(error)}`);
    }
  }

  /** Hands the message back for a later try; a warning at first, an alert once it has failed long enough. */
  private retryLater(message: JsMsg, deliveryCount: number, error: unknown): void {
    const { settings, stream, durable } = this;
    jetStreamDeliveries.inc({ stream, durable, outcome: 'retried' });
    const delay = backoffDelay(deliveryCount, settings.retryDelayMs, settings.maxRetryDelayMs);
    const of = Number.isFinite(settings.handlerTries) ? ` of ${settings.handlerTries}` : '';
    if (deliveryCount >= settings.alertAfterDeliveries) {
      jetStreamAlerts.inc({ stream, durable });
      const ageMinutes = Math.round((Date.now() - message.info.timestampNanos / 1_000_000) / 60_000);
      this.host.log.error(
        `${EVENT_NOT_APPLIED}: ${durable} has failed ${message.subject} #${message.seq} ${deliveryCount} times${of}, published ${ageMinutes} min ago: ${describe(error)}; retrying in ${delay} ms`,
      );
    } else {
      this.host.log.warn(`Handler of ${durable} failed on ${message.subject} #${message.seq} (delivery ${deliveryCount}${of}): ${describe(error)}; retrying in ${delay} ms`);
    }
    message.nak(delay);
  }

  /** Publishes the message with its error to the dead-letter stream, then terminates it. */
  private async deadLetter(message: JsMsg, error: string): Promise<void> {
    const letter = deadLetterOf(message, this, error);
    let subject: string;
    try {
      subject = await publishDeadLetter(this.host.js, letter);
    } catch (publishError) {
      const last = message.info.redeliveryCount > this.settings.handlerTries;
      this.host.log.error(
        `Could not dead-letter ${message.subject} #${message.seq} for ${this.durable}: ${describe(publishError)}` +
          (last ? `; the message is lost for this consumer: ${JSON.stringify(letter)}` : '; trying again on its next delivery'),
      );
      message.nak(this.settings.retryDelayMs);
      return;
    }
    message.term(error.slice(0, 200));
    jetStreamDeliveries.inc({ stream: this.stream, durable: this.durable, outcome: 'dead_lettered' });
    jetStreamDeadLetters.inc({ stream: this.stream, durable: this.durable });
    this.host.log.error(`Dead-lettered ${message.subject} #${message.seq} for ${this.durable} to ${subject} after ${letter.deliveryCount} deliveries: ${error}`);
  }
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
