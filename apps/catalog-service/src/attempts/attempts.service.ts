import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Types, type Model } from 'mongoose';
import { CatalogErrors, type AssembledTest, type AttemptResult, type AttemptSubmission, type AttemptSummary } from '@fluent/contracts';
import { applyAcceptedOrder, jumbledOrderKey, scoreTest, type AcceptedOrder, type AcceptedOrders } from '@fluent/scoring';
import { isDuplicateKey, rpcError } from '@fluent/server-kit';
import { Attempt, AttemptDetail, attemptFigures, readDetail, storedDetail, toStoredAnswers, type AttemptRecord } from './attempt.schema';
import type { JumbledAnswer } from './jumbled-answer.schema';
import { toAttemptResult, toAttemptSummary, type StoredAttempt, type StoredAttemptDetail } from './attempt-views';

export interface AttemptRules {
  attemptsPerTest: number;
  historyLimit: number;
}

/** The orders accepted after review, as the scorer reads them (the jumbled-orders overlay, cached). */
export interface AcceptedOrdersSource {
  orders(): Promise<AcceptedOrders>;
}

/** How often a rescoring re-reads an attempt another rescoring changed meanwhile. */
const RESCORE_PASSES = 5;

@Injectable()
export class AttemptsService implements OnModuleInit {
  private readonly logger = new Logger(AttemptsService.name);

  constructor(
    @InjectModel(Attempt.name) private readonly attempts: Model<Attempt>,
    @InjectModel(AttemptDetail.name) private readonly details: Model<AttemptDetail>,
    private readonly jumbledAnswers: Model<JumbledAnswer>,
    private readonly accepted: AcceptedOrdersSource,
    private readonly rules: AttemptRules,
  ) {}

  async onModuleInit(): Promise<void> {
    // The unique indexes are the attempt rules; fail at start rather than run without them.
    await Promise.all([this.attempts.init(), this.details.init(), this.jumbledAnswers.init()]);
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
    const rows = await this.attempts.find({ uid }, { _id: 1, testId: 1, submittedAt: 1, figures: 1, reviews: 1 }).sort({ submittedAt: -1 }).lean<StoredAttempt[]>();
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
    const score = scoreTest(test, submission.answers, await this.accepted.orders());
    // The detail goes first under a new id, so an Attempt never exists without it; the Attempt's
    // unique indexes then decide whether this submission gets a slot.
    const _id = new Types.ObjectId();
    const submittedAt = new Date();
    const detail: AttemptRecord & { _id: Types.ObjectId } = { _id, uid, testId: test.testId, submittedAt, answers: toStoredAnswers(submission.answers), score, questions: test };
    await this.details.create(storedDetail(detail));
    const stored = await this.takeSlot(uid, test.testId, submission.submissionId, { _id, submittedAt, figures: attemptFigures(score) });
    if (stored === 'stored') {
      await this.indexUnlistedOrders(uid, _id.toString(), detail);
      return toAttemptResult(detail);
    }
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

  /**
   * The attempt's jumbled answers in an order not accepted yet, by (item, order), for the
   * rescoring of an order accepted later. The attempt is stored and answered whatever happens
   * here: a failure is logged (that attempt then misses a later rescoring).
   */
  private async indexUnlistedOrders(uid: string, attemptId: string, detail: AttemptRecord): Promise<void> {
    const rows = detail.score.jumbled.items.filter((item) => item.unlistedOrder).map((item) => ({ itemId: item.id, order: jumbledOrderKey(item.answer), attemptId, uid }));
    if (rows.length === 0) return;
    await this.jumbledAnswers.insertMany(rows).catch((error: unknown) => this.logger.error(`Unlisted orders of attempt ${attemptId} not indexed: ${String(error)}`));
  }

  /**
   * An accepted order rescores every stored attempt that gave it (found by the jumbledAnswers
   * index). Idempotent: an attempt records the orders applied to it, and one applied already is
   * not applied again. Answers the learners whose score changed.
   */
  async applyAcceptedOrder(accepted: AcceptedOrder): Promise<string[]> {
    const answers = await this.jumbledAnswers.find({ itemId: accepted.itemId, order: accepted.order }, { _id: 0, attemptId: 1, uid: 1 }).lean<Pick<JumbledAnswer, 'attemptId' | 'uid'>[]>();
    const changed = new Set<string>();
    for (const { attemptId, uid } of answers) {
      if (await this.rescoreOne(attemptId, accepted)) changed.add(uid);
    }
    return [...changed];
  }

  /** One attempt: the detail first (conditional on the revision read), then the dashboard's figures. */
  private async rescoreOne(attemptId: string, accepted: AcceptedOrder): Promise<boolean> {
    const applied = `${accepted.itemId}:${accepted.order}`;
    for (let pass = 0; pass < RESCORE_PASSES; pass += 1) {
      const stored = await this.details.findById(attemptId).lean<StoredAttemptDetail>();
      if (!stored) return false;
      const record = readDetail(stored);
      if (!(stored.appliedOrders ?? []).includes(applied)) {
        const rescored = applyAcceptedOrder(record.score, accepted);
        const score = rescored?.score ?? record.score;
        const reviews = rescored ? [...(record.reviews ?? []), rescored.note] : (record.reviews ?? []);
        const revision = stored.revision ?? 0;
        const written = await this.details.updateOne(
          { _id: stored._id, ...(stored.revision === undefined ? { revision: { $exists: false } } : { revision }) },
          { $set: { scoreJson: JSON.stringify(score), reviews, appliedOrders: [...(stored.appliedOrders ?? []), applied], revision: revision + 1 } },
        );
        // Another rescoring of this attempt wrote first: read it again.
        if (written.modifiedCount === 0) continue;
        if (!rescored) return false;
        record.score = score;
        record.reviews = reviews;
      }
      // Also when applied before: a rescoring stopped between the two writes is completed here.
      const figures = await this.attempts.updateOne({ _id: stored._id }, { $set: { figures: attemptFigures(record.score), ...(record.reviews?.length ? { reviews: record.reviews } : {}) } });
      return figures.modifiedCount > 0;
    }
    throw new Error(`Attempt ${attemptId} kept changing while ${applied} was applied`);
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

  /** One read by key, whoever owns it (for other services; learners go through detailFor). */
  async detailById(attemptId: string): Promise<AttemptRecord | null> {
    const detail = await this.details.findById(attemptId).lean<StoredAttemptDetail>();
    return detail ? readDetail(detail) : null;
  }
}
