import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, type Model } from 'mongoose';
import { CatalogErrors, type AssembledTest, type AttemptResult, type AttemptSubmission, type AttemptSummary } from '@fluent/contracts';
import { scoreTest } from '@fluent/scoring';
import { isDuplicateKey, rpcError } from '@fluent/server-kit';
import { Attempt } from './attempt.schema';
import { toAttemptResult, toAttemptSummary, type StoredAttempt } from './attempt-views';

const SUMMARY_FIELDS = Object.fromEntries(
  [
    'testId',
    'submittedAt',
    'score.typing.wpm',
    'score.typing.accuracy',
    ...['sentences', 'fills', 'jumbled', 'total'].flatMap((part) => [`score.${part}.correct`, `score.${part}.total`]),
  ].map((field) => [field, 1]),
);

export interface AttemptRules {
  attemptsPerTest: number;
  historyLimit: number;
}

@Injectable()
export class AttemptsService implements OnModuleInit {
  constructor(
    @InjectModel(Attempt.name) private readonly attempts: Model<Attempt>,
    private readonly rules: AttemptRules,
  ) {}

  async onModuleInit(): Promise<void> {
    // The unique indexes are the attempt rules; fail at start rather than run without them.
    await this.attempts.init();
  }

  get attemptsPerTest(): number {
    return this.rules.attemptsPerTest;
  }

  /** How many attempts this learner has stored, per test. */
  async countsByTest(uid: string): Promise<Map<number, number>> {
    const rows = await this.attempts.find({ uid }, { testId: 1, _id: 0 }).lean<{ testId: number }[]>();
    const counts = new Map<number, number>();
    for (const { testId } of rows) counts.set(testId, (counts.get(testId) ?? 0) + 1);
    return counts;
  }

  async hasAttemptsLeft(uid: string, testId: number): Promise<boolean> {
    return (await this.attempts.countDocuments({ uid, testId })) < this.rules.attemptsPerTest;
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
    // Each pass either stores the attempt or learns that a racing submission took the slot it
    // tried; the allowance bounds the passes.
    for (let pass = 0; pass <= this.rules.attemptsPerTest; pass += 1) {
      const used = await this.attempts.countDocuments({ uid, testId: test.testId });
      if (used >= this.rules.attemptsPerTest) {
        // The slot may have gone to this very submission, stored by a retry racing this request.
        const raced = await this.bySubmission(uid, submission.submissionId, test.testId);
        if (raced) return raced;
        break;
      }
      try {
        const created = await this.attempts.create({
          uid,
          testId: test.testId,
          slot: used + 1,
          submissionId: submission.submissionId,
          submittedAt: new Date(),
          answers: submission.answers,
          score,
          questions: test,
        });
        return toAttemptResult(created.toObject() as StoredAttempt);
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // Either the same submission raced itself (answer with the winner) or the slot was taken.
        const raced = await this.bySubmission(uid, submission.submissionId, test.testId);
        if (raced) return raced;
      }
    }
    throw rpcError(409, CatalogErrors.alreadyAttempted);
  }

  private async bySubmission(uid: string, submissionId: string, testId: number): Promise<AttemptResult | undefined> {
    const found = await this.attempts.findOne({ uid, submissionId }).lean<StoredAttempt>();
    if (!found) return undefined;
    if (found.testId !== testId) throw rpcError(409, CatalogErrors.submissionForOtherTest);
    return toAttemptResult(found);
  }

  async get(uid: string, attemptId: string): Promise<AttemptResult> {
    if (!isValidObjectId(attemptId)) throw rpcError(404, CatalogErrors.attemptNotFound);
    const found = await this.attempts.findById(attemptId).lean<StoredAttempt>();
    if (!found) throw rpcError(404, CatalogErrors.attemptNotFound);
    if (found.uid !== uid) throw rpcError(403, CatalogErrors.othersAttempt);
    return toAttemptResult(found);
  }

  /** The learner's history, newest first: only the figures a summary shows, read on every dashboard load. */
  async list(uid: string): Promise<AttemptSummary[]> {
    const rows = await this.attempts
      .find({ uid }, SUMMARY_FIELDS)
      .sort({ submittedAt: -1 })
      .limit(this.rules.historyLimit)
      .lean<StoredAttempt[]>();
    return rows.map(toAttemptSummary);
  }
}
