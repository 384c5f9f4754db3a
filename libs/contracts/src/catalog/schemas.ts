import { z } from 'zod';
import { correctOfTotal, count, isoTime, percent } from '../common/wire';
import { MAX_TEST_ID, MIN_TEST_ID, TEST_LEVELS } from './mock-tests';
import { SECTION_SIZES, SECTION_TIMINGS_MS } from './sections';

// ---- the items of a test, as the bank holds them ----

const testLevelSchema = z.enum(TEST_LEVELS);
const testIdSchema = z.number().int().min(MIN_TEST_ID).max(MAX_TEST_ID);
const itemId = z.number().int().min(0);
/** A fill item's FILL_OPTION_COUNT options. */
const threeOptions = z.tuple([z.string(), z.string(), z.string()]);

export const typingItemSchema = z.object({ id: itemId, paragraph: z.string() });
export type TypingItem = z.infer<typeof typingItemSchema>;

export const sentenceItemSchema = z.object({
  id: itemId,
  /** The sentence with one blank written as ___. */
  question: z.string(),
  acceptableAnswers: z.array(z.string()),
});
export type SentenceItem = z.infer<typeof sentenceItemSchema>;

export const fillItemSchema = z.object({ id: itemId, question: z.string(), options: threeOptions, answer: z.string() });
export type FillItem = z.infer<typeof fillItemSchema>;

export const jumbledItemSchema = z.object({
  id: itemId,
  /** The answer's words in a scrambled order, separated by "/". */
  jumbled: z.string(),
  answer: z.string(),
  /** Other complete sentences made of the same words that are equally correct. */
  alternatives: z.array(z.string()).optional(),
});
export type JumbledItem = z.infer<typeof jumbledItemSchema>;

export const passageItemSchema = z.object({ id: itemId, sentences: z.string() });
export type PassageItem = z.infer<typeof passageItemSchema>;

/** One point an email prompt asks for, with the words that show a learner addressed it. */
export const emailPointSchema = z.object({
  /** Short, as the prompt asks it: "say when it started". */
  point: z.string(),
  /** Lower-case words or short phrases (matched by lemma/stem, so "leaked" finds "leak"). */
  signals: z.array(z.string()),
});
export type EmailPoint = z.infer<typeof emailPointSchema>;

export const emailPromptSchema = z.object({
  id: itemId,
  prompt: z.string(),
  /** The points the prompt asks for, with their signal words (writing feedback; never sent to the runner). */
  points: z.array(emailPointSchema).optional(),
});
export type EmailPrompt = z.infer<typeof emailPromptSchema>;

/** One test, assembled from the bank: 1 typing, 10 sentence, 10 fill, 15 jumbled, 3 passages, 1 email. */
export const assembledTestSchema = z.object({
  testId: testIdSchema,
  level: testLevelSchema,
  typing: typingItemSchema,
  sentences: z.array(sentenceItemSchema),
  fills: z.array(fillItemSchema),
  jumbled: z.array(jumbledItemSchema),
  passages: z.array(passageItemSchema),
  email: emailPromptSchema,
});
export type AssembledTest = z.infer<typeof assembledTestSchema>;

// ---- the dashboard's cards ----

/** One dashboard card, for one learner. */
export const mockTestCardSchema = z.object({
  id: testIdSchema,
  /** 'Test N'. */
  name: z.string(),
  description: z.string(),
  level: testLevelSchema,
  /** Premium tests need the one-off payment. */
  premium: z.boolean(),
  /** The learner may take it: free, or they have paid. */
  access: z.boolean(),
  /** The learner has a stored attempt of it. */
  attempted: z.boolean(),
  /** Attempts the learner may still store (ATTEMPTS_PER_TEST minus those stored; 0 once used). */
  attemptsLeft: count,
});
export type MockTestCard = z.infer<typeof mockTestCardSchema>;

/** GET /api/tests. */
export const testCardsResponseSchema = z.object({
  cards: z.array(mockTestCardSchema),
  /** The learner's entitlement to every premium test, as the catalog knows it. */
  paid: z.boolean(),
});
export type MockTestCardsResponse = z.infer<typeof testCardsResponseSchema>;

