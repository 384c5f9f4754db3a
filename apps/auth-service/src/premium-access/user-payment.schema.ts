import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The first payment applied to each learner (`_id` = uid). FerretDB has no atomic
 * read-modify-write, so "paymentDate is the first payment's and never changes" is a unique insert:
 * whichever event inserts first wins, every later or repeated event finds this record and copies
 * its date again.
 */
@Schema({ collection: 'user_payments', versionKey: false })
export class UserPayment {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) paymentIntentId!: string;
  /** ISO timestamp (UTC) of that payment: what the user document's paymentDate holds. */
  @Prop({ type: String, required: true }) paymentDate!: string;
  @Prop({ type: Date, required: true }) recordedAt!: Date;
}

export const UserPaymentSchema = SchemaFactory.createForClass(UserPayment);
