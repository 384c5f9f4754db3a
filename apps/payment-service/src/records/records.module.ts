import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CreatedIntent, CreatedIntentSchema } from './created-intent.schema';
import { CreatedIntents } from './created-intents';
import { SucceededPayment, SucceededPaymentSchema } from './succeeded-payment.schema';
import { SucceededPayments } from './succeeded-payments';

/** payment-service's own records: every PaymentIntent it created (learner, price), every payment it published. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: SucceededPayment.name, schema: SucceededPaymentSchema },
      { name: CreatedIntent.name, schema: CreatedIntentSchema },
    ]),
  ],
  providers: [SucceededPayments, CreatedIntents],
  exports: [SucceededPayments, CreatedIntents],
})
export class RecordsModule {}
