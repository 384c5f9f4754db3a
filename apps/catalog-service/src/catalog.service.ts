import { Injectable } from '@nestjs/common';
import {
  CatalogErrors,
  isValidTestId,
  type AssembledTest,
  type AttemptResult,
  type AttemptSubmission,
  type AttemptSummary,
  type PublicTest,
  type MockTestCardsResponse,
} from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { AttemptEvents } from './attempts/attempt-events.publisher';
import { AttemptsService } from './attempts/attempts.service';
import { countsByTest, LearnerProgress, type Progress } from './learners/learner-progress';
import { cardsFor, TestLibrary } from './library/test-library';

/** The catalog's use cases: who may see which test, and the attempts that follow. */
@Injectable()
export class CatalogService {
  /** The cards of a learner's progress, built once per progress read (it is replaced on every change). */
  private readonly cardsOf = new WeakMap<Progress, MockTestCardsResponse>();

  constructor(
    private readonly library: TestLibrary,
    private readonly attempts: AttemptsService,
    private readonly progress: LearnerProgress,
    private readonly events: AttemptEvents,
  ) {}

  async cards(uid: string): Promise<MockTestCardsResponse> {
    const progress = await this.progress.of(uid);
    let cards = this.cardsOf.get(progress);
    if (!cards) {
      const { paid, attempts } = progress;
      cards = { paid, cards: cardsFor(this.library.cardTemplates, { paid, attempts: countsByTest(attempts) }, this.attempts.attemptsPerTest) };
      this.cardsOf.set(progress, cards);
    }
    return cards;
  }

  /** The learner's history, newest first. */
  async history(uid: string): Promise<AttemptSummary[]> {
    return (await this.progress.of(uid)).attempts.slice(0, this.attempts.historyLimit);
  }

  /** The test without its answers, for a learner who may take it now. */
  async test(uid: string, testId: number): Promise<PublicTest> {
    const { test, progress } = await this.takeable(uid, testId);
    if ((countsByTest(progress.attempts).get(testId) ?? 0) >= this.attempts.attemptsPerTest) throw rpcError(409, CatalogErrors.alreadyAttempted);
    return this.library.publicTest(test.testId)!;
  }

  /**
   * Stores the attempt, then announces it (writing feedback is prepared from the event). A retried
   * submission announces it again: the attempt id is the message id, so JetStream keeps one.
   */
  async submit(uid: string, testId: number, submission: AttemptSubmission): Promise<AttemptResult> {
    const { test } = await this.takeable(uid, testId);
    let result: AttemptResult;
    try {
      result = await this.attempts.submit(uid, test, submission);
    } finally {
      // Stored, or perhaps stored before an error: either way the cached progress may be old now.
      this.progress.changed(uid);
    }
    this.events.submitted({ attemptId: result.attemptId, uid, testId: result.testId, at: result.submittedAt });
    return result;
  }

  /** 404 outside 1..20, 403 for a premium test without payment; otherwise the test with answers. */
  private async takeable(uid: string, testId: number): Promise<{ test: AssembledTest; progress: Progress }> {
    const test = isValidTestId(testId) ? this.library.test(testId) : undefined;
    if (!test) throw rpcError(404, CatalogErrors.testNotFound);
    const progress = await this.progress.of(uid);
    if (this.library.isPremium(testId) && !progress.paid) throw rpcError(403, CatalogErrors.premiumLocked);
    return { test, progress };
  }
}
