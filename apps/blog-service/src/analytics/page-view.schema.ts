import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One counted page view, keyed by the event id, kept only until its day is rolled up into
 * `pageViewDays` (a few days). An insert keyed by the event id counts a redelivered event once,
 * and FerretDB (the local database) does not make concurrent `$inc` atomic, so views are not
 * counted up in place. No personal data: the path and the day only.
 */
@Schema({ collection: 'pageViews', versionKey: false })
export class PageView {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) path!: string;
  /** UTC calendar day, `YYYY-MM-DD`. */
  @Prop({ type: String, required: true }) day!: string;
  /** When blog-service stored it: a day is rolled up only once its last view has settled. */
  @Prop({ type: Date }) recordedAt?: Date;
}

export const PageViewSchema = SchemaFactory.createForClass(PageView);
PageViewSchema.index({ day: 1, path: 1 });

/**
 * The views of one path on one day, once the day is closed: written once, by a deterministic count
 * of that day's views (the same on every replica and every retry), never changed after.
 */
@Schema({ collection: 'pageViewDays', versionKey: false })
export class PageViewDay {
  /** dailyCountId(day, path). */
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) day!: string;
  @Prop({ type: String, required: true }) path!: string;
  @Prop({ type: Number, required: true }) views!: number;
}

export const PageViewDaySchema = SchemaFactory.createForClass(PageViewDay);
PageViewDaySchema.index({ day: 1 });

/**
 * A day whose views are all in `pageViewDays` (`_id` = the day): written after its counts, before
 * its single views are deleted. The report reads counts for these days and single views for the others.
 */
@Schema({ collection: 'pageViewRollups', versionKey: false })
export class RolledUpDay {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: Number, required: true }) views!: number;
  @Prop({ type: Date, required: true }) rolledUpAt!: Date;
}

export const RolledUpDaySchema = SchemaFactory.createForClass(RolledUpDay);

/** The page-view collections, for MongooseModule.forFeature in every module that reads or writes them. */
export const pageViewModels = [
  { name: PageView.name, schema: PageViewSchema },
  { name: PageViewDay.name, schema: PageViewDaySchema },
  { name: RolledUpDay.name, schema: RolledUpDaySchema },
];
