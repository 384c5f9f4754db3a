import {
  TEST_COUNT,
  isPremiumTest,
  testLevel,
  toPublicTest,
  type AssembledTest,
  type JumbledItem,
  type PublicTest,
  type MockTestCard,
} from '@fluent/contracts';
import { assembleTest, type AssemblyLogger, type QuestionBank } from '@fluent/question-bank';

/** What a card says for everyone; the learner's access and attempts are added per request. */
export type CardTemplate = Omit<MockTestCard, 'access' | 'attempted' | 'attemptsLeft'>;

/**
 * The 20 tests, assembled once at start from the bank: with answers (for scoring and results),
 * without (for the runner), and the dashboard's card templates. Nothing here changes per request.
 */
export class TestLibrary {
  private readonly tests: AssembledTest[];
  private readonly publicTests: PublicTest[];
  private readonly jumbledItems = new Map<number, { item: JumbledItem; testId: number }>();
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
    for (const test of this.tests) for (const item of test.jumbled) this.jumbledItems.set(item.id, { item, testId: test.testId });
    this.cardTemplates = this.tests.map((test, i) => ({
      id: test.testId,
      name: `Test ${test.testId}`,
      description: bank.descriptions[i] ?? '',
      level: testLevel(test.testId),
      premium: this.isPremium(test.testId),
    }));
  }

  isPremium(testId: number): boolean {
    return isPremiumTest(testId, this.freeTestCount);
  }

  /** The assembled test with its answers, or undefined for an id outside 1..20. */
  test(testId: number): AssembledTest | undefined {
    return this.tests[testId - 1];
  }

  /** A jumbled item of the bank as the tests ask it (ids are unique within the section), with its test. */
  jumbledItem(itemId: number): { item: JumbledItem; testId: number } | undefined {
    return this.jumbledItems.get(itemId);
  }

  /** The test as the runner gets it: no answers. */
  publicTest(testId: number): PublicTest | undefined {
    return this.publicTests[testId - 1];
  }
}

export interface Learner {
  paid: boolean;
  /** Stored attempts per test id. */
  attempts: ReadonlyMap<number, number>;
}

/** One learner's cards: access when the test is free or they have paid; attempts from their history. */
export function cardsFor(templates: readonly CardTemplate[], learner: Learner, attemptsPerTest: number): MockTestCard[] {
  return templates.map((card) => {
    const used = learner.attempts.get(card.id) ?? 0;
    return {
      ...card,
      access: !card.premium || learner.paid,
      attempted: used > 0,
      attemptsLeft: Math.max(0, attemptsPerTest - used),
    };
  });
}
