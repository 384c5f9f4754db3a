import { Inject, Injectable, Logger } from '@nestjs/common';
import { PaymentErrors, type CardPaymentResult, type PaymentMode, type TestCardPayment } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { CreatedIntents } from '../records/created-intents';
import { testCardSucceededEvent } from './test-card-event';
import { decideTestCard } from './test-card-outcome';
import { WebhookDeliverer } from './webhook-deliverer';

export const TEST_CARD_SETTINGS = Symbol('TEST_CARD_SETTINGS');

export interface TestCardSettings {
  mode: PaymentMode;
  now?: () => Date;
}

/**
 * Offline mode's card confirmation (the part Stripe.js and Stripe do in live mode): the card's
 * outcome comes from Stripe's documented test numbers; a success is reported the way Stripe
 * reports it, as a signed payment_intent.succeeded delivered to our webhook endpoint over HTTP.
 * So the learner is unlocked by exactly the path a real payment takes. Refused in live mode.
 */
@Injectable()
export class TestCardsService {
  private readonly logger = new Logger(TestCardsService.name);

  constructor(
    @Inject(TEST_CARD_SETTINGS) private readonly settings: TestCardSettings,
    private readonly deliverer: WebhookDeliverer,
    private readonly intents: CreatedIntents,
  ) {}

  async confirm(uid: string, card: TestCardPayment): Promise<CardPaymentResult> {
    if (this.settings.mode !== 'offline') throw rpcError(403, PaymentErrors.testCardsOffline);
    const intent = await this.intents.find(card.paymentIntentId).catch((error: unknown) => {
      this.logger.error(`PaymentIntent ${card.paymentIntentId} not looked up: ${String(error)}`);
      throw rpcError(503, PaymentErrors.paymentsUnavailable);
    });
    // Only a PaymentIntent this learner was given, charged at the price it was created at.
    if (!intent || intent.uid !== uid) throw rpcError(404, PaymentErrors.intentNotFound);
    const now = this.settings.now?.() ?? new Date();
    const outcome = decideTestCard(card, now);
    if (outcome.status === 'declined') {
      throw rpcError(402, outcome.message, outcome.field ? { [outcome.field]: outcome.message } : undefined);
    }
    const event = testCardSucceededEvent({
      paymentIntentId: card.paymentIntentId,
      uid,
      price: intent.price,
      created: Math.floor(now.getTime() / 1000),
    });
    const delivered = await this.deliverer.deliver(JSON.stringify(event), event.id);
    if (!delivered) this.logger.warn(`Test-card payment ${card.paymentIntentId} succeeded; its webhook is being retried`);
    return { status: 'succeeded', paymentIntentId: card.paymentIntentId };
  }
}
