import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Durables, type PaymentSucceededEvent } from '@fluent/contracts';
import { paymentSucceededConsumer, PremiumPriceBook, type DurableEventConsumer } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { LearnerProgress } from '../learners/learner-progress';
import { EntitlementsService } from './entitlements.service';

/**
 * Feeds the entitlements from payment.succeeded with the catalog's durable consumer (its position
 * survives restarts); see paymentSucceededConsumer for the price check and the retries.
 */
@Injectable()
export class PaymentEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumer: DurableEventConsumer<PaymentSucceededEvent>;

  constructor(entitlements: EntitlementsService, prices: PremiumPriceBook, progress: LearnerProgress) {
    this.consumer = paymentSucceededConsumer({
      service: SERVICE_NAME,
      config,
      durable: Durables.entitlements,
      prices,
      apply: async (event) => {
        await entitlements.grant(event);
        // Every replica's cached progress of this learner goes: the premium cards open at once.
        progress.changed(event.uid);
      },
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
