import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { PaymentErrors, type CreatePaymentIntentResponse } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { SucceededPayments } from '../records/succeeded-payments';
import { CreatedIntents } from '../records/created-intents';
import { STRIPE } from '../stripe/stripe.client';
import type { Price } from '@fluent/contracts';

export const PRICE = Symbol('PRICE');

/**
 * One key per learner and price: a double click, a retry after a lost answer or a second tab make
 * Stripe return the same PaymentIntent instead of a second one (for 24 hours, Stripe's window).
 */
export function idempotencyKey(uid: string, price: Price): string {
  return `premium:${uid}:${price.amount}${price.currency}`;
}

@Injectable()
export class IntentsService {
  private readonly logger = new Logger(IntentsService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(PRICE) private readonly price: Price,
    private readonly payments: SucceededPayments,
    private readonly intents: CreatedIntents,
  ) {}

  /**
   * The client's amount is only compared with the price; the PaymentIntent is always created for
   * the price itself, and recorded with that price: its payment is honoured at it even if the
   * price changes before the card is confirmed. A learner this service has seen pay gets 409
   * instead of a second charge.
   */
  async create(uid: string, amount: number): Promise<CreatePaymentIntentResponse> {
    if (amount !== this.price.amount) {
      throw rpcError(400, PaymentErrors.wrongAmount, { amount: PaymentErrors.wrongAmount });
    }
    if (await this.payments.hasPaid(uid)) throw rpcError(409, PaymentErrors.alreadyPaid);
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: this.price.amount,
          currency: this.price.currency,
          // Card only: the dialog confirms with a card (Elements' confirmCardPayment, or a test card).
          payment_method_types: ['card'],
          metadata: { uid },
          description: 'Fluent premium tests',
        },
        { idempotencyKey: idempotencyKey(uid, this.price) },
      );
    } catch (error) {
      this.logger.error(`PaymentIntent for ${uid} not created: ${error instanceof Error ? error.message : String(error)}`);
      throw rpcError(503, PaymentErrors.paymentsUnavailable);
    }
    if (!intent.client_secret) throw rpcError(503, PaymentErrors.paymentsUnavailable);
    try {
      await this.intents.record(intent.id, uid, this.price);
    } catch (error) {
      // Unrecorded, its webhook would be judged by whatever the price is then: hand out nothing.
      this.logger.error(`PaymentIntent ${intent.id} for ${uid} not recorded: ${error instanceof Error ? error.message : String(error)}`);
      throw rpcError(503, PaymentErrors.paymentsUnavailable);
    }
    return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
  }
}
