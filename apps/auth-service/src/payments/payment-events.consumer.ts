import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { paymentSucceededEventSchema, type PaymentSucceededEvent } from '@fluent/contracts';
import { DurableEventConsumer, EVENT_CONSUMERS } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { PaidTestsService } from './paid-tests.service';

/** auth-service's durable consumer: its position survives restarts, so nothing published meanwhile is missed. */
export const PAID_TESTS_DURABLE = EVENT_CONSUMERS.authPaidTests.durable;

/**
 * Applies payment.succeeded to the user document, acking only after the write (see
 * DurableEventConsumer for start-up in the background, retries and dead letters).
 */
@Injectable()
export class PaymentEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumer: DurableEventConsumer<PaymentSucceededEvent>;

  constructor(paidTests: PaidTestsService) {
    this.consumer = new DurableEventConsumer({
      service: SERVICE_NAME,
      url: config.NATS_URL,
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
      durable: PAID_TESTS_DURABLE,
      subject: EVENT_CONSUMERS.authPaidTests.subject,
      schema: paymentSucceededEventSchema,
      handle: (event) => paidTests.apply(event).then(() => undefined),
      consume: EVENT_CONSUMERS.authPaidTests.consume,
      logger: new Logger(PaymentEventsConsumer.name),
    });
  }

  onApplicationBootstrap(): void {
    this.consumer.start();
  }

  /** Before the database closes: the handler in progress still writes and acks. */
  beforeApplicationShutdown(): Promise<void> {
    return this.consumer.stop();
  }
}