// ---- the test as the runner takes it ----

/** GET /api/tests/:id: the assembled test without answers: no answer, no acceptable answers, no alternatives, no email points. */
export const publicTestSchema = z.object({
  testId: testIdSchema,
  level: testLevelSchema,
  typing: typingItemSchema,
  sentences: z.array(z.object({ id: itemId, question: z.string() })),
  fills: z.array(z.object({ id: itemId, question: z.string(), options: threeOptions })),
  /** The words in a scrambled order, separated by "/". */
  jumbled: z.array(z.object({ id: itemId, jumbled: z.string() })),
  passages: z.array(passageItemSchema),
  email: z.object({ id: itemId, prompt: z.string() }),
});
export type PublicTest = z.infer<typeof publicTestSchema>;
export type PublicSentenceItem = PublicTest['sentences'][number];
export type PublicFillItem = PublicTest['fills'][number];
export type PublicJumbledItem = PublicTest['jumbled'][number];

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

// ---- what the learner submits ----

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

/**
 * One entry of the typing section's keystroke timeline: [milliseconds since the section's timer
 * started, length of the text after that change], in time order.
 */
export const typingTimelineEntrySchema = z.tuple([
  z.number().int().min(0).max(ANSWER_LIMITS.typingElapsedMs),
  z.number().int().min(0).max(ANSWER_LIMITS.typingText),
]);
export type TypingTimelineEntry = z.infer<typeof typingTimelineEntrySchema>;

/** What the learner gave, in the order of the assembled test. */
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
  .strict();
export type TestAnswers = z.output<typeof testAnswersSchema>;

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

// ---- scores and results ----

export const itemResultSchema = z.object({
  id: itemId,
  answer: z.string(),
  correct: z.boolean(),
  /**
   * Jumbled words only: the answer uses exactly the item's words but is neither the key nor an
   * accepted order (libs/scoring usesSameWords), so the learner may ask for it to be reviewed.
   */
  unlistedOrder: z.literal(true).optional(),
  /** Jumbled words only: marked right after an operator accepted this order (see reviewNoteSchema). */
  acceptedAfterReview: z.literal(true).optional(),
});
export type ItemResult = z.infer<typeof itemResultSchema>;

export const sectionScoreSchema = z.object({ correct: count, total: count, items: z.array(itemResultSchema) });
export type SectionScore = z.infer<typeof sectionScoreSchema>;

export const writingGuideSchema = z.object({ wordCount: count });
export type WritingGuide = z.infer<typeof writingGuideSchema>;

export const passageGuideSchema = z.object({
  id: itemId,
  wordCount: count,
  /** Share (0-100) of the original's content words found in the reconstruction: a guide, not a grade. */
  contentOverlap: percent,
});
export type PassageGuide = z.infer<typeof passageGuideSchema>;

/**
 * The typing section beyond the WPM and accuracy of docs/product.md#typing, from the keystroke timeline: what
 * typing-test sites show. Words are 5 characters (the usual convention); elapsed time as in §9.
 */
export const typingDetailSchema = z.object({
  /** Every character entered, including ones deleted later, ÷ 5 per minute. */
  rawWpm: z.number().min(0),
  /** The characters that stand right in the final text ÷ 5 per minute. */
  netWpm: z.number().min(0),
  /** Speed in each second of the section (characters entered that second ÷ 5 × 60). */
  perSecond: z.array(z.number().min(0)),
  /** 0-100: 100 is an even speed in every second, lower the more it varies. */
  consistency: percent,
  /** Characters deleted while typing (corrections, right or wrong). */
  errorsCorrected: count,
  /** Characters left wrong in the final text, word by word against the paragraph. */
  errorsLeft: count,
});
export type TypingDetail = z.infer<typeof typingDetailSchema>;

