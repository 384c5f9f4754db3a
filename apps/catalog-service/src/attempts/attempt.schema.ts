import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';
import type { AssembledTest, ReviewNote, TestAnswers, TestScore } from '@fluent/contracts';

/**
 * The answers as stored. FerretDB (our local MongoDB) cannot store nested arrays, so the typing
 * timeline's [ms, length] pairs are kept flat: [ms, length, ms, length, …].
 */
export type StoredAnswers = Omit<TestAnswers, 'typing'> & { typing: Omit<TestAnswers['typing'], 'timeline'> & { timeline?: number[] } };

export function toStoredAnswers(answers: TestAnswers): StoredAnswers {
  const { timeline, ...typing } = answers.typing;
  return { ...answers, typing: timeline ? { ...typing, timeline: timeline.flat() } : typing };
}

/** The figures of an attempt that lists show: what the dashboard reads, kept small. */
export interface AttemptFigures {
  wpm: number;
  accuracy: number;
  sections: { sentences: Tally; fills: Tally; jumbled: Tally };
  total: Tally;
}
interface Tally {
  correct: number;
  total: number;
}

export function attemptFigures(score: TestScore): AttemptFigures {
  const tally = ({ correct, total }: Tally): Tally => ({ correct, total });
  return {
    wpm: score.typing.wpm,
    accuracy: score.typing.accuracy,
    sections: { sentences: tally(score.sentences), fills: tally(score.fills), jumbled: tally(score.jumbled) },
    total: tally(score.total),
  };
}

/**
 * One finished test: who, which test, which slot and its figures. Read on every dashboard load,
 * so it stays a few hundred bytes (FerretDB decodes each matching document whole); the answers,
 * the questions as asked and the full score live in its AttemptDetail under the same `_id`.
 * Updated only when an accepted jumbled order rescores it (`figures`, `reviews`).
 */
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
  @Prop({ type: Object, required: true }) figures!: AttemptFigures;
  /** The score changes after review, for the dashboard's note (absent when there were none). */
  @Prop({ type: [Object], default: undefined }) reviews?: ReviewNote[];
}

export const AttemptSchema = SchemaFactory.createForClass(Attempt);
AttemptSchema.index({ uid: 1, testId: 1, slot: 1 }, { unique: true });
AttemptSchema.index({ uid: 1, submissionId: 1 }, { unique: true });
AttemptSchema.index({ uid: 1, submittedAt: -1 });

/**
 * Everything the results screen shows of one attempt, read by `_id` only (the attempt's own id).
 * Written before its Attempt: an Attempt never exists without its detail, while a detail whose
 * Attempt lost a race is removed again (and one left by a crash is never read).
 *
 * The answers, the score and the questions as asked are stored as JSON text: they are read whole
 * and never queried, and the local database decodes nested documents slowly (a 7.5 KB detail
 * read by `_id`: 5 ms as documents, 1.4 ms as text). Details stored before that held them as
 * documents (`answers`, `score`, `questions`); `readDetail` reads both.
 */
@Schema({ collection: 'attemptDetails', versionKey: false })
export class AttemptDetail {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) _id!: Types.ObjectId;
  @Prop({ type: String, required: true }) uid!: string;
  @Prop({ type: Number, required: true }) testId!: number;
  @Prop({ type: Date, required: true }) submittedAt!: Date;
  @Prop({ type: String }) answersJson?: string;
  @Prop({ type: String }) scoreJson?: string;
  /** The questions as they were asked, so the result still reads right if the bank is edited later. */
  @Prop({ type: String }) questionsJson?: string;
  /** The score changes after review, oldest first (absent when there were none). */
  @Prop({ type: [Object], default: undefined }) reviews?: ReviewNote[];
  /**
   * The accepted orders already applied (`<itemId>:<order>`): a redelivered acceptance changes
   * nothing twice. `revision` counts the rescorings: each writes only over the one it read.
   */
  @Prop({ type: [String], default: undefined }) appliedOrders?: string[];
  @Prop({ type: Number }) revision?: number;
  /** Details stored before the JSON text fields. */
  @Prop({ type: Object }) answers?: StoredAnswers;
  @Prop({ type: Object }) score?: TestScore;
  @Prop({ type: Object }) questions?: AssembledTest;
}

/** An attempt's detail as the results screen and item reports read it. */
export interface AttemptRecord {
  _id: { toString(): string };
  uid: string;
  testId: number;
  submittedAt: Date;
  answers: StoredAnswers;
  score: TestScore;
  questions: AssembledTest;
  reviews?: ReviewNote[];
}

/** The stored form of a new detail. */
export function storedDetail(record: AttemptRecord & { _id: Types.ObjectId }): AttemptDetail {
  const { answers, score, questions, ...keys } = record;
  return { ...keys, answersJson: JSON.stringify(answers), scoreJson: JSON.stringify(score), questionsJson: JSON.stringify(questions) };
}

/** A detail as read from the database, in either form. */
export function readDetail(stored: Omit<AttemptDetail, '_id'> & { _id: { toString(): string } }): AttemptRecord {
  const part = <T>(text: string | undefined, legacy: T | undefined, name: string): T => {
    if (text !== undefined) return JSON.parse(text) as T;
    if (legacy !== undefined) return legacy;
    throw new Error(`Attempt detail ${stored._id.toString()} has no ${name}`);
  };
  return {
    _id: stored._id,
    uid: stored.uid,
    testId: stored.testId,
    submittedAt: stored.submittedAt,
    answers: part(stored.answersJson, stored.answers, 'answers'),
    score: part(stored.scoreJson, stored.score, 'score'),
    questions: part(stored.questionsJson, stored.questions, 'questions'),
    ...(stored.reviews?.length ? { reviews: stored.reviews } : {}),
  };
}

export const AttemptDetailSchema = SchemaFactory.createForClass(AttemptDetail);
