import { BadRequestException, Body, Controller, Get, Headers, HttpCode, HttpStatus, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  cardPaymentResultSchema,
  createPaymentIntentResponseSchema,
  createPaymentIntentSchema,
  PaymentErrors,
  PaymentMessages,
  paymentsClientConfigSchema,
  testCardPaymentSchema,
  webhookReceiptSchema,
  type AuthenticatedUser,
  type CardPaymentResult,
  type CreatePaymentIntentInput,
  type CreatePaymentIntentResponse,
  type PaymentsClientConfig,
  type TestCardPayment,
  type WebhookReceipt,
} from '@fluent/contracts';
import { CurrentUser } from '../auth/current-user.decorator';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { ApiDoc, RATE } from '../openapi/route-doc';

/**
 * The premium purchase. The gateway holds no payment secret: payment-service checks the price,
 * talks to Stripe and verifies webhook signatures; the gateway authenticates the learner and, for
 * webhooks, passes on the body exactly as received (main.ts enables rawBody for that).
 */
@Controller('api')
export class PaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  /** docs/product.md#payment: body {amount} in cents, answer {clientSecret}. 400 for any amount but the price, 409 once paid. */
  @Post('create-payment-intent')
  @ApiDoc({
    operationId: 'createPaymentIntent',
    tag: 'Payments',
    summary: "A PaymentIntent for the premium price (the client's amount must equal it; it is never charged)",
    access: 'learner',
    body: createPaymentIntentSchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'The PaymentIntent', schema: createPaymentIntentResponseSchema },
      409: { description: 'Paid already' },
      503: { description: 'Stripe or the database is away: no PaymentIntent is handed out unrecorded' },
    },
  })
  @HttpCode(HttpStatus.OK)
  createPaymentIntent(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(createPaymentIntentSchema)) body: CreatePaymentIntentInput,
    @RequestId() requestId: string,
  ): Promise<CreatePaymentIntentResponse> {
    return this.rpc.send(PaymentMessages.createIntent, { user: { uid: user.uid }, body }, { requestId });
  }

  /**
   * Stripe's webhook (and offline mode's stand-in for it). 200 only after payment-service has
   * verified the signature and JetStream has stored payment.succeeded; a bad or missing signature
   * is 400, and an outage (NATS, JetStream, the database) a 5xx that makes Stripe deliver again.
   */
  @Public()
  @Post('payments/webhook')
  @ApiDoc({
    operationId: 'stripeWebhook',
    tag: 'Payments',
    summary: "Stripe's webhook: 200 only once payment.succeeded is stored on JetStream",
    description: 'The body is Stripe\'s event exactly as sent; its signature (Stripe-Signature) is checked by payment-service over those bytes.',
    access: 'webhook',
    body: z.record(z.string(), z.unknown()),
    requestHeaders: { 'Stripe-Signature': { description: "Stripe's signature over the body (t=…,v1=…); missing or wrong: 400" } },
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'Handled (published, a duplicate, ignored or refused)', schema: webhookReceiptSchema },
      400: { description: 'The signature could not be verified: nothing happens' },
      503: { description: 'NATS, JetStream or the database is away: Stripe delivers again' },
    },
  })
  @HttpCode(HttpStatus.OK)
  webhook(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature?: string): Promise<WebhookReceipt> {
    // rawBody exists only for a body the JSON (or form) parser read: Stripe always sends JSON.
    if (!request.rawBody?.length) throw new BadRequestException({ statusCode: HttpStatus.BAD_REQUEST, message: PaymentErrors.badSignature });
    return this.rpc.send(PaymentMessages.handleWebhook, { payloadBase64: request.rawBody.toString('base64'), signature }, { requestId: request.id });
  }

  /** Offline mode's card confirmation by Stripe's test numbers (403 in live mode, 402 for a declined card). */
  @Post('payments/test-confirm')
  @ApiDoc({
    operationId: 'confirmTestCard',
    tag: 'Payments',
    summary: "Offline mode only: confirm the learner's PaymentIntent with one of Stripe's test cards",
    access: 'learner',
    body: testCardPaymentSchema,
    callsService: true,
    rateLimit: RATE.api,
    responses: {
      200: { description: 'Paid (the webhook path then unlocks the learner)', schema: cardPaymentResultSchema },
      402: { description: "Declined, with Stripe's message (and the field, for a number, expiry or CVC problem)" },
      403: { description: 'Live mode: test cards are refused' },
      404: { description: "A PaymentIntent not created for this learner (also another learner's)" },
    },
  })
  @HttpCode(HttpStatus.OK)
  confirmTestCard(
    @CurrentUser() user: AuthenticatedUser,
    @Body(new ZodValidationPipe(testCardPaymentSchema)) body: TestCardPayment,
    @RequestId() requestId: string,
  ): Promise<CardPaymentResult> {
    return this.rpc.send(PaymentMessages.confirmTestCard, { user: { uid: user.uid }, body }, { requestId });
  }

  /** How the dialog takes a card (offline test-card form or Stripe Elements) and the price it shows. */
  @Public()
  @Get('payments/config')
  @ApiDoc({
    operationId: 'paymentsConfig',
    tag: 'Payments',
    summary: 'How the dialog takes a card (offline test cards or Stripe Elements) and the price',
    access: 'public',
    callsService: true,
    rateLimit: RATE.api,
    responses: { 200: { description: 'The mode and price', schema: paymentsClientConfigSchema } },
  })
  config(@RequestId() requestId: string): Promise<PaymentsClientConfig> {
    return this.rpc.send(PaymentMessages.clientConfig, { requestId });
  }
}
