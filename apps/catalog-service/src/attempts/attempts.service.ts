import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Types, type Model } from 'mongoose';
import { CatalogErrors, type AssembledTest, type AttemptResult, type AttemptSubmission, type AttemptSummary } from '@fluent/contracts';
import { scoreTest } from '@fluent/scoring';
import { isDuplicateKey, rpcError } from '@fluent/server-kit';
import { Attempt, AttemptDetail, attemptFigures, readDetail, storedDetail, toStoredAnswers, type AttemptRecord } from './attempt.schema';
import { toAttemptResult, toAttemptSummary, type StoredAttempt, type StoredAttemptDetail } from './attempt-views';

export interface AttemptRules {
  attemptsPerTest: number;
  historyLimit: number;
}

@Injectable()
export class AttemptsService implements OnModuleInit {
  constructor(
    @InjectModel(Attempt.name) private readonly attempts: Model<Attempt>,
    @InjectModel(AttemptDetail.name) private readonly details: Model<AttemptDetail>,
    private readonly rules: AttemptRules,
  ) {}

  async onModuleInit(): Promise<void> {
    // The unique indexes are the attempt rules; fail at start rather than run without them.
    await Promise.all([this.attempts.init(), this.details.init()]);
  }

  get attemptsPerTest(): number {
    return this.rules.attemptsPerTest;
  }

  /** Attempts the learner's history shows, newest first. */
  get historyLimit(): number {
    return this.rules.historyLimit;
  }

  /** Every attempt of the learner, newest first: small documents, read by the learner's index. */
  async summaries(uid: string): Promise<AttemptSummary[]> {
    const rows = await this.attempts.find({ uid }, { _id: 1, testId: 1, submittedAt: 1, figures: 1 }).sort({ submittedAt: -1 }).lean<StoredAttempt[]>();
    return rows.map(toAttemptSummary);
  }

  /**
   * Scores and stores a submission. The same submission id answers with the attempt it already
   * created (a retried POST after a lost answer); a new one beyond the allowance gets 409 and
   * nothing stored changes.
   */
  async submit(uid: string, test: AssembledTest, submission: AttemptSubmission): Promise<AttemptResult> {
    const earlier = await this.bySubmission(uid, submission.submissionId, test.testId);
    if (earlier) return earlier;
    const score = scoreTest(test, submission.answers);
    // The detail goes first under a new id, so an Attempt never exists without it; the Attempt's
    // unique indexes then decide whether this submission gets a slot.
    const _id = new Types.ObjectId();
    const submittedAt = new Date();
    const detail: AttemptRecord & { _id: Types.ObjectId } = { _id, uid, testId: test.testId, submittedAt, answers: toStoredAnswers(submission.answers), score, questions: test };
    await this.details.create(storedDetail(detail));
    const stored = await this.takeSlot(uid, test.testId, submission.submissionId, { _id, submittedAt, figures: attemptFigures(score) });
    if (stored === 'stored') return toAttemptResult(detail);
    await this.details.deleteOne({ _id }).catch(() => undefined);
    if (stored) return stored;
    throw rpcError(409, CatalogErrors.alreadyAttempted);
  }

  /**
   * Each pass either stores the attempt or learns that a racing submission took the slot it
   * tried; the allowance bounds the passes. Answers with the result of this same submission when
   * a racing retry of it stored first, and undefined when the allowance is used.
   */
  private async takeSlot(
    uid: string,
    testId: number,
    submissionId: string,
    attempt: Pick<StoredAttempt, 'submittedAt' | 'figures'> & { _id: Types.ObjectId },
  ): Promise<'stored' | AttemptResult | undefined> {
    for (let pass = 0; pass <= this.rules.attemptsPerTest; pass += 1) {
      const used = await this.attempts.countDocuments({ uid, testId });
      if (used >= this.rules.attemptsPerTest) {
        // The slot may have gone to this very submission, stored by a retry racing this request.
        return this.bySubmission(uid, submissionId, testId);
      }
      try {
        await this.attempts.create({ ...attempt, uid, testId, slot: used + 1, submissionId });
        return 'stored';
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // Either the same submission raced itself (answer with the winner) or the slot was taken.
        const raced = await this.bySubmission(uid, submissionId, testId);
        if (raced) return raced;
      }
    }
    return undefined;
  }

  private async bySubmission(uid: string, submissionId: string, testId: number): Promise<AttemptResult | undefined> {
    const found = await this.attempts.findOne({ uid, submissionId }, { _id: 1, testId: 1 }).lean<Pick<StoredAttempt, '_id' | 'testId'>>();
    if (!found) return undefined;
    if (found.testId !== testId) throw rpcError(409, CatalogErrors.submissionForOtherTest);
    return this.result(found._id.toString());
  }

  private async result(attemptId: string): Promise<AttemptResult> {
    const detail = await this.details.findById(attemptId).lean<StoredAttemptDetail>();
    // An Attempt is stored only after its detail, so this is a damaged record, not a missing one.
    if (!detail) throw new Error(`Attempt ${attemptId} has no stored detail`);
    return toAttemptResult(readDetail(detail));
  }

  async get(uid: string, attemptId: string): Promise<AttemptResult> {
    return toAttemptResult(await this.detailFor(uid, attemptId));
  }

  /**
   * One read by key: the detail carries its owner. Someone else's attempt is answered like an unknown
   * one (404), so an id says nothing about whether it exists.
   */
  async detailFor(uid: string, attemptId: string): Promise<AttemptRecord> {
    if (!isValidObjectId(attemptId)) throw rpcError(404, CatalogErrors.attemptNotFound);
    const detail = await this.details.findById(attemptId).lean<StoredAttemptDetail>();
    if (!detail) throw rpcError(404, CatalogErrors.attemptNotFound);
    if (detail.uid !== uid) throw rpcError(404, CatalogErrors.attemptNotFound);
    return readDetail(detail);
  }
}
