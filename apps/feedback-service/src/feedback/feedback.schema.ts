import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Skill } from '@fluent/contracts';

/**
 * One attempt's writing feedback, keyed by the attempt id: a redelivered attempt.submitted finds
 * the key taken (duplicate key) and writes nothing twice. Read by `_id` only. The feedback itself
 * is kept as one JSON string: FerretDB decodes a document whole, and a string decodes ~10× faster
 * than the same data as nested documents (docs/architecture.md#data-layer).
 */
@Schema({ collection: 'writingFeedback', versionKey: false })
export class StoredFeedback {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) uid!: string;
  @Prop({ type: Number, required: true }) testId!: number;
  @Prop({ type: Date, required: true }) createdAt!: Date;
  /** The WritingFeedback, as JSON. */
  @Prop({ type: String, required: true }) body!: string;
}
export const StoredFeedbackSchema = SchemaFactory.createForClass(StoredFeedback);

/**
 * The five skill figures of one attempt, small, for the dashboard's trend: read by learner
 * (the uid index), newest first. Keyed by the attempt id like the feedback.
 */
@Schema({ collection: 'skillProfiles', versionKey: false })
export class SkillProfileRecord {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) uid!: string;
  @Prop({ type: Number, required: true }) testId!: number;
  @Prop({ type: Date, required: true }) submittedAt!: Date;
  @Prop({ type: Object, required: true }) scores!: Record<Skill, number>;
}
export const SkillProfileRecordSchema = SchemaFactory.createForClass(SkillProfileRecord);
SkillProfileRecordSchema.index({ uid: 1, submittedAt: -1 });
