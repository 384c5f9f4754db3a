import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Durables, type PaymentSucceededEvent } from '@fluent/contracts';
import { paymentSucceededConsumer, PremiumPriceBook, type DurableEventConsumer } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { EntitlementsService } from './entitlements.service';

/**
 * Feeds the entitlements from payment.succeeded with the catalog's durable consumer (its position
 * survives restarts); see paymentSucceededConsumer for the price check and the retries.
 */
@Injectable()
export class PaymentEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumer: DurableEventConsumer<PaymentSucceededEvent>;

  constructor(entitlements: EntitlementsService, prices: PremiumPriceBook) {
    this.consumer = paymentSucceededConsumer({
      service: SERVICE_NAME,
      config,
      durable: Durables.entitlements,
      prices,
      apply: (event) => entitlements.grant(event),
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
