import { Injectable } from '@nestjs/common';
import {
  CatalogErrors,
  isValidTestId,
  type AssembledTest,
  type AttemptResult,
  type AttemptSubmission,
  type PublicTest,
  type TestCardsResponse,
} from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { AttemptEvents } from './attempts/attempt-events.publisher';
import { AttemptsService } from './attempts/attempts.service';
import { EntitlementsService } from './entitlements/entitlements.service';
import { cardsFor, TestLibrary } from './library/test-library';

/** The catalog's use cases: who may see which test, and the attempts that follow. */
@Injectable()
export class CatalogService {
  constructor(
    private readonly library: TestLibrary,
    private readonly entitlements: EntitlementsService,
    private readonly attempts: AttemptsService,
    private readonly events: AttemptEvents,
  ) {}

  async cards(uid: string): Promise<TestCardsResponse> {
    const [paid, attempts] = await Promise.all([this.entitlements.hasPaid(uid), this.attempts.countsByTest(uid)]);
    return { paid, cards: cardsFor(this.library.cardTemplates, { paid, attempts }, this.attempts.attemptsPerTest) };
  }

  /** The test without its answers, for a learner who may take it now. */
  async test(uid: string, testId: number): Promise<PublicTest> {
    const test = await this.takeable(uid, testId);
    if (!(await this.attempts.hasAttemptsLeft(uid, testId))) throw rpcError(409, CatalogErrors.alreadyAttempted);
    return this.library.publicTest(test.testId)!;
  }

  /**
   * Stores the attempt, then announces it (writing feedback is prepared from the event). A retried
   * submission announces it again: the attempt id is the message id, so JetStream keeps one.
   */
  async submit(uid: string, testId: number, submission: AttemptSubmission): Promise<AttemptResult> {
    const result = await this.attempts.submit(uid, await this.takeable(uid, testId), submission);
    this.events.submitted({ attemptId: result.attemptId, uid, testId: result.testId, at: result.submittedAt });
    return result;
  }

  /** 404 outside 1..20, 403 for a premium test without payment; otherwise the test with answers. */
  private async takeable(uid: string, testId: number): Promise<AssembledTest> {
    const test = isValidTestId(testId) ? this.library.test(testId) : undefined;
    if (!test) throw rpcError(404, CatalogErrors.testNotFound);
    if (this.library.isPremium(testId) && !(await this.entitlements.hasPaid(uid))) throw rpcError(403, CatalogErrors.premiumLocked);
    return test;
  }
}
