import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { premiumPriceBookProvider, PremiumPriceRecord, PremiumPriceRecordSchema } from '@fluent/premium-access';
import { config } from '../config';
import { UserDocumentsModule } from '../users/user-documents.module';
import { PaidTestsService } from './paid-tests.service';
import { paymentEventsConsumer } from './payment-events.consumer';
import { UserPayment, UserPaymentSchema } from './user-payment.schema';

/** auth-service's durable consumer of payment.succeeded: paidTests and paymentDate on the user document. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: UserPayment.name, schema: UserPaymentSchema },
      { name: PremiumPriceRecord.name, schema: PremiumPriceRecordSchema },
    ]),
    UserDocumentsModule,
  ],
  providers: [PaidTestsService, premiumPriceBookProvider(config), paymentEventsConsumer],
})
export class PremiumAccessModule {}
