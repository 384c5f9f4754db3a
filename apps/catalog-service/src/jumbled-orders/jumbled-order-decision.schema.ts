import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { JumbledOrderDecision as Decision } from '@fluent/contracts';

/**
 * An operator's decision on one order of one jumbled item: the overlay beside the bank's JSON.
 * The accepted ones are read by the scorer (through AcceptedOrdersOverlay's cache) and folded
 * into the bank's JSON files for the next release (`npm run bank:fold-orders`); a refused one
 * leaves the order off the operators' list. One per item and order; never updated.
 */
@Schema({ collection: 'jumbledOrderDecisions', versionKey: false })
export class JumbledOrderDecision {
  @Prop({ type: Number, required: true }) itemId!: number;
  /** In libs/scoring jumbledOrderKey form. */
  @Prop({ type: String, required: true }) order!: string;
  /** The sentence the bank will list (libs/scoring sentenceForOrder). */
  @Prop({ type: String, required: true }) sentence!: string;
  @Prop({ type: String, required: true }) decision!: Decision;
  @Prop({ type: String, required: true }) decidedBy!: string;
  @Prop({ type: Date, required: true }) decidedAt!: Date;
}

export const JumbledOrderDecisionSchema = SchemaFactory.createForClass(JumbledOrderDecision);
JumbledOrderDecisionSchema.index({ itemId: 1, order: 1 }, { unique: true });
// The overlay's one read (all accepted orders), once per cache lifetime.
JumbledOrderDecisionSchema.index({ decision: 1 });
