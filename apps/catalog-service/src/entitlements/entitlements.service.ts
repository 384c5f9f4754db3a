import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { PaymentSucceededEvent } from '@fluent/contracts';
import { isDuplicateKey } from '@fluent/server-kit';
import { Entitlement } from './entitlement.schema';

@Injectable()
export class EntitlementsService implements OnModuleInit {
  private readonly logger = new Logger(EntitlementsService.name);

  constructor(@InjectModel(Entitlement.name) private readonly entitlements: Model<Entitlement>) {}

  async onModuleInit(): Promise<void> {
    await this.entitlements.init();
  }

  async hasPaid(uid: string): Promise<boolean> {
    return (await this.entitlements.exists({ _id: uid })) !== null;
  }

  /**
   * Records a payment. Idempotent: the learner's id is the key, so a redelivered event (or a
   * second payment) leaves the first record as it was.
   */
  async grant(event: PaymentSucceededEvent): Promise<'granted' | 'already'> {
    try {
      await this.entitlements.create({
        _id: event.uid,
        paymentIntentId: event.paymentIntentId,
        amount: event.amount,
        currency: event.currency,
        paidAt: event.at,
        recordedAt: new Date(),
      });
    } catch (error) {
      if (isDuplicateKey(error)) return 'already';
      throw error;
    }
    this.logger.log(`Premium tests unlocked for ${event.uid} (payment ${event.paymentIntentId})`);
    return 'granted';
  }
}
