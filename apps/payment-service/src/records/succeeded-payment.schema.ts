import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * payment-service's own record of the payments that went through, written when a verified
 * payment_intent.succeeded has been published. It answers "has this learner paid?" for new
 * PaymentIntents (409) without asking auth-service or catalog-service, whose consumers may be
 * behind or down. One document per PaymentIntent, so a learner who somehow paid twice shows up
 * twice (for a refund) instead of being hidden.
 */
@Schema({ collection: 'succeeded_payments', versionKey: false })
export class SucceededPayment {
  /** The PaymentIntent id: a redelivered webhook inserts the same key and changes nothing. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true, index: true }) uid!: string;
  @Prop({ type: Number, required: true }) amount!: number;
  @Prop({ type: String, required: true }) currency!: string;
  /** The Stripe event that reported it (also the JetStream message id of payment.succeeded). */
  @Prop({ type: String, required: true }) eventId!: string;
  /** When the payment went through (the event's `at`). */
  @Prop({ type: String, required: true }) succeededAt!: string;
  @Prop({ type: Date, required: true }) recordedAt!: Date;
}

export const SucceededPaymentSchema = SchemaFactory.createForClass(SucceededPayment);