export const testScoreSchema = z.object({
  typing: z.object({ wpm: count, accuracy: percent }),
  /** Present when the runner sent a keystroke timeline. */
  typingDetail: typingDetailSchema.optional(),
  sentences: sectionScoreSchema,
  fills: sectionScoreSchema,
  jumbled: sectionScoreSchema,
  passages: z.array(passageGuideSchema),
  email: writingGuideSchema,
  /** Sections 2-4 together (the automatically scored items). */
  total: correctOfTotal,
});
export type TestScore = z.infer<typeof testScoreSchema>;

/**
 * A change to a stored attempt's score after review: an operator accepted the learner's order of
 * a jumbled item (docs/development.md#learners-correct-the-bank). `itemNumber` is the item's
 * number on the results page (its place in the section, from 1).
 */
export const reviewNoteSchema = z.object({ section: z.literal('jumbled'), itemId, itemNumber: z.number().int().positive(), points: z.number().int().positive() });
export type ReviewNote = z.infer<typeof reviewNoteSchema>;

/**
 * A stored attempt as the results screen shows it: the results payload of docs/product.md#what-is-stored (testId,
 * typingResults, the answers of every section and the questions, now with their answers) plus our
 * section scores.
 */
export const attemptResultSchema = z.object({
  attemptId: z.string(),
  testId: testIdSchema,
  submittedAt: isoTime,
  typingResults: z.object({ wpm: count, accuracy: percent }),
  sentenceAnswers: z.array(z.string()),
  fillAnswers: z.array(z.string()),
  jumbledAnswers: z.array(z.string()),
  passageInputs: z.array(z.string()),
  emailInput: z.string(),
  /** The test as it was asked, now with its answers (the results show them). */
  questions: assembledTestSchema,
  score: testScoreSchema,
  /** Score changes after review, oldest first (absent when there were none). */
  reviews: z.array(reviewNoteSchema).optional(),
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;

/** The right answers of the automatically scored sections, each of its total. */
const sectionTallies = z.object({ sentences: correctOfTotal, fills: correctOfTotal, jumbled: correctOfTotal });

/** One line of GET /api/attempts: enough for the dashboard's progress strip. */
export const attemptSummarySchema = z.object({
  attemptId: z.string(),
  testId: testIdSchema,
  submittedAt: isoTime,
  wpm: count,
  accuracy: percent,
  sections: sectionTallies,
  total: correctOfTotal,
  /** Score changes after review (absent when there were none). */
  reviews: z.array(reviewNoteSchema).optional(),
});
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

export const attemptListResponseSchema = z.object({
  /** Newest first. */
  attempts: z.array(attemptSummarySchema),
});
export type AttemptListResponse = z.infer<typeof attemptListResponseSchema>;

// ---- what catalog-service is asked over NATS ----

const uid = z.string().min(1);
const attemptId = z.string().min(1).max(64);

/** The gateway passes the verified caller as `uid`; services trust only that. */
export const learnerRequestSchema = z.object({ uid });
// Any integer parses; one outside 1..20 is an unknown test (404), not a malformed request.
export const testRequestSchema = z.object({ uid, testId: z.number().int() });
export const submitAttemptRequestSchema = z.object({ uid, testId: z.number().int(), submission: attemptSubmissionSchema });
export const attemptRequestSchema = z.object({ uid, attemptId });

/** `uid`, when given, must own the attempt (feedback-service asks on a learner's behalf); 404 otherwise, as for an unknown id. */
export const attemptWritingRequestSchema = z.object({ attemptId, uid: uid.optional() });

/**
 * What feedback-service reads of an attempt from catalog-service (`catalog.internal.attemptWriting`):
 * the texts, their originals and prompt, and the section scores the skill profile combines.
 */
export const attemptWritingSchema = z.object({
  attemptId: z.string(),
  uid: z.string(),
  testId: z.number(),
  submittedAt: z.string(),
  passages: z.array(z.object({ original: z.string(), text: z.string() })),
  email: z.object({ prompt: z.string(), points: z.array(emailPointSchema), text: z.string() }),
  sections: sectionTallies,
});
export type AttemptWriting = z.infer<typeof attemptWritingSchema>;
