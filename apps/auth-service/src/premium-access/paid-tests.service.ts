import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { PaymentSucceededEvent } from '@fluent/contracts';
import { isDuplicateKey } from '@fluent/server-kit';
import { User } from '../users/user.schema';
import { UserPayment } from './user-payment.schema';
import { UserDocumentCache } from '../users/user-document-cache';

@Injectable()
export class PaidTestsService implements OnModuleInit {
  private readonly logger = new Logger(PaidTestsService.name);

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(UserPayment.name) private readonly payments: Model<UserPayment>,
    private readonly cache: UserDocumentCache,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.payments.init();
  }

  /**
   * Sets paidTests true and paymentDate (the first payment's time) on the user document.
   * Idempotent, and safe to repeat after a crash at any point: the first payment is fixed by a
   * unique insert, and the user document then only ever gets that same value set again. The
   * document is created if it is missing, so a payment is never acknowledged without being applied.
   */
  async apply(event: PaymentSucceededEvent): Promise<'applied' | 'already'> {
    let fresh = true;
    try {
      await this.payments.create({ _id: event.uid, paymentIntentId: event.paymentIntentId, paymentDate: new Date(event.at).toISOString(), recordedAt: new Date() });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      fresh = false;
    }
    const first = await this.payments.findById(event.uid).lean().exec();
    if (!first) throw new Error(`the payment record of ${event.uid} vanished`);
    await this.users.updateOne({ _id: event.uid }, { $set: { paidTests: true, paymentDate: first.paymentDate } }, { upsert: true }).exec();
    this.cache.changed(event.uid);
    if (fresh) this.logger.log(`paidTests set for ${event.uid} (payment ${event.paymentIntentId})`);
    else if (first.paymentIntentId !== event.paymentIntentId) {
      this.logger.warn(`${event.uid} paid again (${event.paymentIntentId}; first ${first.paymentIntentId}): a refund may be due`);
    }
    return fresh ? 'applied' : 'already';
  }
}
