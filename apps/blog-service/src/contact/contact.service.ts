import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { isHoneypotFilled, type ContactMessageInput, type ContactMessageReceipt } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { ContactMessage } from './contact.schema';

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(@InjectModel(ContactMessage.name) private readonly messages: Model<ContactMessage>) {}

  /**
   * Stores the message and answers with what the database now holds (read back, not echoed).
   * A message with the honeypot filled (a bot) gets an answer of the same shape, so the bot learns
   * nothing, but is only logged, never stored.
   */
  async submit(input: ContactMessageInput): Promise<ContactMessageReceipt> {
    const { website, ...message } = input;
    if (isHoneypotFilled({ website })) {
      this.logger.warn(`Contact message dropped: honeypot filled (email ${message.email}, ${message.message.length} characters)`);
      return { id: new Types.ObjectId().toHexString(), ...message, receivedAt: new Date().toISOString() };
    }
    const created = await this.messages.create(message);
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
