import { getModelToken } from '@nestjs/mongoose';
import type { Provider } from '@nestjs/common';
import type { Model } from 'mongoose';
import { EventStreams, paymentSucceededEventSchema, type PaymentSucceededEvent } from '@fluent/contracts';
import type { BaseConfig, PaymentConsumerConfig } from './config';
import { DurableEventConsumer } from './durable-consumer';
import type { EventsLogger } from './jetstream';
import { paymentEventsApplied } from './metrics';
import { paymentConsumeOptions, PremiumPriceBook, PremiumPriceRecord, premiumPriceOf } from './premium-prices';

export interface PaymentConsumerOptions {
  service: string;
  config: BaseConfig & PaymentConsumerConfig;
  /** The service's durable on the payments stream (libs/contracts `Durables`). */
  durable: string;
  prices: PremiumPriceBook;
  /** Idempotent: the same payment may be delivered again (a redelivery, replay-payments). */
  apply: (event: PaymentSucceededEvent) => Promise<unknown>;
  logger: EventsLogger;
}

/**
 * A consumer of payment.succeeded (auth-service's paidTests, catalog-service's entitlements): it
 * re-checks the amount and currency against the premium prices as payment-service does, then
 * applies the payment, and acks only after that. A payment it cannot apply yet (the database is
 * away, an unknown price) is retried without a limit, with pauses of at most
 * PAYMENT_EVENT_RETRY_MAX_MS, and logged as the error "Event not applied" once it has failed
 * PAYMENT_EVENT_ALERT_AFTER times: a paid learner is never given up on.
 */
export function paymentSucceededConsumer(options: PaymentConsumerOptions): DurableEventConsumer<PaymentSucceededEvent> {
  const { config, prices, apply } = options;
  return new DurableEventConsumer({
    service: options.service,
    url: config.NATS_URL,
    user: config.NATS_USER,
    password: config.NATS_PASSWORD,
    stream: EventStreams.payments,
    durable: options.durable,
    schema: paymentSucceededEventSchema,
    handle: async (event) => {
      await prices.assertPremium(event);
      await apply(event);
      paymentEventsApplied.inc({ durable: options.durable });
    },
    consume: paymentConsumeOptions(config),
    logger: options.logger,
  });
}

/** The PremiumPriceBook of a service, on its own `premium_prices` collection (register PremiumPriceRecord with MongooseModule). */
export function premiumPriceBookProvider(config: PaymentConsumerConfig): Provider {
  return {
    provide: PremiumPriceBook,
    inject: [getModelToken(PremiumPriceRecord.name)],
    useFactory: (records: Model<PremiumPriceRecord>) => new PremiumPriceBook(records, premiumPriceOf(config)),
  };
}
