import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One counted page view, keyed by the event id. Counts per path and day are summed from these
 * rather than kept with `$inc`: an insert keyed by the event id counts a redelivered event once,
 * and FerretDB (the local database) does not make concurrent `$inc` atomic. No personal data:
 * the path and the day only.
 */
@Schema({ collection: 'pageViews', versionKey: false })
export class PageView {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) path!: string;
  /** UTC calendar day, `YYYY-MM-DD`. */
  @Prop({ type: String, required: true }) day!: string;
}

export const PageViewSchema = SchemaFactory.createForClass(PageView);
PageViewSchema.index({ day: 1, path: 1 });
