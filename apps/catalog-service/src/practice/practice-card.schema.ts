import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Types } from 'mongoose';
import type { PracticeCardKind, PracticeSchedule, Skill } from '@fluent/contracts';
import type { QueueView } from './queue-view';

/**
 * One learner's practice card (issue 47), keyed by learner and card key: the upsert that creates it
 * (`$setOnInsert`) and the unique index make a redelivered event, or a later attempt repeating the
 * mistake, change nothing. `learnt` and `dueAt` copy `isLearnt(schedule)` and `schedule.due` at
 * every review: the queue view's rebuild reads the unlearnt cards by index, and a learner past a
 * view's size is queued by them. The card itself is JSON text, read whole, never queried.
 */
@Schema({ collection: 'practiceCards', versionKey: false })
export class PracticeCardRecord {
  @Prop({ type: String, required: true }) uid!: string;
  @Prop({ type: String, required: true }) key!: string;
  @Prop({ type: String, required: true }) kind!: PracticeCardKind;
  @Prop({ type: String, required: true }) skill!: Skill;
  @Prop({ type: Number, required: true }) testId!: number;
  @Prop({ type: String, required: true }) attemptId!: string;
  @Prop({ type: Boolean, required: true }) premium!: boolean;
  @Prop({ type: Boolean, required: true }) learnt!: boolean;
  @Prop({ type: Date, required: true }) dueAt!: Date;
  @Prop({ type: Object, required: true }) schedule!: PracticeSchedule;
  @Prop({ type: String, required: true }) cardJson!: string;
  @Prop({ type: Date, required: true }) createdAt!: Date;
}

export const PracticeCardSchema = SchemaFactory.createForClass(PracticeCardRecord);
/** A stored card as read back (lean), with its id. */
export type PracticeCardDoc = PracticeCardRecord & { _id: Types.ObjectId };
/** The upsert's key: one card per learner and key. */
PracticeCardSchema.index({ uid: 1, key: 1 }, { unique: true });
/** The queue: a learner's unlearnt cards by due date (the read and the due count). */
PracticeCardSchema.index({ uid: 1, learnt: 1, dueAt: 1 });

/** One review of a card: the progress figures read the learner's review times (reviewed today, the streak). */
@Schema({ collection: 'practiceReviews', versionKey: false })
export class PracticeReviewRecord {
  @Prop({ type: String, required: true }) uid!: string;
  @Prop({ type: String, required: true }) cardId!: string;
  @Prop({ type: Date, required: true }) at!: Date;
  @Prop({ type: String, required: true }) grade!: string;
  @Prop({ type: Number, required: true }) elapsedMs!: number;
}

export const PracticeReviewSchema = SchemaFactory.createForClass(PracticeReviewRecord);
PracticeReviewSchema.index({ uid: 1, at: -1 });

/**
 * A learner's queue mark (queue-view.ts), keyed by the learner: a new random token after every
 * write of their cards. Written only by those writes.
 */
@Schema({ collection: 'practiceQueueMarks', versionKey: false })
export class PracticeQueueMarkRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) token!: string;
}

export const PracticeQueueMarkSchema = SchemaFactory.createForClass(PracticeQueueMarkRecord);

/**
 * A learner's queue view (queue-view.ts), keyed by the learner: their unlearnt cards as one JSON
 * text, read by key, built from practiceCards for the mark it names. Written only by rebuilds.
 */
@Schema({ collection: 'practiceQueueViews', versionKey: false })
export class PracticeQueueViewRecord implements QueueView {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) token!: string;
  @Prop({ type: Date, required: true }) builtAt!: Date;
  @Prop({ type: Boolean, required: true }) overflow!: boolean;
  @Prop({ type: String, required: true }) entriesJson!: string;
}

export const PracticeQueueViewSchema = SchemaFactory.createForClass(PracticeQueueViewRecord);
