import { Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { EventSubjects, paymentSucceededEventSchema } from '@fluent/contracts';
import { JetStreamEvents, retryWithBackoff, UnprocessableEventError } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { EntitlementsService } from './entitlements.service';

/** The catalog's durable consumer; its position survives restarts, so nothing published meanwhile is missed. */
export const ENTITLEMENTS_DURABLE = 'catalog-service-entitlements';

/**
 * A paid learner must never stay locked out because the database was away for a while: a failed
 * write is retried for about 45 minutes (1 s, 2 s, 4 s … then every minute) before the event is
 * dead-lettered. Only a malformed event goes there at once.
 */
export const ENTITLEMENT_RETRIES = { maxDeliver: 50, retryDelayMs: 1000 } as const;

/**
 * Feeds the entitlements from payment.succeeded. Started in the background: the service answers
 * requests while NATS is still coming up, and the consumer catches up once it can connect.
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

  constructor(private readonly entitlements: EntitlementsService) {}

  onApplicationBootstrap(): void {
    this.started = retryWithBackoff(() => this.start(), {
      what: 'JetStream (payment events)',
      log: this.logger,
      signal: this.stopping.signal,
    }).catch((error: unknown) => {
      if (!this.stopping.signal.aborted) this.logger.error(`Payment events consumer did not start: ${String(error)}`);
    });
  }

  private async start(): Promise<void> {
    try {
      await this.consume();
    } catch (error) {
      // Start the next try from a clean connection (connect() is a no-op on a half-set-up one).
      await this.events.close().catch(() => undefined);
      throw error;
    }
  }

  private async consume(): Promise<void> {
    await this.events.connect();
    await this.events.consume(
      ENTITLEMENTS_DURABLE,
      EventSubjects.paymentSucceeded,
      async (data) => {
        const event = paymentSucceededEventSchema.safeParse(data);
        if (!event.success) throw new UnprocessableEventError(`malformed payment.succeeded: ${event.error.message}`);
        await this.entitlements.grant(event.data);
      },
      ENTITLEMENT_RETRIES,
    );
    this.logger.log(`Consuming ${EventSubjects.paymentSucceeded} as ${ENTITLEMENTS_DURABLE}`);
  }

  /** Before the database closes: the handler in progress still writes and acks. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.started;
    await this.events.close();
  }
}
