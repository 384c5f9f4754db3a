import { z } from 'zod';
import type {
  AssembledTest,
  EmailPrompt,
  PassageItem,
  TestAnswers,
  TestLevel,
  TestScore,
  TypingItem,
  TypingTimelineEntry,
} from './mock-tests';
import { SECTION_SIZES, SECTION_TIMINGS_MS } from './sections';

/** One dashboard card, for one learner. */
export interface MockTestCard {
  id: number;
  /** 'Test N'. */
  name: string;
  description: string;
  level: TestLevel;
  /** Premium tests need the one-off payment. */
  premium: boolean;
  /** The learner may take it: free, or they have paid. */
  access: boolean;
  /** The learner has a stored attempt of it. */
  attempted: boolean;
  /** Attempts the learner may still store (ATTEMPTS_PER_TEST minus those stored; 0 once used). */
  attemptsLeft: number;
}

export interface MockTestCardsResponse {
  cards: MockTestCard[];
  /** The learner's entitlement to every premium test, as the catalog knows it. */
  paid: boolean;
}

/** Items as the runner receives them: nothing that gives the answer away. */
export interface PublicSentenceItem {
  id: number;
  question: string;
}

export interface PublicFillItem {
  id: number;
  question: string;
  options: [string, string, string];
}

export interface PublicJumbledItem {
  id: number;
  /** The words in a scrambled order, separated by "/". */
  jumbled: string;
}

/** GET /api/tests/:id: the assembled test without answers. */
export interface PublicTest {
  testId: number;
  level: TestLevel;
  typing: TypingItem;
  sentences: PublicSentenceItem[];
  fills: PublicFillItem[];
  jumbled: PublicJumbledItem[];
  passages: PassageItem[];
  email: EmailPrompt;
}

/** Strips every answer from an assembled test. */
export function toPublicTest(test: AssembledTest): PublicTest {
  return {
    testId: test.testId,
    level: test.level,
    typing: { id: test.typing.id, paragraph: test.typing.paragraph },
    sentences: test.sentences.map(({ id, question }) => ({ id, question })),
    fills: test.fills.map(({ id, question, options }) => ({ id, question, options })),
    jumbled: test.jumbled.map(({ id, jumbled }) => ({ id, jumbled })),
    passages: test.passages.map(({ id, sentences }) => ({ id, sentences })),
    email: { id: test.email.id, prompt: test.email.prompt },
  };
}

/**
 * Size caps of a submission. Generous for a person typing under the section's timer
 * (SECTION_TIMINGS_MS), and small enough that the whole body stays far under the gateway's 100 kB
 * JSON limit.
 */
export const ANSWER_LIMITS = {
  typingText: 3000,
  /** The typing section's length: the runner reports at most that. */
  typingElapsedMs: SECTION_TIMINGS_MS.typing,
  /** Entries of the keystroke timeline: about 40 changes a second for the whole minute. */
  typingTimeline: 2400,
  shortAnswer: 200,
  jumbledAnswer: 400,
  passageInput: 3000,
  emailInput: 8000,
} as const;

const capped = (max: number, what: string) => z.string().max(max, `${what} must be at most ${max} characters`);
const exactly = <T extends z.ZodType>(item: T, count: number, what: string) =>
  z.array(item).length(count, `${what}: exactly ${count} answers are expected`);

export const typingTimelineEntrySchema = z.tuple([
  z.number().int().min(0).max(ANSWER_LIMITS.typingElapsedMs),
  z.number().int().min(0).max(ANSWER_LIMITS.typingText),
]) satisfies z.ZodType<TypingTimelineEntry>;

