import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The catalog's own record of who may take the premium tests, one per learner (`_id` = uid), fed
 * by its durable consumer of payment.succeeded. The dashboard reads only this: no call to another
 * service on its path.
 */
@Schema({ collection: 'entitlements', versionKey: false })
export class Entitlement {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) paymentIntentId!: string;
  @Prop({ type: Number, required: true }) amount!: number;
  @Prop({ type: String, required: true }) currency!: string;
  /** When the payment went through (the event's `at`). */
  @Prop({ type: String, required: true }) paidAt!: string;
  @Prop({ type: Date, required: true }) recordedAt!: Date;
}

export const EntitlementSchema = SchemaFactory.createForClass(Entitlement);
