import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { EventSubjects, type PaymentSucceededEvent } from '@fluent/contracts';
import { EventPublisher } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';

/** The one thing payment-service publishes, and the only place that knows how. */
export abstract class PaymentEventsPublisher {
  /** Resolves once JetStream has stored the event (false: that msgID was already stored). */
  abstract publishSucceeded(event: PaymentSucceededEvent, msgId: string): Promise<boolean>;
}

/**
 * payment.succeeded on the payments stream, which the JetStream setup step owns: this service only
 * publishes to it (its NATS user may not create, change or purge a stream). A publish that cannot
 * be stored (NATS away, the stream missing or full) throws, and the webhook answers non-2xx for
 * Stripe to deliver the event again.
 */
@Injectable()
export class JetStreamPaymentEvents extends PaymentEventsPublisher implements OnApplicationShutdown {
  private readonly publisher = EventPublisher.forService(SERVICE_NAME, config);

  publishSucceeded(event: PaymentSucceededEvent, msgId: string): Promise<boolean> {
    return this.publisher.publish(EventSubjects.paymentSucceeded, event, msgId);
  }

  onApplicationShutdown(): Promise<void> {
    return this.publisher.close();
  }
}
