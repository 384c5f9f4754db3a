import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { ItemReportReason, ReportableSection } from '@fluent/contracts';

/**
 * A learner's report on one item of a test they took. One per learner and item (the unique
 * index answers a second one with 409, whatever attempt it comes from); never updated.
 */
@Schema({ collection: 'itemReports', versionKey: false })
export class ItemReport {
  @Prop({ type: String, required: true }) uid!: string;
  /** `<section>:<itemId>`: item ids are unique within a section of the bank. */
  @Prop({ type: String, required: true }) item!: string;
  @Prop({ type: String, required: true }) section!: ReportableSection;
  @Prop({ type: Number, required: true }) itemId!: number;
  @Prop({ type: Number, required: true }) testId!: number;
  @Prop({ type: String, required: true }) attemptId!: string;
  /** The item as it was asked, and the learner's answer as stored with the attempt. */
  @Prop({ type: String, required: true }) prompt!: string;
  @Prop({ type: String, default: '' }) answer!: string;
  @Prop({ type: String, required: true }) reason!: ItemReportReason;
  @Prop({ type: String, default: '' }) comment!: string;
  @Prop({ type: Date, required: true }) reportedAt!: Date;
  /**
   * A jumbled answer that uses the item's words in an order not accepted when it was scored: the
   * order in libs/scoring jumbledOrderKey form, which the operators' list of claimed orders groups by.
   */
  @Prop({ type: String }) order?: string;
}

export const ItemReportSchema = SchemaFactory.createForClass(ItemReport);
ItemReportSchema.index({ uid: 1, item: 1 }, { unique: true });
// The operators' list, newest first (MongoDB serves its sort and limit from it; FerretDB v1 cannot).
ItemReportSchema.index({ reportedAt: -1 });
// The operators' list of claimed jumbled orders: a section's reports, newest first.
ItemReportSchema.index({ section: 1, reportedAt: -1 });
