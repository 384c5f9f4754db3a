import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { AssembledTest, TestAnswers, TestScore } from '@fluent/contracts';

/** One finished test, as submitted and scored. Never updated after it is stored. */
@Schema({ collection: 'attempts', versionKey: false })
export class Attempt {
  @Prop({ type: String, required: true }) uid!: string;
  @Prop({ type: Number, required: true }) testId!: number;
  /**
   * Which of the learner's allowed attempts at this test this is (1..ATTEMPTS_PER_TEST). The
   * unique (uid, testId, slot) index is what enforces the allowance: FerretDB has no atomic
   * read-modify-write, so two racing submissions cannot both take the last slot.
   */
  @Prop({ type: Number, required: true }) slot!: number;
  /** The runner's id for this submission; a retried POST finds the attempt it already created. */
  @Prop({ type: String, required: true }) submissionId!: string;
  @Prop({ type: Date, required: true }) submittedAt!: Date;
  @Prop({ type: Object, required: true }) answers!: TestAnswers;
  @Prop({ type: Object, required: true }) score!: TestScore;
  /** The questions as they were asked, so the result still reads right if the bank is edited later. */
  @Prop({ type: Object, required: true }) questions!: AssembledTest;
}

export const AttemptSchema = SchemaFactory.createForClass(Attempt);
AttemptSchema.index({ uid: 1, testId: 1, slot: 1 }, { unique: true });
AttemptSchema.index({ uid: 1, submissionId: 1 }, { unique: true });
AttemptSchema.index({ uid: 1, submittedAt: -1 });
