import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  createPaymentIntentSchema,
  PaymentPatterns,
  testCardPaymentSchema,
  webhookDeliverySchema,
  type CardPaymentResult,
  type CreatePaymentIntentResponse,
  type PaymentsClientConfig,
  type WebhookReceipt,
} from '@fluent/contracts';
import { parsePayload } from '@fluent/server-kit';
import { IntentsService } from '../intents/intents.service';
import { TestCardsService } from '../test-cards/test-cards.service';
import { WebhooksService } from '../webhooks/webhooks.service';

export const CLIENT_CONFIG = Symbol('CLIENT_CONFIG');

const caller = z.object({ uid: z.string().min(1) });
const createIntentPayload = z.object({ user: caller, body: createPaymentIntentSchema });
const testCardPayload = z.object({ user: caller, body: testCardPaymentSchema });

const parse = parsePayload;

@Controller()
export class PaymentsController {
  constructor(
    private readonly intents: IntentsService,
    private readonly webhooks: WebhooksService,
    private readonly testCards: TestCardsService,
    @Inject(CLIENT_CONFIG) private readonly clientConfig: PaymentsClientConfig,
  ) {}

  @MessagePattern(PaymentPatterns.createIntent)
  createIntent(@Payload() payload: unknown): Promise<CreatePaymentIntentResponse> {
    const { user, body } = parse(createIntentPayload, payload);
    return this.intents.create(user.uid, body.amount);
  }

  @MessagePattern(PaymentPatterns.handleWebhook)
  handleWebhook(@Payload() payload: unknown): Promise<WebhookReceipt> {
    return this.webhooks.handle(parse(webhookDeliverySchema, payload));
  }

  @MessagePattern(PaymentPatterns.confirmTestCard)
  confirmTestCard(@Payload() payload: unknown): Promise<CardPaymentResult> {
    const { user, body } = parse(testCardPayload, payload);
    return this.testCards.confirm(user.uid, body);
  }

  @MessagePattern(PaymentPatterns.clientConfig)
  config(): PaymentsClientConfig {
    return this.clientConfig;
  }
}
