import {
  TEST_COUNT,
  testLevel,
  toPublicTest,
  type AssembledTest,
  type PublicTest,
  type TestCard,
} from '@fluent/contracts';
import { assembleTest, type AssemblyLogger, type QuestionBank } from '@fluent/question-bank';

/** What a card says for everyone; the learner's access and attempts are added per request. */
export type CardTemplate = Omit<TestCard, 'access' | 'attempted'>;

/**
 * The 20 tests, assembled once at start from the bank: with answers (for scoring and results),
 * without (for the runner), and the dashboard's card templates. Nothing here changes per request.
 */
export class TestLibrary {
  private readonly tests: AssembledTest[];
  private readonly publicTests: PublicTest[];
  readonly cardTemplates: readonly CardTemplate[];

  constructor(
    bank: QuestionBank,
    readonly freeTestCount: number,
    logger?: AssemblyLogger,
  ) {
    this.tests = Array.from({ length: TEST_COUNT }, (_, i) => {
      const test = assembleTest(bank, i + 1, logger);
      // A broken bank is a build defect: refuse to start rather than serve a test with holes.
      if (!test) throw new Error(`The question bank cannot assemble test ${i + 1}`);
      return test;
    });
    this.publicTests = this.tests.map(toPublicTest);
    this.cardTemplates = this.tests.map((test, i) => ({
      id: test.testId,
      name: `Test ${test.testId}`,
      description: bank.descriptions[i] ?? '',
      level: testLevel(test.testId),
      premium: this.isPremium(test.testId),
    }));
  }

  isPremium(testId: number): boolean {
    return testId > this.freeTestCount;
  }

  /** The assembled test with its answers, or undefined for an id outside 1..20. */
  test(testId: number): AssembledTest | undefined {
    return this.tests[testId - 1];
  }

  /** The test as the runner gets it: no answers. */
  publicTest(testId: number): PublicTest | undefined {
    return this.publicTests[testId - 1];
  }
}

/** One learner's cards: access when the test is free or they have paid; attempted from their attempts. */
export function cardsFor(templates: readonly CardTemplate[], learner: { paid: boolean; attemptedTestIds: ReadonlySet<number> }): TestCard[] {
  return templates.map((card) => ({
    ...card,
    access: !card.premium || learner.paid,
    attempted: learner.attemptedTestIds.has(card.id),
  }));
}
