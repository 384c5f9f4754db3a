import { Controller } from '@nestjs/common';
import { ContactMessages, type ContactMessageReceipt, type ParsedRequest } from '@fluent/contracts';
import { HandleMessage } from '@fluent/server-kit';
import { ContactService } from './contact.service';

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  // The gateway validates too; a service never trusts its callers' shapes (HandleMessage parses).
  @HandleMessage(ContactMessages.submitContact)
  submit(message: ParsedRequest<typeof ContactMessages.submitContact>): Promise<ContactMessageReceipt> {
    return this.contact.submit(message);
  }
}