export const testAnswersSchema = z
  .object({
    typing: z
      .object({
        text: capped(ANSWER_LIMITS.typingText, 'The typing text'),
        elapsedMs: z.number().int().min(0).max(ANSWER_LIMITS.typingElapsedMs),
        timeline: z
          .array(typingTimelineEntrySchema)
          .max(ANSWER_LIMITS.typingTimeline, `The typing timeline must have at most ${ANSWER_LIMITS.typingTimeline} entries`)
          .refine((entries) => entries.every((entry, i) => i === 0 || entry[0] >= entries[i - 1]![0]), 'The typing timeline must be in time order')
          .optional(),
      })
      .strict()
      // The typing time is what WPM divides by: it cannot be shorter than the typing it reports.
      .refine((typing) => !typing.timeline?.length || typing.elapsedMs >= typing.timeline.at(-1)![0], {
        message: 'elapsedMs cannot be shorter than the typing timeline',
        path: ['elapsedMs'],
      }),
    sentenceAnswers: exactly(capped(ANSWER_LIMITS.shortAnswer, 'A sentence answer'), SECTION_SIZES.sentences, 'sentenceAnswers'),
    fillAnswers: exactly(capped(ANSWER_LIMITS.shortAnswer, 'A fill answer'), SECTION_SIZES.fills, 'fillAnswers'),
    jumbledAnswers: exactly(capped(ANSWER_LIMITS.jumbledAnswer, 'A jumbled answer'), SECTION_SIZES.jumbled, 'jumbledAnswers'),
    passageInputs: exactly(capped(ANSWER_LIMITS.passageInput, 'A passage reconstruction'), SECTION_SIZES.passages, 'passageInputs'),
    emailInput: capped(ANSWER_LIMITS.emailInput, 'The email'),
  })
  .strict() satisfies z.ZodType<TestAnswers>;

/** What a learner who answers nothing submits: every section at its size, blank, the typing time used up. */
export function blankTestAnswers(overrides: Partial<TestAnswers> = {}): TestAnswers {
  return {
    typing: { text: '', elapsedMs: ANSWER_LIMITS.typingElapsedMs },
    sentenceAnswers: Array<string>(SECTION_SIZES.sentences).fill(''),
    fillAnswers: Array<string>(SECTION_SIZES.fills).fill(''),
    jumbledAnswers: Array<string>(SECTION_SIZES.jumbled).fill(''),
    passageInputs: Array<string>(SECTION_SIZES.passages).fill(''),
    emailInput: '',
    ...overrides,
  };
}

/** POST /api/tests/:id/attempts. */
export const attemptSubmissionSchema = z
  .object({
    /**
     * Generated by the runner once per finished test and sent again on every retry: the same id
     * answers with the same attempt instead of storing a second one.
     */
    submissionId: z.uuid('submissionId must be a UUID'),
    answers: testAnswersSchema,
  })
  .strict();
export type AttemptSubmission = z.infer<typeof attemptSubmissionSchema>;

/**
 * A stored attempt as the results screen shows it: the results payload of docs/product.md#what-is-stored (testId,
 * typingResults, the answers of every section and the questions, now with their answers) plus our
 * section scores.
 */
export interface AttemptResult {
  attemptId: string;
  testId: number;
  submittedAt: string;
  typingResults: { wpm: number; accuracy: number };
  sentenceAnswers: string[];
  fillAnswers: string[];
  jumbledAnswers: string[];
  passageInputs: string[];
  emailInput: string;
  questions: AssembledTest;
  score: TestScore;
}

/** One line of GET /api/attempts: enough for the dashboard's progress strip. */
export interface AttemptSummary {
  attemptId: string;
  testId: number;
  submittedAt: string;
  wpm: number;
  accuracy: number;
  sections: {
    sentences: { correct: number; total: number };
    fills: { correct: number; total: number };
    jumbled: { correct: number; total: number };
  };
  total: { correct: number; total: number };
}

export interface AttemptListResponse {
  /** Newest first. */
  attempts: AttemptSummary[];
}

/** docs/product.md#test-cards: the alert on an attempted card, and the 409 of a submission beyond the allowance. */
export const ALREADY_ATTEMPTED_MESSAGE = 'You have already attempted this test.';

export const CatalogErrors = {
  testNotFound: 'Test not found. Choose a test from Test 1 to Test 20.',
  premiumLocked: 'This is a premium test. Unlock the premium tests to take it.',
  alreadyAttempted: ALREADY_ATTEMPTED_MESSAGE,
  submissionForOtherTest: 'This submission id was already used for another test.',
  attemptNotFound: 'Attempt not found.',
} as const;
