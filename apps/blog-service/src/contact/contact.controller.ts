import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BlogPatterns, contactMessageSchema, validationErrorBody, type ContactMessageReceipt } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { ContactService } from './contact.service';

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @MessagePattern(BlogPatterns.submitContact)
  submit(@Payload() payload: unknown): Promise<ContactMessageReceipt> {
    // The gateway validates too; a service never trusts its callers' shapes.
    const parsed = contactMessageSchema.safeParse(payload);
    if (!parsed.success) {
      const body = validationErrorBody(parsed.error);
      throw rpcError(400, body.message, body.errors);
    }
    return this.contact.submit(parsed.data);
  }
}
