import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { SkillTrendPoint, WritingFeedback } from '@fluent/contracts';
import { isDuplicateKey } from '@fluent/server-kit';
import { profileScores } from '@fluent/writing-feedback';
import { SkillProfileRecord, StoredFeedback } from './feedback.schema';

const pointOf = (r: SkillProfileRecord & { _id: string }): SkillTrendPoint => ({ attemptId: r._id, testId: r.testId, submittedAt: r.submittedAt.toISOString(), scores: r.scores });

@Injectable()
export class FeedbackStore implements OnModuleInit {
  constructor(
    @InjectModel(StoredFeedback.name) private readonly feedback: Model<StoredFeedback>,
    @InjectModel(SkillProfileRecord.name) private readonly profiles: Model<SkillProfileRecord>,
  ) {}

  async onModuleInit(): Promise<void> {
    await Promise.all([this.feedback.init(), this.profiles.init()]);
  }

  /**
   * Stores an attempt's feedback once; false when it was stored already (a redelivered event).
   * The trend's record is written after it, and again on a redelivery, so a crash between the two
   * writes heals on the next delivery; each is a unique insert by the attempt id.
   */
  async save(feedback: WritingFeedback, uid: string): Promise<boolean> {
    let stored = true;
    try {
      await this.feedback.create({ _id: feedback.attemptId, uid, testId: feedback.testId, createdAt: new Date(feedback.createdAt), body: JSON.stringify(feedback) });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      stored = false;
    }
    try {
      await this.profiles.create({ _id: feedback.attemptId, uid, testId: feedback.testId, submittedAt: new Date(feedback.submittedAt), scores: profileScores(feedback.profile) });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    return stored;
  }

  async exists(attemptId: string): Promise<boolean> {
    return (await this.feedback.exists({ _id: attemptId })) !== null;
  }

  /** One read by key. */
  async get(attemptId: string): Promise<{ uid: string; feedback: WritingFeedback } | undefined> {
    const found = await this.feedback.findById(attemptId, { uid: 1, body: 1 }).lean<Pick<StoredFeedback, 'uid' | 'body'>>();
    return found ? { uid: found.uid, feedback: JSON.parse(found.body) as WritingFeedback } : undefined;
  }

  /**
   * The learner's latest profile submitted before `before` (the results summary's "since last
   * time"): one read through the { uid, submittedAt } index, newest first, one row.
   */
  async previousProfile(uid: string, before: string): Promise<SkillTrendPoint | null> {
    const row = await this.profiles
      .findOne({ uid, submittedAt: { $lt: new Date(before) } })
      .sort({ submittedAt: -1 })
      .lean<SkillProfileRecord & { _id: string }>();
    return row ? pointOf(row) : null;
  }

  /** The learner's latest profiles, oldest first. */
  async trend(uid: string, limit: number): Promise<SkillTrendPoint[]> {
    const rows = await this.profiles.find({ uid }).sort({ submittedAt: -1 }).limit(limit).lean<(SkillProfileRecord & { _id: string })[]>();
    return rows.reverse().map(pointOf);
  }
}
