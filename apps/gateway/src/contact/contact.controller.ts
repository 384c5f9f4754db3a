import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import {
  contactMessageReceiptSchema,
  ContactMessages,
  contactMessageSchema,
  type ContactMessageInput,
  type ContactMessageReceipt,
} from '@fluent/contracts';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { RequestId } from '../http/request-id';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { config } from '../config';
import { ApiDoc, RATE } from '../openapi/route-doc';
import { perAddressLimit } from '../common/rate-limit/address-limits';

/** Far tighter than the rest of the API: a person sends a message or two, a spammer hundreds. */
const contactLimit = { default: { limit: perAddressLimit(config.CONTACT_RATE_LIMIT), ttl: 60_000 } };

@Controller('api/contact')
export class ContactController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Public, CONTACT_RATE_LIMIT messages per minute and client address. blog-service stores the
   * message, or only logs it when the honeypot field is filled (the answer looks the same).
   */
  @Public()
  @Throttle(contactLimit)
  @Post()
  @ApiDoc({
    operationId: 'contact',
    tag: 'Contact',
    summary: 'Send a message (stored; the honeypot field `website` is for bots)',
    access: 'public',
    body: contactMessageSchema,
    callsService: true,
    rateLimit: RATE.contact,
    responses: { 201: { description: 'Received', schema: contactMessageReceiptSchema } },
  })
  @HttpCode(HttpStatus.CREATED)
  submit(@Body(new ZodValidationPipe(contactMessageSchema)) body: ContactMessageInput, @RequestId() requestId: string): Promise<ContactMessageReceipt> {
    return this.rpc.send(ContactMessages.submitContact, body, { requestId });
  }
}
