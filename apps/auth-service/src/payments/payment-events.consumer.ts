import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EventSubjects, paymentSucceededEventSchema } from '@fluent/contracts';
import { JetStreamEvents, retryWithBackoff, UnprocessableEventError } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { PaidTestsService } from './paid-tests.service';

/** auth-service's durable consumer: its position survives restarts, so nothing published meanwhile is missed. */
export const PAID_TESTS_DURABLE = 'auth-service-paid-tests';

/**
 * A paid learner must not stay unpaid because the database was away for a while: a failed write is
 * retried for about 45 minutes (1 s, 2 s, 4 s … then every minute), as the catalog's consumer does,
 * before the event is dead-lettered.
 */
export const PAID_TESTS_RETRIES = { maxDeliver: 50, retryDelayMs: 1000 } as const;

/**
 * Applies payment.succeeded to the user document. Acks only after the write (JetStreamEvents acks
 * when the handler resolves); a malformed event goes to the dead-letter stream at once, with the
 * reason (no retry can fix it). Started in the background, so the service
 * answers sign-ins while NATS's JetStream is still coming up.
 */
@Injectable()
export class PaymentEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PaymentEventsConsumer.name);
  private readonly stopping = new AbortController();
  private readonly events = new JetStreamEvents({
    url: config.NATS_URL,
    name: SERVICE_NAME,
    user: config.NATS_USER,
    password: config.NATS_PASSWORD,
    logger: this.logger,
  });
  private started?: Promise<void>;

  constructor(private readonly paidTests: PaidTestsService) {}

  onApplicationBootstrap(): void {
    this.started = retryWithBackoff(() => this.start(), { what: 'JetStream (payment events)', log: this.logger, signal: this.stopping.signal }).catch(
      (error: unknown) => {
        if (!this.stopping.signal.aborted) this.logger.error(`Payment events consumer did not start: ${String(error)}`);
      },
    );
  }

  private async start(): Promise<void> {
    try {
      await this.events.connect();
      await this.events.consume(
        PAID_TESTS_DURABLE,
        EventSubjects.paymentSucceeded,
        async (data) => {
          const event = paymentSucceededEventSchema.safeParse(data);
          if (!event.success) throw new UnprocessableEventError(`malformed payment.succeeded: ${event.error.message}`);
          await this.paidTests.apply(event.data);
        },
        PAID_TESTS_RETRIES,
      );
      this.logger.log(`Consuming ${EventSubjects.paymentSucceeded} as ${PAID_TESTS_DURABLE}`);
    } catch (error) {
      // The next try starts from a clean connection (connect() is a no-op on a half-set-up one).
      await this.events.close().catch(() => undefined);
      throw error;
    }
  }

  /** Before the database closes: the handler in progress still writes and acks. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.started;
    await this.events.close();
  }
}
