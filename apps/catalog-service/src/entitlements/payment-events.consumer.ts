import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { paymentSucceededEventSchema, type PaymentSucceededEvent } from '@fluent/contracts';
import { DurableEventConsumer, EVENT_CONSUMERS } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';
import { LearnerProgress } from '../learners/learner-progress';
import { EntitlementsService } from './entitlements.service';

/** The catalog's durable consumer; its position survives restarts, so nothing published meanwhile is missed. */
export const ENTITLEMENTS_DURABLE = EVENT_CONSUMERS.catalogEntitlements.durable;

/** Feeds the entitlements from payment.succeeded (see DurableEventConsumer for start-up and retries). */
@Injectable()
export class PaymentEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumer: DurableEventConsumer<PaymentSucceededEvent>;

  constructor(entitlements: EntitlementsService, progress: LearnerProgress) {
    this.consumer = new DurableEventConsumer({
      service: SERVICE_NAME,
      url: config.NATS_URL,
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
      durable: ENTITLEMENTS_DURABLE,
      subject: EVENT_CONSUMERS.catalogEntitlements.subject,
      schema: paymentSucceededEventSchema,
      handle: async (event) => {
        await entitlements.grant(event);
        progress.changed(event.uid);
      },
      consume: EVENT_CONSUMERS.catalogEntitlements.consume,
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
