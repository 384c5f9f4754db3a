import { getModelToken } from '@nestjs/mongoose';
import type { FactoryProvider, InjectionToken, Provider } from '@nestjs/common';
import type { Model } from 'mongoose';
import { EventStreams, paymentSucceededEventSchema, type PaymentSucceededEvent } from '@fluent/contracts';
import { durableConsumerProvider, type BaseConfig, type DurableEventConsumer } from '@fluent/server-kit';
import type { PaymentConsumerConfig } from './config';
import { paymentEventsApplied } from './metrics';
import { paymentConsumeOptions, PremiumPriceBook, PremiumPriceRecord, premiumPriceOf } from './premium-prices';

export interface PaymentConsumerSpec<Deps extends unknown[]> {
  service: string;
  config: BaseConfig & PaymentConsumerConfig;
  /** The service's durable on the payments stream (libs/contracts `Durables`). */
  durable: string;
  /** The providers `apply` receives, in order (PremiumPriceBook is injected besides). */
  inject?: InjectionToken[];
  /** Builds the payment's application; idempotent: the same payment may be delivered again (a redelivery, replay-payments). */
  apply: (...deps: Deps) => (event: PaymentSucceededEvent) => Promise<unknown>;
  /** The logger's context. */
  name: string;
}

/**
 * A consumer of payment.succeeded (auth-service's paidTests, catalog-service's entitlements) as a
 * Nest provider: it re-checks the amount and currency against the premium prices as
 * payment-service does, then applies the payment, and acks only after that. A payment it cannot
 * apply yet (the database is away, an unknown price) is retried without a limit, with pauses of at
 * most PAYMENT_EVENT_RETRY_MAX_MS, and logged as the error "Event not applied" once it has failed
 * PAYMENT_EVENT_ALERT_AFTER times: a paid learner is never given up on. Register
 * premiumPriceBookProvider beside it.
 */
export function paymentConsumerProvider<Deps extends unknown[]>(spec: PaymentConsumerSpec<Deps>): FactoryProvider<DurableEventConsumer<PaymentSucceededEvent>> {
  const { config } = spec;
  return durableConsumerProvider<PaymentSucceededEvent, [PremiumPriceBook, ...Deps]>({
    service: spec.service,
    config,
    stream: EventStreams.payments,
    durable: spec.durable,
    schema: paymentSucceededEventSchema,
    inject: [PremiumPriceBook, ...(spec.inject ?? [])],
    handler: (prices, ...deps) => {
      const apply = spec.apply(...deps);
      return async (event) => {
        await prices.assertPremium(event);
        await apply(event);
        paymentEventsApplied.inc({ durable: spec.durable });
      };
    },
    consume: paymentConsumeOptions(config),
    name: spec.name,
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
