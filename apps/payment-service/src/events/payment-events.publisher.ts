import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EventSubjects, type PaymentSucceededEvent } from '@fluent/contracts';
import { JetStreamEvents } from '@fluent/server-kit';
import { config, SERVICE_NAME } from '../config';

/** The one thing payment-service publishes, and the only place that knows how. */
export abstract class PaymentEventsPublisher {
  /** Resolves once JetStream has stored the event (false: that msgID was already stored). */
  abstract publishSucceeded(event: PaymentSucceededEvent, msgId: string): Promise<boolean>;
}

/**
 * payment.succeeded on JetStream. Connects at start and again on use after a failure, so the
 * service starts (and answers everything else) while NATS's JetStream is still coming up; a
 * publish that cannot be acknowledged throws (the webhook answers non-2xx for Stripe to retry) and
 * drops the connection, so the next publish connects and ensures the stream anew.
 */
@Injectable()
export class JetStreamPaymentEvents extends PaymentEventsPublisher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JetStreamPaymentEvents.name);
  private events?: JetStreamEvents;
  private connecting?: Promise<JetStreamEvents>;

  /** Connects in the background at start, so the first webhook does not wait for it. */
  onApplicationBootstrap(): void {
    this.connected().catch((error: unknown) => this.logger.warn(`JetStream not reachable yet (the first publish connects again): ${String(error)}`));
  }

  async publishSucceeded(event: PaymentSucceededEvent, msgId: string): Promise<boolean> {
    const events = await this.connected();
    try {
      return await events.publish(EventSubjects.paymentSucceeded, event, msgId);
    } catch (error) {
      // Start the next publish from a fresh connection, which ensures the stream again (one
      // deleted or changed by hand is put back), instead of failing the same way until a restart.
      if (this.events === events) this.events = undefined;
      void events.close().catch(() => undefined);
      throw error;
    }
  }

  private connected(): Promise<JetStreamEvents> {
    if (this.events?.isConnected()) return Promise.resolve(this.events);
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<JetStreamEvents> {
    const events = new JetStreamEvents({
      url: config.NATS_URL,
      name: SERVICE_NAME,
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
      logger: this.logger,
    });
    try {
      await events.connect();
    } catch (error) {
      await events.close().catch(() => undefined);
      throw error;
    }
    await this.events?.close().catch(() => undefined);
    this.events = events;
    return events;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.connecting?.catch(() => undefined);
    await this.events?.close();
  }
}
