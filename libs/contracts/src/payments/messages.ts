import { defineMessage, patternsOf } from '../common/message';
import {
  cardPaymentResultSchema,
  createIntentRequestSchema,
  createPaymentIntentResponseSchema,
  paymentsClientConfigSchema,
  testCardRequestSchema,
  webhookDeliverySchema,
  webhookReceiptSchema,
} from './schemas';

/** payment-service's subjects (asked by the gateway). */
export const PaymentMessages = {
  createIntent: defineMessage({ pattern: 'payment.intents.create', request: createIntentRequestSchema, reply: createPaymentIntentResponseSchema }),
  handleWebhook: defineMessage({ pattern: 'payment.webhooks.handle', request: webhookDeliverySchema, reply: webhookReceiptSchema }),
  confirmTestCard: defineMessage({ pattern: 'payment.testCards.confirm', request: testCardRequestSchema, reply: cardPaymentResultSchema }),
  clientConfig: defineMessage({ pattern: 'payment.config', reply: paymentsClientConfigSchema, readOnly: true }),
} as const;

export const PaymentPatterns = patternsOf(PaymentMessages);
