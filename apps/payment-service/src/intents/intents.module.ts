import { Module } from '@nestjs/common';
import { premiumPrice } from '../config';
import { RecordsModule } from '../records/records.module';
import { StripeModule } from '../stripe/stripe.module';
import { IntentsService, PRICE } from './intents.service';

/** PaymentIntents at the server's price, one per learner and price. */
@Module({
  imports: [StripeModule, RecordsModule],
  providers: [{ provide: PRICE, useValue: premiumPrice }, IntentsService],
  exports: [IntentsService],
})
export class IntentsModule {}
