import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One stored attempt's jumbled answer that used the item's words in an order not accepted when it
 * was scored (libs/scoring `unlistedOrder`): the index an accepted order's rescoring reads, by
 * (itemId, order), instead of opening every attempt (their answers are stored as JSON text).
 * Written when the attempt is stored; never updated.
 */
@Schema({ collection: 'jumbledAnswers', versionKey: false })
export class JumbledAnswer {
  @Prop({ type: Number, required: true }) itemId!: number;
  /** In libs/scoring jumbledOrderKey form. */
  @Prop({ type: String, required: true }) order!: string;
  /** The attempt's id (its Attempt and AttemptDetail `_id`). */
  @Prop({ type: String, required: true }) attemptId!: string;
  @Prop({ type: String, required: true }) uid!: string;
}

export const JumbledAnswerSchema = SchemaFactory.createForClass(JumbledAnswer);
JumbledAnswerSchema.index({ itemId: 1, order: 1 });
