import { Controller, Inject } from '@nestjs/common';
import {
  PaymentMessages,
  type CardPaymentResult,
  type ParsedRequest,
  type CreatePaymentIntentResponse,
  type PaymentsClientConfig,
  type WebhookReceipt,
} from '@fluent/contracts';
import { HandleMessage } from '@fluent/server-kit';
import { IntentsService } from '../intents/intents.service';
import { TestCardsService } from '../test-cards/test-cards.service';
import { WebhooksService } from '../webhooks/webhooks.service';

export const CLIENT_CONFIG = Symbol('CLIENT_CONFIG');

@Controller()
export class PaymentsController {
  constructor(
    private readonly intents: IntentsService,
    private readonly webhooks: WebhooksService,
    private readonly testCards: TestCardsService,
    @Inject(CLIENT_CONFIG) private readonly clientConfig: PaymentsClientConfig,
  ) {}

  @HandleMessage(PaymentMessages.createIntent)
  createIntent({ user, body }: ParsedRequest<typeof PaymentMessages.createIntent>): Promise<CreatePaymentIntentResponse> {
    return this.intents.create(user.uid, body.amount);
  }

  @HandleMessage(PaymentMessages.handleWebhook)
  handleWebhook(delivery: ParsedRequest<typeof PaymentMessages.handleWebhook>): Promise<WebhookReceipt> {
    return this.webhooks.handle(delivery);
  }

  @HandleMessage(PaymentMessages.confirmTestCard)
  confirmTestCard({ user, body }: ParsedRequest<typeof PaymentMessages.confirmTestCard>): Promise<CardPaymentResult> {
    return this.testCards.confirm(user.uid, body);
  }

  @HandleMessage(PaymentMessages.clientConfig)
  config(): PaymentsClientConfig {
    return this.clientConfig;
  }
}
