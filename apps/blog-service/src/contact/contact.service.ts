import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { ContactMessageInput, ContactMessageReceipt } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { ContactMessage } from './contact.schema';

@Injectable()
export class ContactService {
  constructor(@InjectModel(ContactMessage.name) private readonly messages: Model<ContactMessage>) {}

  /** Stores the message and answers with what the database now holds (read back, not echoed). */
  async submit(input: ContactMessageInput): Promise<ContactMessageReceipt> {
    const created = await this.messages.create(input);
    const stored = await this.messages.findById(created._id).lean().exec();
    if (!stored) throw rpcError(500, 'The message could not be stored');
    return {
      id: String(stored._id),
      name: stored.name,
      email: stored.email,
      message: stored.message,
      receivedAt: stored.createdAt.toISOString(),
    };
  }
}
