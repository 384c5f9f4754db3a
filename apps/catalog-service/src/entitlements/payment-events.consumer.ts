import { Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { EventSubjects, paymentSucceededEventSchema } from '@fluent/contracts';
import { JetStreamEvents, retryWithBackoff } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { EntitlementsService } from './entitlements.service';

/** The catalog's durable consumer; its position survives restarts, so nothing published meanwhile is missed. */
export const ENTITLEMENTS_DURABLE = 'catalog-service-entitlements';

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
    await this.events.consume(ENTITLEMENTS_DURABLE, EventSubjects.paymentSucceeded, async (data) => {
      // A malformed event throws: bounded redelivery, then the dead-letter stream with the reason.
      await this.entitlements.grant(paymentSucceededEventSchema.parse(data));
    });
    this.logger.log(`Consuming ${EventSubjects.paymentSucceeded} as ${ENTITLEMENTS_DURABLE}`);
  }

  /** Before the database closes: the handler in progress still writes and acks. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.started;
    await this.events.close();
  }
}
