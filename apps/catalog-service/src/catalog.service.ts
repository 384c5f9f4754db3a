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

  async submit(uid: string, testId: number, submission: AttemptSubmission): Promise<AttemptResult> {
    return this.attempts.submit(uid, await this.takeable(uid, testId), submission);
  }

  /** 404 outside 1..20, 403 for a premium test without payment; otherwise the test with answers. */
  private async takeable(uid: string, testId: number): Promise<AssembledTest> {
    const test = isValidTestId(testId) ? this.library.test(testId) : undefined;
    if (!test) throw rpcError(404, CatalogErrors.testNotFound);
    if (this.library.isPremium(testId) && !(await this.entitlements.hasPaid(uid))) throw rpcError(403, CatalogErrors.premiumLocked);
    return test;
  }
}
