import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '@fluent/server-kit';
import type { Price } from '@fluent/contracts';
import { CreatedIntent } from './created-intent.schema';

export interface KnownIntent {
  uid: string;
  price: Price;
}

/** payment-service's record of the PaymentIntents it created (see CreatedIntent). */
@Injectable()
export class CreatedIntents implements OnModuleInit {
  constructor(@InjectModel(CreatedIntent.name) private readonly intents: Model<CreatedIntent>) {}

  async onModuleInit(): Promise<void> {
    await this.intents.init();
  }

  /** Idempotent: Stripe hands a double click the same PaymentIntent, recorded once. */
  async record(id: string, uid: string, price: Price): Promise<void> {
    try {
      await this.intents.create({ _id: id, uid, amount: price.amount, currency: price.currency, createdAt: new Date() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async find(id: string): Promise<KnownIntent | undefined> {
    const intent = await this.intents.findById(id).lean().exec();
    return intent ? { uid: intent.uid, price: { amount: intent.amount, currency: intent.currency } } : undefined;
  }
}
