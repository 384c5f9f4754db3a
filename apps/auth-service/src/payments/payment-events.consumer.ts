import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Durables, type PaymentSucceededEvent } from '@fluent/contracts';
import { paymentSucceededConsumer, PremiumPriceBook, type DurableEventConsumer } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { PaidTestsService } from './paid-tests.service';

/**
 * Applies payment.succeeded to the user document with auth-service's durable consumer (its
 * position survives restarts, so nothing published meanwhile is missed), acking only after the
 * write; see paymentSucceededConsumer for the price check and the retries.
 */
@Injectable()
export class PaymentEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumer: DurableEventConsumer<PaymentSucceededEvent>;

  constructor(paidTests: PaidTestsService, prices: PremiumPriceBook) {
    this.consumer = paymentSucceededConsumer({
      service: SERVICE_NAME,
      config,
      durable: Durables.paidTests,
      prices,
      apply: (event) => paidTests.apply(event),
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
