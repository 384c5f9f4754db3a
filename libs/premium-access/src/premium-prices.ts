import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Price } from '@fluent/contracts';
import type { Model } from 'mongoose';
import { isDuplicateKey, type ConsumeOptions } from '@fluent/server-kit';
import type { PaymentConsumerConfig } from './config';

/** A premium price (libs/contracts `Price`). */
export type PremiumPrice = Price;

export const premiumPriceKey = (price: PremiumPrice): string => `${price.currency}:${price.amount}`;

/**
 * Why a payment is not one for the premium tests, or undefined when it is: its amount and currency
 * must be a premium price this deployment has charged (`known`, keys of premiumPriceKey).
 */
export function premiumPaymentProblem(payment: PremiumPrice, known: ReadonlySet<string>, current: PremiumPrice): string | undefined {
  if (known.has(premiumPriceKey(payment))) return undefined;
  return `${payment.amount} ${payment.currency} is not a premium price this service has been configured with (now ${current.amount} ${current.currency})`;
}

/**
 * Every premium price a service has been started with, one document each. A consumer of
 * payment.succeeded re-checks the amount and currency as payment-service does, and payment-service
 * honours a PaymentIntent at the price it was created at: after a price change the old price stays
 * known here, so a payment started before the change is still applied.
 */
@Schema({ collection: 'premium_prices', versionKey: false })
export class PremiumPriceRecord {
  /** premiumPriceKey: 'usd:4999'. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: Number, required: true }) amount!: number;
  @Prop({ type: String, required: true }) currency!: string;
  @Prop({ type: Date, required: true }) firstConfiguredAt!: Date;
}

export const PremiumPriceRecordSchema = SchemaFactory.createForClass(PremiumPriceRecord);

/**
 * The premium prices a consumer accepts: the one it is configured with now and every one it was
 * configured with before (kept in its own database, so no other service is asked).
 */
export class PremiumPriceBook {
  private known = new Set<string>();
  private ready?: Promise<void>;

  constructor(
    private readonly records: Model<PremiumPriceRecord>,
    readonly current: PremiumPrice,
  ) {}

  /**
   * Resolves when the payment is at a premium price; throws otherwise. The error is an ordinary
   * one, so the event is retried (and alerted on) rather than dropped: during a rollout that
   * changes the price, this service may still run with the old one.
   */
  async assertPremium(payment: PremiumPrice): Promise<void> {
    await this.load();
    if (!premiumPaymentProblem(payment, this.known, this.current)) return;
    // Another replica may have been started with a new price meanwhile.
    await this.reload();
    const problem = premiumPaymentProblem(payment, this.known, this.current);
    if (problem) throw new Error(`refused: ${problem}`);
  }

  private load(): Promise<void> {
    this.ready ??= this.reload().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async reload(): Promise<void> {
    const current = this.current;
    try {
      await this.records.create({ _id: premiumPriceKey(current), amount: current.amount, currency: current.currency, firstConfiguredAt: new Date() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const all = await this.records.find().lean().exec();
    this.known = new Set(all.map((record) => record._id));
  }
}

/** How a payment consumer retries (PAYMENT_EVENT_*): pauses growing to a cap, and when its failures become an alert. */
export function paymentConsumeOptions(config: PaymentConsumerConfig): ConsumeOptions {
  return {
    retryDelayMs: config.PAYMENT_EVENT_RETRY_MS,
    maxRetryDelayMs: config.PAYMENT_EVENT_RETRY_MAX_MS,
    alertAfterDeliveries: config.PAYMENT_EVENT_ALERT_AFTER,
  };
}

export const premiumPriceOf = (config: Pick<PaymentConsumerConfig, 'PREMIUM_PRICE_CENTS' | 'PREMIUM_CURRENCY'>): PremiumPrice => ({
  amount: config.PREMIUM_PRICE_CENTS,
  currency: config.PREMIUM_CURRENCY,
});
