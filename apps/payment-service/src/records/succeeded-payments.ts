import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { PaymentSucceededEvent } from '@fluent/contracts';
import { isDuplicateKey } from '@fluent/server-kit';
import { SucceededPayment } from './succeeded-payment.schema';

@Injectable()
export class SucceededPayments implements OnModuleInit {
  constructor(@InjectModel(SucceededPayment.name) private readonly payments: Model<SucceededPayment>) {}

  async onModuleInit(): Promise<void> {
    await this.payments.init();
  }

  async hasPaid(uid: string): Promise<boolean> {
    return (await this.payments.exists({ uid })) !== null;
  }

  /** Idempotent: the PaymentIntent id is the key, so recording the same payment again is a no-op. */
  async record(event: PaymentSucceededEvent, eventId: string): Promise<void> {
    try {
      await this.payments.create({
        _id: event.paymentIntentId,
        uid: event.uid,
        amount: event.amount,
        currency: event.currency,
        eventId,
        succeededAt: event.at,
        recordedAt: new Date(),
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
}
