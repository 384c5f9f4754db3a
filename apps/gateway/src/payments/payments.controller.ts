import { BadRequestException, Body, Controller, Get, Headers, HttpCode, HttpStatus, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  createPaymentIntentSchema,
  PaymentErrors,
  PaymentMessages,
  testCardPaymentSchema,
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

/**
 * The premium purchase. The gateway holds no payment secret: payment-service checks the price,
 * talks to Stripe and verifies webhook signatures; the gateway authenticates the learner and, for
 * webhooks, passes on the body exactly as received (main.ts enables rawBody for that).
 */
@Controller('api')
export class PaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  /** SPEC.md §7: body {amount} in cents, answer {clientSecret}. 400 for any amount but the price, 409 once paid. */
  @Post('create-payment-intent')
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
  @HttpCode(HttpStatus.OK)
  webhook(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature?: string): Promise<WebhookReceipt> {
    // rawBody exists only for a body the JSON (or form) parser read: Stripe always sends JSON.
    if (!request.rawBody?.length) throw new BadRequestException({ statusCode: HttpStatus.BAD_REQUEST, message: PaymentErrors.badSignature });
    return this.rpc.send(PaymentMessages.handleWebhook, { payloadBase64: request.rawBody.toString('base64'), signature }, { requestId: request.id });
  }

  /** Offline mode's card confirmation by Stripe's test numbers (403 in live mode, 402 for a declined card). */
  @Post('payments/test-confirm')
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
  config(@RequestId() requestId: string): Promise<PaymentsClientConfig> {
    return this.rpc.send(PaymentMessages.clientConfig, { requestId });
  }
}
