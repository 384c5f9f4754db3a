import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * Every PaymentIntent this service created, with the learner and the price it was created at.
 * A payment_intent.succeeded for it is honoured at that price, even when the price has changed
 * since (the learner was shown and charged the old one), and only for that learner. Read by key.
 */
@Schema({ collection: 'payment_intents', versionKey: false })
export class CreatedIntent {
  /** The PaymentIntent id. */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) uid!: string;
  @Prop({ type: Number, required: true }) amount!: number;
  @Prop({ type: String, required: true }) currency!: string;
  @Prop({ type: Date, required: true }) createdAt!: Date;
}

export const CreatedIntentSchema = SchemaFactory.createForClass(CreatedIntent);
