import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { PaymentErrors, type WebhookDelivery, type WebhookReceipt } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { PaymentEventsPublisher } from '../events/payment-events.publisher';
import { CreatedIntents, type KnownIntent } from '../records/created-intents';
import { SucceededPayments } from '../records/succeeded-payments';
import { STRIPE } from '../stripe/stripe.client';
import type { Price } from '@fluent/contracts';
import { decideWebhook } from './payment-succeeded';

export const WEBHOOK_SETTINGS = Symbol('WEBHOOK_SETTINGS');

export interface WebhookSettings {
  secret: string;
  price: Price;
}

/**
 * Stripe's webhook, after the gateway passed on the raw body and the Stripe-Signature header.
 * The signature is checked here because this service alone holds the webhook secret (the gateway
 * holds no payment secret at all, and an unverified body never reaches any decision). The answer is
 * 2xx only once payment.succeeded is stored on JetStream and recorded here; anything failing on
 * the way throws, the gateway answers non-2xx, and Stripe delivers the event again.
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    private readonly events: PaymentEventsPublisher,
    private readonly payments: SucceededPayments,
    private readonly intents: CreatedIntents,
  ) {}

  async handle(delivery: WebhookDelivery): Promise<WebhookReceipt> {
    const event = this.verify(delivery);
    const decision = decideWebhook(event, this.settings.price, await this.createdIntent(event));
    if (decision.kind === 'ignore') return { received: true, outcome: 'ignored' };
    if (decision.kind === 'refuse') {
      // 2xx all the same: Stripe retrying an event that can never match would change nothing.
      this.logger.error(`Webhook ${event.id} refused, nothing granted: ${decision.reason}`);
      return { received: true, outcome: 'refused' };
    }
    let fresh: boolean;
    try {
      fresh = await this.events.publishSucceeded(decision.event, decision.msgId);
    } catch (error) {
      this.logger.error(`payment.succeeded for ${event.id} not published (Stripe will retry): ${String(error)}`);
      throw rpcError(503, PaymentErrors.paymentsUnavailable);
    }
    try {
      await this.payments.record(decision.event, event.id);
    } catch (error) {
      this.logger.error(`Payment ${decision.event.paymentIntentId} not recorded (Stripe will retry): ${String(error)}`);
      throw rpcError(503, PaymentErrors.paymentsUnavailable);
    }
    if (fresh) this.logger.log(`payment.succeeded published for ${decision.event.uid} (${decision.event.paymentIntentId}, event ${event.id})`);
    return { received: true, outcome: fresh ? 'published' : 'duplicate' };
  }

  /** Our record of the PaymentIntent a succeeded event is about (none for other events). */
  private async createdIntent(event: Stripe.Event): Promise<KnownIntent | undefined> {
    if (event.type !== 'payment_intent.succeeded') return undefined;
    try {
      return await this.intents.find(event.data.object.id);
    } catch (error) {
      this.logger.error(`PaymentIntent ${event.data.object.id} not looked up (Stripe will retry): ${String(error)}`);
      throw rpcError(503, PaymentErrors.paymentsUnavailable);
    }
  }

  private verify(delivery: WebhookDelivery): Stripe.Event {
    try {
      return this.stripe.webhooks.constructEvent(Buffer.from(delivery.payloadBase64, 'base64'), delivery.signature ?? '', this.settings.secret);
    } catch (error) {
      this.logger.warn(`Webhook refused: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      throw rpcError(400, PaymentErrors.badSignature);
    }
  }
}
