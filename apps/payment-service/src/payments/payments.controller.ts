import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  createPaymentIntentSchema,
  PaymentPatterns,
  testCardPaymentSchema,
  validationErrorBody,
  webhookDeliverySchema,
  type CardPaymentResult,
  type CreatePaymentIntentResponse,
  type PaymentsClientConfig,
  type WebhookReceipt,
} from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { IntentsService } from '../intents/intents.service';
import { TestCardsService } from '../test-cards/test-cards.service';
import { WebhooksService } from '../webhooks/webhooks.service';

export const CLIENT_CONFIG = Symbol('CLIENT_CONFIG');

const caller = z.object({ uid: z.string().min(1) });
const createIntentPayload = z.object({ user: caller, body: createPaymentIntentSchema });
const testCardPayload = z.object({ user: caller, body: testCardPaymentSchema });

/** Services never trust their callers' shapes: every payload is parsed again here. */
function parse<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const result = schema.safeParse(payload);
  if (!result.success) {
    const body = validationErrorBody(result.error);
    throw rpcError(400, body.message, body.errors);
  }
  return result.data;
}

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
