import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import {
  BlogPatterns,
  contactMessageSchema,
  type ContactMessageInput,
  type ContactMessageReceipt,
} from '@fluent/contracts';
import { Public } from '../auth/public.decorator';
import { RpcClient } from '../common/rpc/rpc.client';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';

@Controller('api/contact')
export class ContactController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Post()
  @HttpCode(HttpStatus.CREATED)
  submit(@Body(new ZodValidationPipe(contactMessageSchema)) body: ContactMessageInput): Promise<ContactMessageReceipt> {
    return this.rpc.send(BlogPatterns.submitContact, body);
  }
}
