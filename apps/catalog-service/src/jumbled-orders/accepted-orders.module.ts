import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AcceptedOrdersOverlay } from './accepted-orders';
import { JumbledOrderDecision, JumbledOrderDecisionSchema } from './jumbled-order-decision.schema';

/** The operators' decisions on jumbled orders, and the cached overlay of accepted ones the scorer reads. */
@Module({
  imports: [MongooseModule.forFeature([{ name: JumbledOrderDecision.name, schema: JumbledOrderDecisionSchema }])],
  providers: [AcceptedOrdersOverlay],
  exports: [AcceptedOrdersOverlay, MongooseModule],
})
export class AcceptedOrdersModule {}
