import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { premiumPriceBookProvider, PremiumPriceRecord, PremiumPriceRecordSchema } from '@fluent/premium-access';
import { config } from '../config';
import { EntitlementsModule } from '../entitlements/entitlements.module';
import { LearnersModule } from '../learners/learners.module';
import { paymentEventsConsumer } from './payment-events.consumer';

/** The catalog's durable consumer of payment.succeeded, with the premium prices it re-checks. */
@Module({
  imports: [MongooseModule.forFeature([{ name: PremiumPriceRecord.name, schema: PremiumPriceRecordSchema }]), EntitlementsModule, LearnersModule],
  providers: [premiumPriceBookProvider(config), paymentEventsConsumer],
})
export class PremiumAccessModule {}
